"""The installed-program check's own helpers (the check itself needs root and minutes)."""

from __future__ import annotations

import sys

import check_installed
import pytest


def test_time_to_shown_measures_until_the_shown_line(tmp_path):
    command = [sys.executable, "-c", "print('starting'); print('shown'); print('bye')"]
    assert check_installed.time_to_shown(command, None, tmp_path) > 0


def test_a_program_that_never_shows_its_window_is_an_error(tmp_path):
    with pytest.raises(RuntimeError, match="never showed"):
        check_installed.time_to_shown([sys.executable, "-c", "print('x')"], None, tmp_path)


def test_the_report_remembers_failures_and_stops_on_required_steps(capsys):
    report = check_installed.Report()
    assert report.step(True, "first", "fine")
    assert not report.step(False, "second", "broken")
    with pytest.raises(check_installed.Aborted, match="third: gone"):
        report.require(False, "third", "gone")
    assert report.failures == ["second", "third"]
    assert report.passed == 1
    out = capsys.readouterr().out
    assert "[ok] first: fine" in out and "[FAIL] second: broken" in out


def test_figures_say_whether_a_target_is_met():
    assert check_installed.figure(".deb", "52.4 MiB", "target < 100 MiB", True).endswith(
        "met")
    assert check_installed.figure("ratio", "1.5x", "target <= 1.3x", False).endswith(
        "NOT MET")
    assert check_installed.figure("start", "500 ms").strip() == "start                  500 ms"
