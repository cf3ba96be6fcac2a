"""What the spec bundles and leaves out (bundle_layout), checked without PyInstaller."""

from __future__ import annotations

import re
from pathlib import Path

import bundle_layout as layout
import pytest
from project_meta import NAME, ROOT

from engine.games import game_names

SPEC = ROOT / "packaging" / "runetable.spec"


def test_assets_and_forms_are_copied_to_the_bundle_top():
    pairs = layout.datas()
    assert [destination for _, destination in pairs] == ["assets", "ui_forms"]
    for source, destination in pairs:
        assert Path(source) == ROOT / destination
        assert any(Path(source).rglob("*.*")), f"{source} holds no files"


def test_every_registered_game_package_is_bundled():
    packages = layout.registered_game_packages()
    for game in game_names():
        assert f"engine.games.{game}" in packages


@pytest.mark.parametrize("destination", [
    "PySide6/Qt/translations/qtbase_de.qm", "PySide6/Qt/qml/QtQuick/qmldir"])
def test_translations_and_qml_are_not_shipped(destination):
    assert not layout.keep_data(destination)


def test_the_programs_own_data_is_shipped():
    assert layout.keep_data("assets/sandbox/table.json")
    assert layout.keep_data("ui_forms/new_game.ui")


@pytest.mark.parametrize("destination", [
    "PySide6/Qt/plugins/platforms/libqxcb.so",
    "PySide6/Qt/plugins/platforms/libqwayland.so",
    "PySide6/Qt/plugins/platforms/libqoffscreen.so",
    "PySide6/Qt/plugins/imageformats/libqsvg.so",
    "PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so",
    "PySide6/Qt/lib/libQt6Core.so.6",
    "PySide6/Qt/lib/libQt6XcbQpa.so.6",
    "PySide6/Qt/lib/libicudata.so.73",
    "libpython3.11.so.1.0",
    "libffi.so.8",
    "libstdc++.so.6",
])
def test_what_the_program_needs_stays_on_linux(destination):
    assert layout.keep_binary(destination, "linux")


@pytest.mark.parametrize("destination", [
    "PySide6/Qt/plugins/platforms/libqeglfs.so",
    "PySide6/Qt/plugins/platforms/libqvnc.so",
    "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
    "PySide6/Qt/plugins/generic/libqevdevmouseplugin.so",
    "PySide6/Qt/lib/libQt6Network.so.6",
    "libcairo.so.2",
    "libgssapi_krb5.so.2",
])
def test_embedded_remote_and_gtk_parts_are_left_out(destination):
    assert not layout.keep_binary(destination, "linux")


@pytest.mark.parametrize("library", [
    "libxcb.so.1", "libxcb-cursor.so.0", "libX11.so.6", "libxkbcommon-x11.so.0",
    "libGL.so.1", "libEGL.so.1", "libfontconfig.so.1", "libfreetype.so.6",
    "libglib-2.0.so.0", "libdbus-1.so.3", "libwayland-client.so.0",
])
def test_linux_system_libraries_come_from_depends_not_the_bundle(library):
    assert not layout.keep_binary(library, "linux")
    assert layout.keep_binary(library.replace(".so", ".dll"), "windows")


def test_qt_modules_the_program_imports_are_not_excluded():
    """A new `from PySide6.QtX import` in app/ must not meet an exclude in the spec."""
    used = set()
    for path in (ROOT / "app").rglob("*.py"):
        used |= set(re.findall(r"(?:from|import) (PySide6\.Qt\w+)", path.read_text()))
    assert used, "found no PySide6 imports in app/"
    assert not used & set(layout.EXCLUDED_MODULES)


def test_the_icon_format_follows_the_system(tmp_path):
    assert layout.icon_file(tmp_path, "windows") == tmp_path / f"{NAME}.ico"
    assert layout.icon_file(tmp_path, "darwin") == tmp_path / f"{NAME}.icns"
    assert layout.icon_file(tmp_path, "linux") is None


def test_the_spec_is_valid_python_using_these_lists():
    text = SPEC.read_text()
    compile(text, str(SPEC), "exec")
    for name in ("layout.datas()", "layout.keep_data", "layout.keep_binary",
                 "layout.EXCLUDED_MODULES", "layout.registered_game_packages()"):
        assert name in text


def test_a_frozen_program_reads_its_data_where_the_spec_puts_it(tmp_path, monkeypatch):
    """app.paths looks under sys._MEIPASS (the bundle's _internal folder) for exactly
    the folders the spec copies there."""
    from app import paths

    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert paths.asset_dir() == tmp_path / "assets"
    assert paths.forms_dir() == tmp_path / "ui_forms"
    assert {paths.asset_dir().name, paths.forms_dir().name} == set(layout.DATA_DIRS)
