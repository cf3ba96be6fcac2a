#!/usr/bin/env python3
"""Set up, run and test Runetable on a machine that has nothing but ``python3``.

    python3 tasks.py run [ARGS...]      start Runetable (``python -m app ARGS...``)
    python3 tasks.py test [ARGS...]     run the test suite (``python -m pytest ARGS...``)
    python3 tasks.py setup              only prepare: .venv, Python packages, system libraries
    python3 tasks.py lint [ARGS...]     ruff check (default: the whole repo)
    python3 tasks.py clean [--all]      remove caches and build output (--all: .venv too)
    python3 tasks.py package [ARGS...]  Linux downloads in dist/: bundle, .tar.gz, .deb
    python3 tasks.py check-installed    (root) install the .deb in a clean Debian root, run it

Why a script and not a README recipe: a fresh Debian/Ubuntu machine lacks, in turn, the
venv module, the project's Python packages and the X11/OpenGL/font libraries that the
PySide6 wheels load at run time. Each of those fails with a different, confusing error,
so this script checks each one, fixes what it can (apt-get when root) and otherwise says
exactly which command to run. Every step is skipped when already done, so a second run
costs a fraction of a second before the real command starts.

Only the standard library is used, and nothing newer than Python 3.8 syntax, so that a
too-old or too-new ``python3`` still gets a clear message instead of a traceback.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
PYPROJECT = ROOT / "pyproject.toml"
VENV = ROOT / ".venv"
# Holds the hash of the pyproject.toml that was last installed successfully; living inside
# .venv means deleting the venv also forgets the install.
STAMP = VENV / ".runetable-install.sha256"
IS_WINDOWS = os.name == "nt"
IS_LINUX = sys.platform.startswith("linux")

# The Qt pieces whose system-library dependencies must resolve. The Python modules pull in
# the Qt libraries they link; the plugins are loaded at run time, so ldd on the modules
# alone would not see what they need (xcb, EGL, xkbcommon...).
QT_FILES = (
    "QtCore.abi3.so",
    "QtGui.abi3.so",
    "QtWidgets.abi3.so",
    "QtOpenGL.abi3.so",
    "QtOpenGLWidgets.abi3.so",
    "QtSvg.abi3.so",
    "QtSvgWidgets.abi3.so",
    "QtPrintSupport.abi3.so",
    "QtNetwork.abi3.so",
    "QtTest.abi3.so",
    "Qt/lib/libQt6Gui.so.6",
    "Qt/lib/libQt6Widgets.so.6",
    "Qt/lib/libQt6XcbQpa.so.6",
    "Qt/plugins/platforms/libqxcb.so",
    "Qt/plugins/platforms/libqoffscreen.so",
    "Qt/plugins/platforms/libqminimal.so",
    "Qt/plugins/platforminputcontexts/libcomposeplatforminputcontextplugin.so",
)
QT_PLUGIN_DIRS = (
    "Qt/plugins/xcbglintegrations",
    "Qt/plugins/imageformats",
    "Qt/plugins/iconengines",
)
# Only checked inside a Wayland session: elsewhere Qt never loads it, and pulling the
# Wayland client libraries onto a server or CI machine would be useless.
QT_WAYLAND_FILE = "Qt/plugins/platforms/libqwayland.so"

# Sonames whose Debian package name does not follow the usual rule (see package_guess).
# Each value lists alternatives, best first; every name is also tried with the "t64"
# suffix that Debian 13 / Ubuntu 24.04 added to many library packages.
SONAME_PACKAGES: dict[str, tuple[str, ...]] = {
    "libglib-2.0.so.0": ("libglib2.0-0",),
    "libgobject-2.0.so.0": ("libglib2.0-0",),
    "libgio-2.0.so.0": ("libglib2.0-0",),
    "libgthread-2.0.so.0": ("libglib2.0-0",),
    "libgmodule-2.0.so.0": ("libglib2.0-0",),
    "libGL.so.1": ("libgl1",),
    "libEGL.so.1": ("libegl1",),
    "libGLX.so.0": ("libglx0",),
    "libOpenGL.so.0": ("libopengl0",),
    "libGLdispatch.so.0": ("libglvnd0",),
    "libfontconfig.so.1": ("libfontconfig1",),
    "libfreetype.so.6": ("libfreetype6",),
    "libharfbuzz.so.0": ("libharfbuzz0b",),
    "libX11-xcb.so.1": ("libx11-xcb1",),
    "libdbus-1.so.3": ("libdbus-1-3",),
    "libxkbcommon.so.0": ("libxkbcommon0",),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0",),
    "libz.so.1": ("zlib1g",),
    "libbrotlicommon.so.1": ("libbrotli1",),
    "libbrotlidec.so.1": ("libbrotli1",),
    "libbrotlienc.so.1": ("libbrotli1",),
    "libgcc_s.so.1": ("libgcc-s1",),
    "libssl.so.3": ("libssl3",),
    "libcrypto.so.3": ("libssl3",),
    "libjpeg.so.62": ("libjpeg62-turbo", "libjpeg62"),
    "libjpeg.so.8": ("libjpeg-turbo8", "libjpeg8"),
    "libwayland-client.so.0": ("libwayland-client0",),
    "libwayland-cursor.so.0": ("libwayland-cursor0",),
    "libwayland-egl.so.1": ("libwayland-egl1",),
}
QT_OWN_LIBRARIES = ("libQt6", "libpyside6", "libshiboken6", "libicu")
FONT_PACKAGE = "fonts-dejavu-core"
FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".pfb", ".pcf", ".pcf.gz", ".otb")


class TaskError(Exception):
    """A problem the user must act on: main() prints it without a traceback and exits 1."""


def say(message: str) -> None:
    """Progress and hints go to stderr, so `run`'s and `test`'s own stdout stays clean."""
    print(f"tasks.py: {message}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- Python version


def requires_python() -> str:
    """The project's `requires-python`, read with a regex because tomllib is 3.11+ only."""
    match = re.search(r'^requires-python\s*=\s*"([^"]*)"', PYPROJECT.read_text(), re.M)
    return match.group(1) if match else ""


def _parse_version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(".") if part.isdigit())


def version_ok(version: tuple[int, ...], spec: str) -> bool:
    """Whether `version` satisfies a PEP 440 specifier such as ">=3.11,<3.12".

    Only the operators that make sense for a Python version are handled; anything else
    is let through, and pip will report it properly.
    """
    for clause in filter(None, (part.strip() for part in spec.split(","))):
        match = re.fullmatch(r"(~=|==|!=|>=|<=|>|<)\s*([\d.]+?)(\.\*)?", clause)
        if not match:
            continue
        op, text, wildcard = match.groups()
        wanted = _parse_version(text)
        have = tuple(version[: len(wanted)]) if wildcard or op == "~=" else version
        if not wildcard and op != "~=":
            width = max(len(have), len(wanted))
            have = have + (0,) * (width - len(have))
            wanted = wanted + (0,) * (width - len(wanted))
        if op == "~=":
            ok = version >= wanted and have[:-1] == wanted[:-1]
        else:
            ok = {
                "==": have == wanted,
                "!=": have != wanted,
                ">=": have >= wanted,
                "<=": have <= wanted,
                ">": have > wanted,
                "<": have < wanted,
            }[op]
        if not ok:
            return False
    return True


def interpreter_version(python: str) -> tuple[int, ...] | None:
    """Version of another interpreter, or None if it cannot be run."""
    try:
        out = subprocess.run(
            [python, "-c", "import sys; print('.'.join(map(str, sys.version_info[:3])))"],
            capture_output=True,
            text=True,
            timeout=30,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return _parse_version(out.strip()) or None


def find_python(spec: str) -> tuple[str, tuple[int, ...]]:
    """The interpreter to build .venv with: this one if the project accepts it, else a
    `python3.N` on PATH that fits (e.g. python3.11 next to Ubuntu 24.04's python3.12)."""
    here = tuple(sys.version_info[:3])
    if version_ok(here, spec):
        return sys.executable, here
    for minor in range(20, 7, -1):
        candidate = shutil.which(f"python3.{minor}")
        version = interpreter_version(candidate) if candidate else None
        if candidate and version and version_ok(version, spec):
            return candidate, version
    raise TaskError(
        f"Runetable needs Python {spec}, but {sys.executable} is "
        f"{'.'.join(map(str, here))} and no fitting python3.N is on PATH.\n"
        f"Install a Python {spec} (Debian 12's python3 is 3.11) and run this script with "
        "it, e.g. `python3.11 tasks.py test`."
    )


# --------------------------------------------------------------------------- apt


class Apt:
    """Installs Debian packages when root, or tells the user the exact command otherwise."""

    def __init__(self) -> None:
        self.updated = False

    @staticmethod
    def available() -> bool:
        """apt only exists on Debian-like Linux; elsewhere callers fall back to a message."""
        return IS_LINUX and bool(shutil.which("apt-get")) and bool(shutil.which("apt-cache"))

    @staticmethod
    def is_root() -> bool:
        return hasattr(os, "geteuid") and os.geteuid() == 0

    def update(self) -> None:
        """Refresh the package lists once: fresh images often ship none, or stale ones."""
        if self.updated:
            return
        say("running apt-get update ...")
        self._apt(["apt-get", "update", "-q"])
        self.updated = True

    @staticmethod
    def candidates(names: list[str]) -> dict[str, bool]:
        """For each package name, whether `apt-cache policy` knows an installable version."""
        result = subprocess.run(
            ["apt-cache", "policy", *names],
            capture_output=True,
            text=True,
            env={**os.environ, "LC_ALL": "C"},
        )
        known: dict[str, bool] = {}
        current = None
        for line in result.stdout.splitlines():
            header = re.match(r"^(\S+):$", line)
            if header:
                current = header.group(1).split(":")[0]  # drop an ":amd64" suffix
            elif current and line.strip().startswith("Candidate:"):
                known[current] = line.split(":", 1)[1].strip() not in ("", "(none)")
        return {name: known.get(name, False) for name in names}

    def choose(self, alternatives: list[tuple[str, ...]]) -> tuple[list[str], list[str]]:
        """Pick, for each group of alternative names, the first that apt can install.

        Returns (chosen packages, groups apt knows none of, shown as their first name).
        Tries "NAMEt64" before "NAME" because newer releases renamed the packages and
        keep the old name only as a virtual package that apt-get refuses to install.
        """

        def with_t64(group: tuple[str, ...]) -> list[str]:
            return [name for base in group for name in (f"{base}t64", base)]

        known = self.candidates(
            sorted({name for group in alternatives for name in with_t64(group)})
        )
        chosen: list[str] = []
        unknown: list[str] = []
        for group in alternatives:
            names = with_t64(group)
            pick = next((name for name in names if known.get(name)), None)
            if pick is None:
                unknown.append(group[0])
            elif pick not in chosen:
                chosen.append(pick)
        return chosen, unknown

    def ensure(self, alternatives: list[tuple[str, ...]], why: str) -> list[str]:
        """Install one package of each group, returning what was installed.

        Not root: raise TaskError naming the exact `sudo apt-get install` command, because
        asking for a password from inside a script surprises people.
        """
        if self.is_root():
            self.update()
        chosen, unknown = self.choose(alternatives)
        if not self.is_root():
            names = chosen + unknown
            update = "sudo apt-get update && " if unknown else ""
            raise TaskError(
                f"{why} needs these system packages: {' '.join(names)}\n"
                "Install them with:\n\n"
                f"    {update}sudo apt-get install -y --no-install-recommends {' '.join(names)}"
                "\n\nthen run this command again."
            )
        if unknown:
            say(f"warning: apt knows no package for: {' '.join(unknown)}")
        if chosen:
            say(f"installing system packages ({why}): {' '.join(chosen)}")
            self._apt(
                [
                    "apt-get",
                    "install",
                    "-y",
                    "-q",
                    "--no-install-recommends",
                    "-o",
                    "DPkg::Lock::Timeout=300",
                    *chosen,
                ]
            )
        return chosen

    @staticmethod
    def _apt(command: list[str]) -> None:
        """Run apt quietly; its (long) output is only shown when it fails."""
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive", "LC_ALL": "C"}
        result = subprocess.run(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
        )
        if result.returncode != 0:
            sys.stderr.write(result.stdout)
            raise TaskError(f"`{' '.join(command)}` failed (exit {result.returncode}), see above")


# --------------------------------------------------------------------------- .venv


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if IS_WINDOWS else "bin/python")


def site_packages() -> Path | None:
    """The venv's site-packages, found without starting its interpreter (keeps runs fast)."""
    if IS_WINDOWS:
        path = VENV / "Lib" / "site-packages"
        return path if path.is_dir() else None
    found = sorted(VENV.glob("lib/python3*/site-packages"))
    return found[-1] if found else None


def venv_version() -> tuple[int, ...] | None:
    """The Python version recorded in .venv/pyvenv.cfg, if any."""
    try:
        text = (VENV / "pyvenv.cfg").read_text()
    except OSError:
        return None
    match = re.search(r"^version(?:_info)?\s*=\s*([\d.]+)", text, re.M)
    return _parse_version(match.group(1)) if match else None


def venv_usable(spec: str) -> bool:
    """A venv we can keep: its python still exists (it is a symlink to the system one),
    has a fitting version and has pip (Debian's failed `python3 -m venv` leaves none)."""
    version = venv_version()
    packages = site_packages()
    return (
        venv_python().exists()
        and version is not None
        and version_ok(version, spec)
        and packages is not None
        and (packages / "pip").is_dir()
    )


def venv_package_alternatives(version: tuple[int, ...]) -> tuple[str, ...]:
    """python3.11-venv matches the interpreter exactly; python3-venv only the default one."""
    return (f"python{version[0]}.{version[1]}-venv", "python3-venv")


def create_venv(apt: Apt, spec: str) -> None:
    """Create .venv, installing Debian's venv package first if ensurepip is missing."""
    python, version = find_python(spec)
    for attempt in (1, 2):
        say(f"creating .venv with {python} ({'.'.join(map(str, version))}) ...")
        result = subprocess.run([python, "-m", "venv", str(VENV)], capture_output=True, text=True)
        if result.returncode == 0 and venv_usable(spec):
            return
        # Debian leaves a half-made venv without pip behind: never keep it.
        shutil.rmtree(VENV, ignore_errors=True)
        output = (result.stdout + result.stderr).strip()
        venv_missing = "ensurepip" in output or "No module named venv" in output
        if attempt == 2 or not venv_missing:
            raise TaskError(f"`{python} -m venv .venv` failed:\n{output}")
        if not apt.available():
            raise TaskError(
                f"`{python} -m venv` does not work here (ensurepip/venv missing):\n{output}\n"
                "Install your system's Python venv package, then run this command again."
            )
        apt.ensure([venv_package_alternatives(version)], "creating .venv")


def pyproject_hash() -> str:
    """What the install depends on: pyproject.toml and setup.py (which files the wheel has)."""
    digest = hashlib.sha256(PYPROJECT.read_bytes())
    setup_py = ROOT / "setup.py"
    if setup_py.exists():
        digest.update(setup_py.read_bytes())
    return digest.hexdigest()


def ensure_venv(apt: Apt) -> None:
    """Make .venv exist and hold the project as described by the current pyproject.toml.

    pip is only run when pyproject.toml differs from the last successful install: pip
    takes seconds even when it has nothing to do, and the app's own code is editable-
    installed, so code changes never need a reinstall.
    """
    spec = requires_python()
    if not venv_usable(spec):
        if VENV.exists():
            say(".venv is unusable (missing python/pip or wrong version): recreating it")
            shutil.rmtree(VENV)
        create_venv(apt, spec)
    digest = pyproject_hash()
    try:
        if STAMP.read_text().strip() == digest:
            return
    except OSError:
        pass
    say("installing Runetable and its Python packages into .venv (pip install -e '.[test]') ...")
    result = subprocess.run(
        [
            str(venv_python()),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--editable",
            ".[test]",
        ],
        cwd=ROOT,
    )
    if result.returncode != 0:
        raise TaskError(f"pip install failed (exit {result.returncode}), see the errors above")
    STAMP.write_text(digest + "\n")


# --------------------------------------------------------------------------- Qt libraries


def qt_files() -> list[Path]:
    """The PySide6 binaries whose library dependencies are checked (see QT_FILES)."""
    packages = site_packages()
    if packages is None:
        return []
    pyside = packages / "PySide6"
    names = list(QT_FILES)
    if os.environ.get("WAYLAND_DISPLAY"):
        names.append(QT_WAYLAND_FILE)
    files = [pyside / name for name in names]
    for folder in QT_PLUGIN_DIRS:
        files.extend(sorted((pyside / folder).glob("*.so")))
    return [path for path in files if path.is_file()]


def missing_sonames(files: list[Path]) -> list[str]:
    """Sonames that the dynamic loader cannot find for `files`, according to ldd."""
    result = subprocess.run(
        ["ldd", *map(str, files)],
        capture_output=True,
        text=True,
        env={**os.environ, "LC_ALL": "C"},
    )
    missing = {
        line.split("=>")[0].strip() for line in result.stdout.splitlines() if "=> not found" in line
    }
    # Qt's own libraries are no system package: one missing here (libQt6Pdf.so.6 for the
    # PDF image plugin) belongs to PySide6-Addons, which the project does not use.
    return sorted(name for name in missing if not name.startswith(QT_OWN_LIBRARIES))


def package_guess(soname: str) -> tuple[str, ...]:
    """Debian package names for a soname: the table, else Debian's naming rule
    (libxcb-icccm.so.4 -> libxcb-icccm4, libxkbcommon-x11.so.0 -> libxkbcommon-x11-0)."""
    if soname in SONAME_PACKAGES:
        return SONAME_PACKAGES[soname]
    match = re.fullmatch(r"(.+?)\.so\.(\d+)(?:\.[\d.]+)?", soname)
    if not match:
        return (soname.split(".so")[0].lower().replace("_", "-"),)
    base, major = match.group(1).lower().replace("_", "-"), match.group(2)
    return (f"{base}-{major}" if base[-1].isdigit() else f"{base}{major}",)


def fonts_present() -> bool:
    """Whether Qt will find any font; without one every label renders as empty boxes."""
    if shutil.which("fc-list"):
        result = subprocess.run(["fc-list"], capture_output=True, text=True)
        return bool(result.stdout.strip())
    # No fontconfig tools (minimal systems): look for font files where fontconfig would.
    folders = [
        Path("/usr/share/fonts"),
        Path("/usr/local/share/fonts"),
        Path.home() / ".local/share/fonts",
        Path.home() / ".fonts",
    ]
    for folder in folders:
        for _dirpath, _dirnames, filenames in os.walk(folder):
            if any(name.lower().endswith(FONT_SUFFIXES) for name in filenames):
                return True
    return False


def ensure_qt_libraries(apt: Apt) -> None:
    """Install the system libraries PySide6's wheels expect but do not ship.

    Fast path (nothing missing): one ldd call and one fc-list call, no apt at all.
    """
    if not IS_LINUX:
        return
    files = qt_files()
    if not files:
        say("warning: PySide6 not found in .venv, cannot check Qt's system libraries")
        return
    if not shutil.which("ldd"):
        say("warning: ldd not found, cannot check Qt's system libraries")
        return
    installed: list[str] = []
    for _round in range(3):  # a newly installed library can reveal further missing ones
        missing = missing_sonames(files)
        need_fonts = not fonts_present()
        if not missing and not need_fonts:
            return
        groups = [package_guess(soname) for soname in missing]
        if need_fonts:
            groups.append((FONT_PACKAGE,))
        if not apt.available():
            say(
                "warning: Qt's system libraries are missing "
                f"({' '.join(missing) or 'no fonts'}); install them with your system's "
                "package manager, or Qt will fail to start"
            )
            return
        new = [p for p in apt.ensure(groups, "Qt (PySide6)") if p not in installed]
        if not new:
            break
        installed.extend(new)
    still = missing_sonames(files)
    if still:
        say(f"warning: still missing after apt-get: {' '.join(still)}")


# --------------------------------------------------------------------------- commands


def prepare(with_qt: bool = True) -> None:
    """Everything `run` and `test` need, each step skipped when already done."""
    apt = Apt()
    ensure_venv(apt)
    if with_qt:
        ensure_qt_libraries(apt)


def has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def cmd_setup(args: list[str]) -> int:
    prepare()
    say("ready: `python3 tasks.py run` starts Runetable, `python3 tasks.py test` tests it")
    return 0


def cmd_run(args: list[str]) -> int:
    prepare()
    screenshot = any(arg == "--screenshot" or arg.startswith("--screenshot=") for arg in args)
    headless = IS_LINUX and not has_display() and "QT_QPA_PLATFORM" not in os.environ
    if any(arg in ("-h", "--help", "--version") for arg in args):
        headless = False  # prints and exits: no window, so no hint
    if headless and screenshot:
        # A screenshot needs no screen: without this, Qt would try X11 and abort.
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    elif headless:
        # Stop here: Qt's own abort (about xcb-cursor or the xcb plugin) would point the
        # player at a library that is not the problem.
        say(
            "no display found (DISPLAY and WAYLAND_DISPLAY are unset): Runetable is a desktop "
            "program and needs a graphical session.\n"
            "  Run it from a desktop terminal, or with a virtual display: "
            "`xvfb-run python3 tasks.py run` (apt-get install xvfb),\n"
            "  or render without any display: `python3 tasks.py run --screenshot board.png`."
        )
        return 1
    command = [str(venv_python()), "-m", "app", *args]
    if IS_WINDOWS:
        return subprocess.call(command)
    # Replace this process so that signals (Ctrl+C) and the exit code belong to the app.
    os.execv(command[0], command)
    return 0  # not reached


def cmd_test(args: list[str]) -> int:
    prepare()
    env = dict(os.environ)
    # Tests never need a real screen: offscreen works without a display (CI, ssh) and keeps
    # windows from popping up on a developer's desktop. An explicit setting wins.
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    code = subprocess.call([str(venv_python()), "-m", "pytest", *args], cwd=ROOT, env=env)
    if code == 5:
        say("pytest ran no tests (exit 5): counting that as a failure")
    if code == 0 and os.environ.get("CI") == "true":
        say("tests passed and CI=true: the installed-program check follows")
        code = cmd_check_installed([])
    return code


def cmd_lint(args: list[str]) -> int:
    prepare(with_qt=False)
    return subprocess.call([str(venv_python()), "-m", "ruff", "check", *(args or ["."])], cwd=ROOT)


def cmd_clean(args: list[str]) -> int:
    """Remove generated files; --all also removes .venv (the next run reinstalls it)."""
    targets = [ROOT / name for name in ("build", "dist", ".pytest_cache", ".ruff_cache")]
    targets += [ROOT / ".hypothesis", *ROOT.glob("*.egg-info")]
    for dirpath, dirnames, _filenames in os.walk(ROOT):
        dirnames[:] = [d for d in dirnames if d not in (".venv", ".git")]
        if "__pycache__" in dirnames:
            targets.append(Path(dirpath) / "__pycache__")
            dirnames.remove("__pycache__")
    if "--all" in args:
        targets.append(VENV)
    for target in targets:
        if target.exists():
            say(f"removing {target.relative_to(ROOT)}")
            shutil.rmtree(target)
    return 0


# --------------------------------------------------------------------------- installers

# Tools the builds call, and the Debian package of each: objdump for PyInstaller and for
# the .deb's Depends:, dpkg-deb for the .deb, debootstrap for the installed-program check.
PACKAGE_TOOLS = {"objdump": "binutils", "dpkg-deb": "dpkg"}
CHECK_TOOLS = {**PACKAGE_TOOLS, "debootstrap": "debootstrap"}


def packaging_installed() -> bool:
    """Whether .venv has the PyInstaller that pyproject.toml's `package` extra pins."""
    pin = re.search(r'"pyinstaller==([^";]+)"', PYPROJECT.read_text())
    packages = site_packages()
    return bool(pin and packages
                and (packages / f"pyinstaller-{pin.group(1)}.dist-info").is_dir())


def prepare_packaging(tools: dict[str, str], why: str) -> None:
    """Everything `prepare` does, plus the `package` extra and the build tools."""
    if not IS_LINUX:
        raise TaskError(
            "the Linux downloads are built on Debian or Ubuntu; for Windows and macOS see "
            "README.md, 'Build the installers'")
    prepare()
    if not packaging_installed():
        say("installing the packaging tools into .venv (pip install -e '.[test,package]') ...")
        result = subprocess.call([str(venv_python()), "-m", "pip", "install", "--quiet",
                                  "--disable-pip-version-check", "--editable",
                                  ".[test,package]"], cwd=ROOT)
        if result != 0:
            raise TaskError(f"pip install failed (exit {result}), see the errors above")
    missing = sorted({package for tool, package in tools.items() if not shutil.which(tool)})
    if missing:
        Apt().ensure([(package,) for package in missing], why)


def cmd_package(args: list[str]) -> int:
    prepare_packaging(PACKAGE_TOOLS, "building the installers")
    return subprocess.call([str(venv_python()), "packaging/build_linux.py", *args], cwd=ROOT)


def cmd_check_installed(args: list[str]) -> int:
    if not Apt.is_root():
        raise TaskError("the installed-program check needs root (debootstrap, mount, "
                        "chroot): run `sudo python3 tasks.py check-installed`")
    prepare_packaging(CHECK_TOOLS, "the installed-program check")
    return subprocess.call([str(venv_python()), "packaging/check_installed.py", *args],
                           cwd=ROOT)


COMMANDS = {
    "run": cmd_run,
    "test": cmd_test,
    "setup": cmd_setup,
    "lint": cmd_lint,
    "clean": cmd_clean,
    "package": cmd_package,
    "check-installed": cmd_check_installed,
}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(__doc__, file=sys.stderr)
        return 0 if argv and argv[0] in ("-h", "--help", "help") else 2
    try:
        return COMMANDS[argv[0]](argv[1:])
    except TaskError as error:
        say(str(error))
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
