"""What goes into the frozen bundle and what is left out: the lists runetable.spec uses.

They live outside the spec so that tests can check them without running PyInstaller.
"""

from __future__ import annotations

import re
from pathlib import Path

from project_meta import NAME, ROOT

# Folders the program reads at run time through app.paths (and the games' content
# loaders), copied to the bundle's top so the checkout's layout is kept.
DATA_DIRS = ("assets", "ui_forms")
# Packages whose submodules are imported by name (registry entries hold
# "module:Class" strings), which PyInstaller's import scan cannot see.
BY_NAME_PACKAGES = ("engine.games", "app.games")
# Never imported by the program: Qt's QML stack (pulled in by PySide6's hooks), the
# other Qt bindings pyqtgraph would try, pyqtgraph parts we do not show, test tools.
EXCLUDED_MODULES = (
    "PySide6.QtQml",
    "PySide6.QtQuick",
    "PySide6.QtQuickWidgets",
    "PySide6.QtQuickControls2",
    "PySide6.QtQuickTest",
    "PySide6.QtNetwork",
    "PySide6.QtConcurrent",
    "PySide6.QtDBus",
    "PySide6.QtDesigner",
    "PySide6.QtHelp",
    "PySide6.QtSql",
    "PySide6.QtXml",
    "PyQt5",
    "PyQt6",
    "PySide2",
    "pyqtgraph.opengl",
    "pyqtgraph.jupyter",
    "pyqtgraph.examples",
    "pyqtgraph.canvas",
    "pyqtgraph.flowchart",
    "tkinter",
    "readline",
    "pytest",
    "pytestqt",
    "hypothesis",
    "_pytest",
    "tests",
)
# Bundled files (destination paths) we do not ship: Qt's translations (the program is
# English only) and the QML runtime that PySide6's hooks add on their own.
_UNSHIPPED_DATA = re.compile(r"(^|/)(translations|qml)/")
# Qt plugins for embedded devices and remote displays (framebuffer, EGLFS, VNC, evdev,
# TUIO) and the GTK3 theme, which needs the whole GTK stack to load; then the libraries
# only those needed: Qt's network library with Kerberos, and GTK's drawing libraries.
_UNSHIPPED_BINARY = re.compile(
    r"(^|/)("
    r"qml/|plugins/(generic|egldeviceintegrations)/|"
    r"plugins/platforms/libq(eglfs|linuxfb|vnc|vkkhrdisplay|minimalegl)\.so|"
    r"plugins/platformthemes/libqgtk3\.so|"
    r"libQt6(EglFSDeviceIntegration|EglFsKmsSupport|Network)\.so|"
    r"lib(atk-1\.0|cairo|cairo-gobject|gdk_pixbuf-2\.0|pango(cairo|ft2)?-1\.0|pixman-1|"
    r"fribidi|thai|datrie|jpeg|gssapi_krb5|krb5|krb5support|k5crypto|com_err|keyutils)\.so"
    r")"
)
# Linux only: libraries every Debian desktop has and the .deb names in Depends
# instead of bundling, so that fontconfig, X11 and OpenGL match the player's system
# (a bundled fontconfig older than the system's configuration cannot read it).
SYSTEM_LIBRARIES = re.compile(
    r"^lib("
    r"X\w*|xcb[\w-]*|xkbcommon[\w-]*|X11-xcb|"
    r"GL\w*|EGL|OpenGL|gbm|drm|wayland[\w-]*|"
    r"fontconfig|freetype|png16|harfbuzz|brotli\w*|graphite2|expat|uuid|"
    r"glib-2\.0|gobject-2\.0|gio-2\.0|gmodule-2\.0|gthread-2\.0|pcre2?[\w-]*|"
    r"dbus-1|systemd|cap|gcrypt|gpg-error|lz4|zstd|lzma|bsd|md|mount|blkid|selinux"
    r")\.so(\.\d+)*$"
)


def registered_game_packages() -> list[str]:
    """The packages of every game in the registry: "engine.games.<game>" and its table's.

    Listed from the registry itself, not by walking engine/games, so that a game
    folder without __init__.py (a namespace package, which a walk skips) is still
    bundled as long as it is registered.
    """
    from engine.core.registry import entries

    return sorted({target.partition(":")[0].rpartition(".")[0]
                   for entry in entries() for target in (entry.rules, entry.table)})


def datas(root: Path = ROOT) -> list[tuple[str, str]]:
    """(source, destination) pairs in the form PyInstaller's Analysis(datas=...) takes."""
    return [(str(root / folder), folder) for folder in DATA_DIRS]


def keep_data(destination: str) -> bool:
    return not _UNSHIPPED_DATA.search(destination.replace("\\", "/"))


def keep_binary(destination: str, system: str) -> bool:
    """Whether a bundled library stays: not QML/unused Qt, and not a Linux system one."""
    path = destination.replace("\\", "/")
    if _UNSHIPPED_BINARY.search(path):
        return False
    return not (system == "linux" and SYSTEM_LIBRARIES.match(path.rsplit("/", 1)[-1]))


def icon_file(icons: Path, system: str) -> Path | None:
    """The icon the executable carries: .ico on Windows, .icns on macOS, none on Linux
    (Linux desktops take it from the hicolor theme the .deb installs)."""
    return {"windows": icons / f"{NAME}.ico", "darwin": icons / f"{NAME}.icns"}.get(system)
