"""Which files the wheel carries; everything else about the project is in pyproject.toml.

A plain `pip install .` must give a working program, so the wheel carries the
content and forms too: `assets/` and `ui_forms/` go in as the packages
`runetable_assets` and `runetable_forms` (read through importlib.resources,
see engine/core/install.py). pyproject.toml alone cannot map a folder to a
package name while still finding the code packages by pattern.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["engine", "engine.*", "app", "app.*"]),
              "runetable_assets", "runetable_forms"],
    package_dir={"runetable_assets": "assets", "runetable_forms": "ui_forms"},
    package_data={"runetable_assets": ["**/*"], "runetable_forms": ["*.ui"]},
)
