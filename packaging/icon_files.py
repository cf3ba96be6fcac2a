"""Runetable's icon in every form the three systems want, made from the one SVG.

    python packaging/icon_files.py OUT_DIR

Qt renders the PNG sizes (so no image tool is needed on any build machine); the
Windows .ico and macOS .icns containers are written here with the standard library,
because both are just a directory of PNG images and Qt can only write single-image
files. The PyInstaller spec calls this before it freezes the program.
"""

from __future__ import annotations

import shutil
import struct
import sys
from pathlib import Path

from project_meta import NAME

SVG = Path(__file__).resolve().parent / "icon" / "runetable.svg"
# Linux's hicolor theme sizes; the .deb installs each under <n>x<n>/apps.
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)  # an .ico entry cannot be larger than 256
# The PNG-holding .icns entry types and their pixel sizes (the @2x ones are the retina
# variants Finder picks on high-density screens).
ICNS_TYPES: dict[bytes, int] = {
    b"icp4": 16,
    b"icp5": 32,
    b"ic07": 128,
    b"ic08": 256,
    b"ic09": 512,
    b"ic10": 1024,
    b"ic11": 32,
    b"ic12": 64,
    b"ic13": 256,
    b"ic14": 512,
}
ALL_SIZES = tuple(sorted({*HICOLOR_SIZES, *ICO_SIZES, *ICNS_TYPES.values()}))


def render_png(svg: Path, size: int) -> bytes:
    """The SVG drawn antialiased on a transparent size x size square, as PNG bytes."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise OSError(f"Qt could not encode the {size}px icon as PNG")
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG-compressed image per size (Windows Vista on)."""
    count = len(pngs)
    header = struct.pack("<HHH", 0, 1, count)  # reserved, type 1 = icon, image count
    offset = len(header) + 16 * count
    entries, blobs = [], []
    for size, png in sorted(pngs.items()):
        if not 1 <= size <= 256:
            raise ValueError(f"an .ico image must be 1-256 pixels, not {size}")
        side = size % 256  # 256 is written as 0
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset))
        blobs.append(png)
        offset += len(png)
    return header + b"".join(entries) + b"".join(blobs)


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns with every entry of ICNS_TYPES, each a PNG of its pixel size."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
        for kind, size in ICNS_TYPES.items()
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(out: Path, svg: Path = SVG) -> None:
    """Fill `out` with <size>.png for ALL_SIZES, the .svg, <name>.ico and <name>.icns."""
    out.mkdir(parents=True, exist_ok=True)
    pngs = {size: render_png(svg, size) for size in ALL_SIZES}
    for size, png in pngs.items():
        (out / f"{size}.png").write_bytes(png)
    shutil.copyfile(svg, out / f"{NAME}.svg")
    (out / f"{NAME}.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    (out / f"{NAME}.icns").write_bytes(icns_bytes(pngs))


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    write_icons(Path(argv[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
