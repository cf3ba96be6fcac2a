"""The judge of screenshots: a drawn window passes, blank or broken pictures do not."""

from __future__ import annotations

from pathlib import Path

import png_check
import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage, QPainter

SIZE = (320, 200)


def save(image: QImage, path: Path) -> Path:
    assert image.save(str(path), "PNG")
    return path


def drawn(size: tuple[int, int] = SIZE) -> QImage:
    """Something like a window: a grey frame, a green table, coloured tokens."""
    image = QImage(*size, QImage.Format.Format_RGB32)
    image.fill(QColor("#eeeeee"))
    painter = QPainter(image)
    painter.fillRect(QRect(40, 20, 200, 150), QColor("#2f6b4f"))
    for index in range(40):
        painter.setBrush(QColor.fromHsv(index * 9, 200, 220))
        painter.drawEllipse(50 + index * 4, 30 + index * 3, 14, 14)
    painter.end()
    return image


def test_a_drawn_window_is_a_real_picture(tmp_path):
    assert png_check.picture_problem(save(drawn(), tmp_path / "ok.png"), SIZE) is None


def test_one_flat_colour_is_not(tmp_path):
    image = QImage(*SIZE, QImage.Format.Format_RGB32)
    image.fill(QColor("black"))
    problem = png_check.picture_problem(save(image, tmp_path / "flat.png"), SIZE)
    assert problem and "1 colours" in problem


def test_a_speck_on_a_blank_picture_is_not(tmp_path):
    image = QImage(*SIZE, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    for x in range(30):
        image.setPixelColor(x, 0, QColor.fromHsv(x * 10, 255, 255))
    problem = png_check.picture_problem(save(image, tmp_path / "speck.png"), SIZE)
    assert problem and "one colour" in problem


def test_the_wrong_size_is_reported(tmp_path):
    problem = png_check.picture_problem(save(drawn((300, 200)), tmp_path / "s.png"), SIZE)
    assert problem == "s.png is 300x200, not 320x200"


@pytest.mark.parametrize(("content", "words"), [
    (b"GIF89a not a png", "not a PNG"),
    (png_check.PNG_SIGNATURE + b"\x00\x00\x00\x0dIHDR truncated", "does not decode"),
])
def test_files_that_are_not_pictures_are_reported(tmp_path, content, words):
    path = tmp_path / "bad.png"
    path.write_bytes(content)
    assert words in png_check.picture_problem(path, SIZE)


def test_a_missing_file_is_reported(tmp_path):
    assert "was not written" in png_check.picture_problem(tmp_path / "none.png", SIZE)
