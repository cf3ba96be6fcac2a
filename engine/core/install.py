"""Where this installation keeps its content (assets/) and window forms (ui_forms/).

Three ways to run Runetable put them in three places: a source checkout has
them beside the packages; the frozen bundle has them in its own folder; a
wheel (`pip install .`) carries them as the packages `runetable_assets` and
`runetable_forms`. A checkout wins over an installed copy, so a developer's
edits are what runs.
"""

from __future__ import annotations

import sys
from importlib.util import find_spec
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[2]


def _data_folder(name: str, package: str) -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / name
    if (CHECKOUT / "pyproject.toml").is_file() and (CHECKOUT / name).is_dir():
        return CHECKOUT / name
    spec = find_spec(package)
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return CHECKOUT / name  # missing: the content loaders name the file that is not there


def asset_dir() -> Path:
    return _data_folder("assets", "runetable_assets")


def forms_dir() -> Path:
    return _data_folder("ui_forms", "runetable_forms")
