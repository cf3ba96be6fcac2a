"""The frozen program's entry point: the same start as `runetable` from a checkout.

PyInstaller needs a script, not a `package:function` entry point; keeping it in
packaging/ (not app/__main__.py) stops app/'s modules from also being found as
top-level modules by the bundler's import scan.
"""

import sys

from app.main import main

sys.exit(main())
