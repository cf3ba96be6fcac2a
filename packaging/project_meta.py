"""What the installers say about Runetable, in one place.

Every recipe (the PyInstaller spec, the .deb, the Inno Setup script's command line,
the macOS bundle) reads its names from here, so a file association, an icon name
and a package name can never disagree between systems.
"""

from __future__ import annotations

import platform
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"

NAME = "runetable"  # the command, the package and the bundle folder
TITLE = "Runetable"
# Reverse-DNS id for the desktop entry, AppStream and macOS; the project owns no domain,
# so this is a designed name. Changing it orphans players' file associations.
APP_ID = "org.runetable.Runetable"
SUMMARY = "Play tabletop games at one computer, with the rules enforced"
DESCRIPTION = (
    "Runetable puts cards, dice and pieces on a real table you can drag things around "
    "on, for hot-seat games with friends or against the computer. An engine enforces "
    "the rules, the exact odds of every roll are shown before you roll, and every "
    "action is saved as you play, so nothing is lost if the program is closed."
)
MAINTAINER = "Runetable <packaging@runetable.invalid>"  # .invalid: no address exists yet
SAVE_EXTENSION = ".runetable"
SAVE_MIME_TYPE = "application/x-runetable"
SAVE_DESCRIPTION = "Runetable saved match"


def version() -> str:
    """The version in pyproject.toml: the one `runetable --version` also prints."""
    with PYPROJECT.open("rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


def machine() -> str:
    """This computer's architecture as release file names spell it (x86_64, arm64)."""
    name = platform.machine().lower()
    return {"amd64": "x86_64", "aarch64": "arm64"}.get(name, name)
