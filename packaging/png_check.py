"""Is a screenshot a real picture? The installed-program check's judge of --screenshot.

A program that starts but draws nothing (no fonts, a missing plugin, a black GL
surface) still writes a PNG; only looking at the pixels tells it apart.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MIN_COLOURS = 16  # a drawn window has text, borders and felt; a blank one has one or two
MAX_SHARE = 0.9  # no single colour may cover more than this share of the picture


def picture_problem(path: Path, size: tuple[int, int]) -> str | None:
    """What is wrong with the picture at `path`, or None when it is a real one."""
    from PySide6.QtGui import QImage

    try:
        data = path.read_bytes()
    except OSError as exc:
        return f"{path.name} was not written ({exc.strerror})"
    if not data.startswith(PNG_SIGNATURE):
        return f"{path.name} is not a PNG file ({len(data)} bytes)"
    image = QImage()
    if not image.loadFromData(data, "PNG"):
        return f"{path.name} does not decode as a PNG"
    if (image.width(), image.height()) != size:
        return f"{path.name} is {image.width()}x{image.height()}, not {size[0]}x{size[1]}"
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    pixels = memoryview(image.constBits()).cast("I")
    counts = Counter(pixels)
    if len(counts) < MIN_COLOURS:
        return f"{path.name} has only {len(counts)} colours: nothing was drawn"
    top = counts.most_common(1)[0][1] / len(pixels)
    if top > MAX_SHARE:
        return f"{path.name} is {top:.0%} one colour: nothing was drawn"
    return None
