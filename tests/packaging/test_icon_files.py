"""The app icon: Qt-rendered PNGs and the .ico/.icns containers written around them."""

from __future__ import annotations

import struct

import icon_files
import pytest
from png_check import PNG_SIGNATURE
from project_meta import NAME
from PySide6.QtGui import QImage


def png_size(png: bytes) -> tuple[int, int]:
    assert png.startswith(PNG_SIGNATURE)
    return struct.unpack(">II", png[16:24])  # IHDR width and height


@pytest.fixture(scope="module")
def pngs() -> dict[int, bytes]:
    return {size: icon_files.render_png(icon_files.SVG, size) for size in icon_files.ALL_SIZES}


def test_each_size_is_rendered_at_that_size(pngs):
    for size, png in pngs.items():
        assert png_size(png) == (size, size)


def test_the_icon_has_transparent_corners_and_a_drawn_middle(pngs):
    image = QImage.fromData(pngs[64], "PNG")
    assert image.pixelColor(0, 0).alpha() == 0
    assert image.pixelColor(32, 32).alpha() == 255


def test_ico_directory_points_at_each_png(pngs):
    chosen = {size: pngs[size] for size in icon_files.ICO_SIZES}
    data = icon_files.ico_bytes(chosen)
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(chosen))
    for index, size in enumerate(sorted(chosen)):
        width, height, _, _, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * index)
        assert (width, height) == ((size % 256,) * 2)  # 256 is stored as 0
        assert (planes, bits) == (1, 32)
        assert data[offset:offset + length] == chosen[size]


def test_ico_refuses_images_larger_than_256(pngs):
    with pytest.raises(ValueError, match="512"):
        icon_files.ico_bytes({512: pngs[512]})


def test_icns_holds_every_type_with_a_png_of_its_size(pngs):
    data = icon_files.icns_bytes(pngs)
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    found, at = {}, 8
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack(">I", data[at + 4:at + 8])[0]
        found[kind] = png_size(data[at + 8:at + length])[0]
        at += length
    assert at == len(data)
    assert found == icon_files.ICNS_TYPES


def test_write_icons_makes_every_file_the_recipes_use(tmp_path):
    icon_files.write_icons(tmp_path)
    expected = {f"{size}.png" for size in icon_files.ALL_SIZES}
    expected |= {f"{NAME}.svg", f"{NAME}.ico", f"{NAME}.icns"}
    assert {path.name for path in tmp_path.iterdir()} == expected


def test_a_broken_svg_is_refused(tmp_path):
    broken = tmp_path / "broken.svg"
    broken.write_text("<svg")
    with pytest.raises(ValueError, match="not a valid SVG"):
        icon_files.render_png(broken, 16)
