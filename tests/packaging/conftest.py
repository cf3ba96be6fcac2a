"""The packaging scripts are standalone files in packaging/, not a package (a package
named `packaging` would hide the PyPI one that pip and pytest import), so the tests
import them the way the scripts import each other: with packaging/ on sys.path."""

from __future__ import annotations

import sys
from pathlib import Path

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"
if str(PACKAGING) not in sys.path:
    sys.path.insert(0, str(PACKAGING))
