"""Laying out the .deb and the .tar.gz, on a tiny stand-in for the frozen bundle."""

from __future__ import annotations

import shutil
import stat
import subprocess
import tarfile
from pathlib import Path

import build_linux
import deb_files
import icon_files
import pytest
from project_meta import NAME, version


@pytest.fixture
def bundle(tmp_path: Path) -> Path:
    folder = tmp_path / NAME
    (folder / "_internal/assets/sandbox").mkdir(parents=True)
    (folder / NAME).write_bytes(b"#!/bin/sh\necho stand-in\n")
    (folder / NAME).chmod(0o775)
    (folder / "_internal/assets/sandbox/table.json").write_text("{}")
    (folder / "_internal/libQt6Core.so.6").symlink_to("PySide6/Qt/lib/libQt6Core.so.6")
    return folder


@pytest.fixture
def icons(tmp_path: Path) -> Path:
    folder = tmp_path / "icons"
    folder.mkdir()
    for size in icon_files.HICOLOR_SIZES:
        (folder / f"{size}.png").write_bytes(b"png %d" % size)
    shutil.copyfile(icon_files.SVG, folder / f"{NAME}.svg")
    return folder


@pytest.fixture
def stage(tmp_path, bundle, icons, monkeypatch) -> Path:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1748736000")  # 2025-06-01
    tree = tmp_path / "stage"
    build_linux.stage_deb(bundle, icons, tree, ["libc6 (>= 2.36)", "libxcb1"])
    return tree


def test_the_program_goes_to_opt_and_the_command_to_usr_bin(stage):
    assert (stage / f"opt/{NAME}/{NAME}").is_file()
    assert (stage / f"opt/{NAME}/_internal/assets/sandbox/table.json").is_file()
    command = stage / f"usr/bin/{NAME}"
    assert command.is_symlink() and str(command.readlink()) == f"/opt/{NAME}/{NAME}"
    assert (stage / f"opt/{NAME}/_internal/libQt6Core.so.6").is_symlink()


def test_menu_entry_mime_type_metadata_and_icons_are_installed(stage):
    share = stage / "usr/share"
    assert (share / "applications" / deb_files.DESKTOP_FILE).read_text() == (
        deb_files.desktop_entry())
    assert (share / f"mime/packages/{NAME}.xml").read_text() == deb_files.mime_info()
    metainfo = (share / "metainfo" / deb_files.METAINFO_FILE).read_text()
    assert 'date="2025-06-01"' in metainfo
    for size in icon_files.HICOLOR_SIZES:
        assert (share / f"icons/hicolor/{size}x{size}/apps/{NAME}.png").is_file()
    assert (share / f"icons/hicolor/scalable/apps/{NAME}.svg").is_file()
    assert (share / f"doc/{NAME}/copyright").is_file()


def test_nothing_is_group_or_world_writable(stage):
    for path in [stage, *stage.rglob("*")]:
        if not path.is_symlink():
            assert not stat.S_IMODE(path.stat().st_mode) & 0o022, path
    assert (stage / f"opt/{NAME}/{NAME}").stat().st_mode & 0o111  # still executable


def test_control_counts_the_installed_size_without_the_control_folder(stage):
    control = (stage / "DEBIAN/control").read_text()
    assert f"Installed-Size: {build_linux.installed_kib(stage)}\n" in control
    assert "Depends: libc6 (>= 2.36), libxcb1\n" in control


def test_installed_size_rounds_each_file_up_to_a_kib(tmp_path):
    (tmp_path / "DEBIAN").mkdir()
    (tmp_path / "DEBIAN/control").write_text("x" * 5000)
    (tmp_path / "a").write_bytes(b"x" * 1025)  # 2 KiB
    (tmp_path / "b").write_bytes(b"x")  # 1 KiB
    (tmp_path / "dir").mkdir()  # 1
    assert build_linux.installed_kib(tmp_path) == 4


@pytest.mark.skipif(not shutil.which("dpkg-deb"), reason="dpkg-deb is Debian's")
def test_dpkg_deb_accepts_the_staged_package(stage, tmp_path):
    deb = tmp_path / "out.deb"
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zgzip", "--build", str(stage),
                    str(deb)], check=True, capture_output=True)
    fields = subprocess.run(["dpkg-deb", "-f", str(deb), "Package", "Version"],
                            check=True, capture_output=True, text=True).stdout
    assert fields.splitlines() == [f"Package: {NAME}", f"Version: {version()}"]
    listing = subprocess.run(["dpkg-deb", "--contents", str(deb)], check=True,
                             capture_output=True, text=True).stdout
    assert "root/root" in listing and f"./usr/bin/{NAME} -> /opt/{NAME}/{NAME}" in listing


def test_the_tarball_unpacks_to_one_versioned_folder_owned_by_root(bundle, tmp_path):
    out = tmp_path / "r.tar.gz"
    build_linux.write_tarball(bundle, out, f"{NAME}-{version()}")
    with tarfile.open(out) as archive:
        members = archive.getmembers()
    assert {m.name.split("/")[0] for m in members} == {f"{NAME}-{version()}"}
    assert all(m.uid == 0 and m.uname == "root" for m in members)
    program = next(m for m in members if m.name == f"{NAME}-{version()}/{NAME}")
    assert program.mode & 0o111
    assert any(m.issym() for m in members)


def test_folder_size_counts_links_as_links(bundle):
    files = [bundle / NAME, bundle / "_internal/assets/sandbox/table.json"]
    link = bundle / "_internal/libQt6Core.so.6"
    expected = sum(f.stat().st_size for f in files) + link.lstat().st_size
    assert build_linux.folder_size(bundle) == expected
