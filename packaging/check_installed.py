"""The installed-program check: build the .deb, install it into a clean Debian root as a
player would, run the installed Runetable there, then remove it again.

    python packaging/check_installed.py [--runs N] [--skip-build] [--no-cache] [--keep-root]

Needs root (debootstrap, chroot, mount) on Debian or Ubuntu. `python3 tasks.py
check-installed` installs what it needs (debootstrap, binutils, PyInstaller) and runs it
with the project's .venv; in CI `python3 tasks.py test` runs it after the tests pass.

Steps: build the bundle, .tar.gz and .deb; debootstrap a minbase root of this machine's
release (or unpack the cached one from build/); `apt-get install ./runetable_*.deb`
there (no recommends, so Depends: alone must suffice); then, as an ordinary user with
no display: --version, the data files, every game's --screenshot judged as a picture,
a missing save, an unreadable save and a broken settings file on the command line,
the start time against the same start from source, the .tar.gz run from the user's
Downloads, a check that nothing was written outside the user's home and /tmp, and
`dpkg -r`. Exit 0 when every step passed and both sizes meet their targets; the
start-time ratio is reported, not judged, since timings vary from run to run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import build_linux
import bundle_layout
import debroot
import png_check
from project_meta import NAME, ROOT, TITLE, version

USER = "player"
HOME = f"/home/{USER}"
SHOT_SIZE = (1600, 1000)
MIB = 1024 * 1024
BUNDLE_TARGET = 300 * MIB
DEB_TARGET = 100 * MIB
RATIO_TARGET = 1.3
WORK = build_linux.BUILD / "installed-check"
# Outside the checkout on purpose: `tasks.py clean` deletes build/, and deleting a root
# that a killed run left with /dev bind-mounted would delete the machine's /dev.
ROOT_DIR = Path("/var/tmp/runetable-check-root")
PLAYER_TIMEOUT = 120
TRACEBACK = "Traceback (most recent call last)"
START_ARGS = ["--game", "sandbox", "--seed", "1", "--quit-when-shown"]
BROKEN_SETTINGS = (b"[window]\ngeometry=@ByteArray(\x00\x01 not a geometry)\n"
                   b"state=@Variant(\\0\\0\\0\\x7f\\0\\0)\n\xff\xfe[[[ not ini at all\n")


class Aborted(Exception):
    """A step the rest depend on failed (building, the root, installing)."""


class Report:
    """Prints each step as it finishes and remembers the failures for the exit code."""

    def __init__(self) -> None:
        self.passed = 0
        self.failures: list[str] = []

    def step(self, ok: bool, what: str, detail: str = "") -> bool:
        print(f"  [{'ok' if ok else 'FAIL'}] {what}{': ' + detail if detail else ''}",
              flush=True)
        if ok:
            self.passed += 1
        else:
            self.failures.append(what)
        return ok

    def require(self, ok: bool, what: str, detail: str) -> None:
        if not self.step(ok, what, detail):
            raise Aborted(f"{what}: {detail}")


def say(message: str) -> None:
    print(f"check-installed: {message}", flush=True)


def tail(text: str, lines: int = 6) -> str:
    return " | ".join(text.strip().splitlines()[-lines:])


def time_to_shown(command: list[str], env: dict[str, str] | None, cwd: Path) -> float:
    """Seconds from starting `command` to its "shown" line (the first window is up)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    watchdog = threading.Timer(120, process.kill)  # a hung start must not hang CI
    watchdog.start()
    try:
        assert process.stdout is not None
        for line in process.stdout:
            if line.strip() == "shown":
                elapsed = time.perf_counter() - start
                break
        else:
            raise RuntimeError(f"`{' '.join(command)}` never showed its window")
        process.wait()
    finally:
        watchdog.cancel()
    return elapsed


def _same_file(source: Path, copy: Path) -> bool:
    return copy.is_file() and copy.read_bytes() == source.read_bytes()


class Check:
    """The steps run against the program installed in the root; each one reports itself
    to `report`, so one failing step does not hide the others."""

    def __init__(self, root: debroot.DebianRoot, report: Report) -> None:
        self.root = root
        self.report = report

    def host_path(self, path: str) -> Path:
        return self.root.path / path.lstrip("/")

    def player(self, *args: str, env: dict[str, str] | None = None, program: str = NAME,
               ) -> subprocess.CompletedProcess[str]:
        """The installed program run by the user; a hang becomes a failed result (a
        message box waiting for a click looks exactly like this)."""
        try:
            return self.root.run([program, *args], user=USER, cwd=HOME, env=env,
                                 timeout=PLAYER_TIMEOUT)
        except subprocess.TimeoutExpired:
            return subprocess.CompletedProcess(
                args, -9, "", f"still running after {PLAYER_TIMEOUT} s: stopped")

    def install(self, deb: Path) -> None:
        result = self.root.run(["apt-get", "update", "-q"])
        self.report.require(result.returncode == 0, "apt-get update in the root",
                            tail(result.stdout + result.stderr))
        shutil.copyfile(deb, self.host_path(f"/tmp/{deb.name}"))
        result = self.root.run(["apt-get", "install", "-y", "-q", "--no-install-recommends",
                                f"./{deb.name}"], cwd="/tmp")
        summary = next((line for line in result.stdout.splitlines()
                        if "newly installed" in line), tail(result.stdout + result.stderr))
        self.report.require(result.returncode == 0, f"apt-get install ./{deb.name}", summary)
        result = self.root.run(["useradd", "--create-home", "--shell", "/bin/sh", USER])
        self.report.require(result.returncode == 0, f"a user {USER!r} to play as",
                            tail(result.stderr))

    def version(self) -> None:
        result = self.player("--version")
        expected = f"{TITLE} {version()}"
        self.report.step(result.returncode == 0 and result.stdout.strip() == expected,
                         f"{NAME} --version", tail(result.stdout or result.stderr))

    def games(self, registered: list[str]) -> list[str]:
        result = self.player("--list-games")
        games = result.stdout.split()
        self.report.step(result.returncode == 0 and games == registered,
                         f"{NAME} --list-games",
                         f"{' '.join(games)} (the source registers: {' '.join(registered)})")
        return games

    def screenshot(self, what: str, *args: str, expect_in_stderr: str = "",
                   program: str = NAME) -> None:
        """Run with --screenshot (no display: the program picks Qt's offscreen platform
        itself); the picture must be real, and stderr must carry the expected message
        about bad input."""
        shot = f"{HOME}/shot-{what.replace(' ', '-')}.png"
        result = self.player("--screenshot", shot, *args, program=program)
        problem = None
        if result.returncode != 0:
            problem = f"exit {result.returncode}: {tail(result.stderr)}"
        elif TRACEBACK in result.stderr:
            # An exception inside a Qt slot is printed and the program goes on; in a
            # frozen build it is typically a module the bundler missed.
            problem = f"an error was raised while starting: {tail(result.stderr)}"
        elif expect_in_stderr and expect_in_stderr not in result.stderr:
            problem = f"no message saying {expect_in_stderr!r}: {tail(result.stderr)}"
        else:
            problem = png_check.picture_problem(self.host_path(shot), SHOT_SIZE)
        if problem is None:
            WORK.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(self.host_path(shot), WORK / Path(shot).name)
        message = next((line for line in result.stderr.splitlines()
                        if expect_in_stderr and expect_in_stderr in line), "")
        detail = problem or f"a real picture, kept as {WORK / Path(shot).name}"
        self.report.step(problem is None, f"{NAME} --screenshot, {what}",
                         f"{detail}{'; said: ' + message if message else ''}")

    def bad_input(self) -> None:
        self.screenshot("missing save", f"{HOME}/missing.runetable",
                        expect_in_stderr="no such file")
        locked = f"{HOME}/locked.runetable"
        self.root.run(["sh", "-c", f"echo '{{}}' > {locked} && chmod 000 {locked}"],
                      user=USER)
        self.screenshot("unreadable save", "--load", locked, expect_in_stderr="cannot be read")
        found = self.root.run(["find", HOME, "-name", "runetable.ini"], user=USER)
        settings = found.stdout.split()
        if not self.report.step(bool(settings), "the settings file is in the user's config",
                                " ".join(settings) or "no runetable.ini was written"):
            return
        self.host_path(settings[0]).write_bytes(BROKEN_SETTINGS)
        result = self.player(*START_ARGS, env={"QT_QPA_PLATFORM": "offscreen"})
        ok = (result.returncode == 0 and "shown" in result.stdout.split()
              and TRACEBACK not in result.stderr)
        self.report.step(ok, f"{NAME} starts and shows its window with a broken settings file",
                         "window shown, exit 0" if ok
                         else f"exit {result.returncode}: {tail(result.stderr)}")
        self.host_path(settings[0]).write_bytes(BROKEN_SETTINGS)
        self.screenshot("broken settings")

    def data_files(self) -> None:
        """assets/ and ui_forms/ are installed whole and unchanged next to the program."""
        installed = self.host_path(f"/opt/{NAME}/_internal")
        differ = [str(path.relative_to(ROOT)) for folder in bundle_layout.DATA_DIRS
                  for path in sorted((ROOT / folder).rglob("*")) if path.is_file()
                  and not _same_file(path, installed / path.relative_to(ROOT))]
        self.report.step(not differ, "assets/ and ui_forms/ are installed unchanged",
                         f"missing or different: {' '.join(differ[:10])}" if differ
                         else f"under /opt/{NAME}/_internal")

    def tarball(self, tarball: Path) -> None:
        """The .tar.gz runs from wherever it is unpacked (here, the user's Downloads)."""
        shutil.copyfile(tarball, self.host_path(f"/tmp/{tarball.name}"))
        folder = f"{HOME}/Downloads"
        result = self.root.run(["sh", "-c", f"mkdir -p {folder} && tar -C {folder} -xzf "
                                f"/tmp/{tarball.name}"], user=USER)
        if not self.report.step(result.returncode == 0, f"unpack {tarball.name}",
                                tail(result.stderr) or folder):
            return
        program = f"{folder}/{NAME}-{version()}/{NAME}"
        self.screenshot("from the tar.gz", "--game", "sandbox", program=program)

    def start_times(self, runs: int) -> tuple[float, float]:
        """Median seconds to the first window: installed (in the root) and from source."""
        installed_cmd = self.root.command([NAME, *START_ARGS], user=USER, cwd=HOME,
                                          env={"QT_QPA_PLATFORM": "offscreen"})
        source_cmd = [sys.executable, "-m", "app", *START_ARGS]
        with tempfile.TemporaryDirectory() as home:
            source_env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
                              RUNETABLE_DATA_DIR=f"{home}/data",
                              RUNETABLE_CONFIG_DIR=f"{home}/config")
            time_to_shown(installed_cmd, None, ROOT)  # warm the disk cache for both
            time_to_shown(source_cmd, source_env, ROOT)
            installed, source = [], []
            for _ in range(runs):
                installed.append(time_to_shown(installed_cmd, None, ROOT))
                source.append(time_to_shown(source_cmd, source_env, ROOT))
        return statistics.median(installed), statistics.median(source)

    def wrote_only_home(self, marker: str) -> None:
        result = self.root.run(["find", "/", "-xdev", "-newer", marker, "-not", "-path",
                                "/tmp", "-not", "-path", "/tmp/*", "-not", "-path", HOME,
                                "-not", "-path", f"{HOME}/*"])
        written = result.stdout.split()
        self.report.step(result.returncode == 0 and not written,
                         "the program wrote only in the user's home and /tmp",
                         " ".join(written[:10]) or "nothing elsewhere")

    def remove(self) -> None:
        listed = self.root.run(["dpkg-query", "-L", NAME]).stdout.split()
        result = self.root.run(["dpkg", "-r", NAME])
        left = [p for p in listed if self.host_path(p).is_symlink()
                or self.host_path(p).is_file()]
        if self.host_path("/opt/" + NAME).exists():
            left.append("/opt/" + NAME)
        self.report.step(result.returncode == 0 and not left, f"dpkg -r {NAME}",
                         tail(result.stderr) if result.returncode else
                         (f"left behind: {' '.join(left[:10])}" if left
                          else f"all {len(listed)} paths gone"))


def preflight() -> None:
    if not sys.platform.startswith("linux"):
        raise Aborted("the installed-program check runs on Debian or Ubuntu Linux only")
    if os.geteuid() != 0:
        raise Aborted("the check needs root (debootstrap, mount, chroot): run it with sudo")
    missing = [tool for tool in ("debootstrap", "dpkg-deb", "objdump", "chroot", "mount")
               if not shutil.which(tool)]
    if missing:
        raise Aborted(f"missing tools: {' '.join(missing)}; `python3 tasks.py "
                      "check-installed` installs them (apt-get install debootstrap binutils)")


def registered_games() -> list[str]:
    sys.path.insert(0, str(ROOT))
    from engine.games import game_names

    return game_names()


def figure(label: str, value: str, target: str = "", met: bool | None = None) -> str:
    verdict = "" if met is None else ("met" if met else "NOT MET")
    return f"  {label:<22} {value:<34} {target:<18} {verdict}".rstrip()


def run_check(args: argparse.Namespace, report: Report, figures: list[str]) -> None:
    """Every step, adding the measured figures to `figures` as they come."""
    preflight()
    say("building the bundle, the .tar.gz and the .deb")
    try:
        artifacts = build_linux.build(skip_freeze=args.skip_build)
    except (RuntimeError, LookupError, OSError) as exc:
        raise Aborted(f"the build failed: {exc}") from exc
    bundle_size = build_linux.folder_size(artifacts.bundle)
    deb_size = artifacts.deb.stat().st_size
    figures += [
        figure("bundle, unpacked", f"{bundle_size / MIB:.1f} MiB", "target < 300 MiB",
               bundle_size < BUNDLE_TARGET),
        figure(".deb", f"{deb_size / MIB:.1f} MiB", "target < 100 MiB", deb_size < DEB_TARGET),
        figure(".tar.gz", f"{artifacts.tarball.stat().st_size / MIB:.1f} MiB"),
    ]
    report.step(bundle_size < BUNDLE_TARGET, "the unpacked bundle is under 300 MiB",
                f"{bundle_size / MIB:.1f} MiB")
    report.step(deb_size < DEB_TARGET, "the .deb is under 100 MiB", f"{deb_size / MIB:.1f} MiB")

    suite, mirror, components = debroot.host_release()
    cache = None if args.no_cache else (
        build_linux.BUILD / "debootstrap" / f"{suite}-{'-'.join(components)}.tar")
    root = debroot.DebianRoot(ROOT_DIR, suite, mirror, components, cache)
    WORK.mkdir(parents=True, exist_ok=True)
    say(f"making a clean {suite} minbase root from {mirror} ({' '.join(components)}) ...")
    try:
        how = root.create(WORK / "debootstrap.log")
    except debroot.RootError as exc:
        raise Aborted(str(exc)) from exc
    say(f"root ready ({'unpacked from ' + str(cache) if how == 'cache' else 'debootstrap'})")
    try:
        with root:
            check = Check(root, report)
            check.install(artifacts.deb)
            marker = "/tmp/.runetable-check-start"
            root.run(["touch", marker])
            time.sleep(1)  # file times have a granularity: later writes must be newer
            check.version()
            check.data_files()
            for game in check.games(registered_games()):
                check.screenshot(f"game {game}", "--game", game, "--seed", "1")
            check.bad_input()
            say(f"timing the start, {args.runs} runs each (installed, from source) ...")
            installed, source = check.start_times(args.runs)
            ratio = installed / source
            figures += [
                figure("start, installed", f"median {installed * 1000:.0f} ms"),
                figure("start, from source", f"median {source * 1000:.0f} ms"),
                figure("ratio installed/source", f"{ratio:.2f}x", "target <= 1.3x",
                       ratio <= RATIO_TARGET),
            ]
            check.tarball(artifacts.tarball)
            check.wrote_only_home(marker)
            check.remove()
    finally:
        if not args.keep_root:
            debroot.remove_root(root.path)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="timed starts of each kind")
    parser.add_argument("--skip-build", action="store_true",
                        help="reuse dist/runetable from an earlier build")
    parser.add_argument("--no-cache", action="store_true",
                        help="debootstrap afresh even if build/debootstrap has a root")
    parser.add_argument("--keep-root", action="store_true",
                        help=f"leave {ROOT_DIR} for a look (unmounted)")
    args = parser.parse_args(argv)
    # A CI cancel sends SIGTERM: turned into SystemExit, `finally` still unmounts.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    report = Report()
    print(f"Installed-program check of {TITLE} {version()}", flush=True)
    figures: list[str] = []
    try:
        run_check(args, report, figures)
    except (Aborted, debroot.RootError, subprocess.TimeoutExpired, RuntimeError) as exc:
        report.failures.append(str(exc))
        say(f"stopped: {exc}")
    print("\nFigures:")
    print("\n".join(figures) or "  (none: the check stopped before measuring)")
    if report.failures:
        print("\nFailed: " + "; ".join(report.failures))
    # The closing line in the form test runners use, so CI logs read it like one.
    print(f"check-installed: {report.passed} passed, {len(report.failures)} failed")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
