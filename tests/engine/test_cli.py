"""The command lines: python -m engine.simulate and python -m engine.replay."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core import saves
from engine.simulate import play_one

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str],
                                                                    Path]:
    save_dir = tmp_path_factory.mktemp("sim")
    result = run("engine.simulate", "--game", "sandbox", "--games", "3", "--seed", "5",
                 "--save-dir", str(save_dir))
    return result, save_dir


def test_simulate_exits_0_and_prints_the_figures(simulated) -> None:
    """simulate plays 3 checked games and prints game, counts, speed and outcomes."""
    result, save_dir = simulated
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "game: sandbox  agent: random  checks: on"
    total = sum(len(saves.load(p).steps) for p in save_dir.iterdir())
    assert lines[1] == f"games: 3  actions: {total}"
    assert re.fullmatch(r"games/s: \d+\.\d  actions/s: \d+", lines[2])
    outcomes = [re.fullmatch(r"  (won by .+|unfinished): (\d+)", line) for line in lines[3:]]
    assert outcomes and all(outcomes)
    assert sum(int(m[2]) for m in outcomes if m) == 3


def test_simulate_writes_one_save_per_game(simulated) -> None:
    """--save-dir gets sandbox-<seed>.runetable for seeds 5, 6, 7, matching play_one."""
    _, save_dir = simulated
    assert sorted(p.name for p in save_dir.iterdir()) == [
        "sandbox-5.runetable", "sandbox-6.runetable", "sandbox-7.runetable"]
    for seed in (5, 6, 7):
        loaded = saves.load(save_dir / f"sandbox-{seed}.runetable")
        assert loaded.seed == seed
        again = play_one("sandbox", seed, 1000, checks=False)
        assert loaded.state_hash() == again.state_hash()


def test_replay_prints_the_state_hash(simulated) -> None:
    """replay of a good save exits 0 and prints its summary and state hash."""
    _, save_dir = simulated
    path = save_dir / "sandbox-6.runetable"
    match = saves.load(path)
    result = run("engine.replay", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "game: Sandbox table  seed: 6  mode: sandbox"
    assert lines[1] == f"actions: {len(match.steps)}  (redoable: 0)"
    assert lines[2].startswith("outcome: ")
    assert lines[3] == f"state hash: {match.state_hash()}"
    assert json.loads(path.read_text())["state_hash"] == match.state_hash()


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text[: len(text) // 3],
        lambda text: text.replace('"state_hash": "', '"state_hash": "0'),
        lambda text: text.replace('"schema_version": 3', '"schema_version": 7'),
    ],
    ids=["truncated", "hash-edited", "newer-version"],
)
def test_replay_of_a_corrupt_save_is_one_error_line(simulated, tmp_path: Path, damage) -> None:
    """replay of a damaged save exits 1 with one 'error:' line on stderr and no traceback."""
    _, save_dir = simulated
    bad = tmp_path / "bad.runetable"
    bad.write_text(damage((save_dir / "sandbox-5.runetable").read_text()))
    result = run("engine.replay", str(bad))
    assert result.returncode == 1
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {bad}: ")
    assert "Traceback" not in result.stderr


def test_replay_of_a_missing_file(tmp_path: Path) -> None:
    """replay of a file that does not exist exits 1 with one error line."""
    result = run("engine.replay", str(tmp_path / "missing.runetable"))
    assert result.returncode == 1
    assert result.stderr == f"error: {tmp_path / 'missing.runetable'}: no such file\n"


def test_simulate_with_damaged_content_prints_one_error_line(tmp_path: Path, monkeypatch,
                                                             capsys) -> None:
    """Damaged content: one `error:` line naming file, item and field, exit 1 (it printed a
    traceback ending with that line)."""
    from engine import simulate
    from engine.core import content
    from engine.games.sandbox import content as sandbox_content

    broken = tmp_path / "table.json"
    broken.write_text(sandbox_content.ASSET.read_text().replace('"count": 3', '"count": -3', 1))
    monkeypatch.setattr(sandbox_content.load, "__defaults__", (broken,))
    content._read.cache_clear()
    try:
        code = simulate.main(["--game", "sandbox", "--games", "1"])
    finally:
        content._read.cache_clear()
    out = capsys.readouterr()
    assert code == 1 and out.out == ""
    assert out.err == (f"error: {broken}: tokens[0] (red token).count: Input should be "
                       "greater than or equal to 1\n")
