"""Build Runetable's Linux downloads from this checkout.

    python packaging/build_linux.py [--skip-freeze]

Writes to dist/:
  runetable/                                the PyInstaller one-folder program
  runetable-<version>-linux-<arch>.tar.gz   that folder, to unpack and run in place
  runetable_<version>_<debarch>.deb         the same program for apt/dpkg, made with dpkg-deb

Run it with the project's .venv interpreter (`python3 tasks.py package` does), on the
Debian or Ubuntu release the .deb is meant for: its Depends: names that machine's
packages for the system libraries the program loads.
"""

from __future__ import annotations

import argparse
import datetime
import os
import shutil
import stat
import subprocess
import sys
import tarfile
import time
from dataclasses import dataclass
from pathlib import Path

import deb_files
import icon_files
from project_meta import NAME, ROOT, machine, version

DIST = ROOT / "dist"
BUILD = ROOT / "build"
SPEC = Path(__file__).resolve().parent / "runetable.spec"
BUNDLE = DIST / NAME


@dataclass(frozen=True)
class Artifacts:
    bundle: Path
    tarball: Path
    deb: Path


def say(message: str) -> None:
    print(f"build_linux: {message}", file=sys.stderr, flush=True)


def run(command: list[str], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run a build tool; a failure stops the build, naming the command."""
    result = subprocess.run(command, text=True, capture_output=True, cwd=cwd)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise RuntimeError(f"`{' '.join(command)}` failed with exit code {result.returncode}")
    return result


def freeze() -> None:
    """PyInstaller with the one spec; --clean so no stale module survives a rebuild."""
    say("freezing with PyInstaller (about a minute) ...")
    run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
         "--distpath", str(DIST), "--workpath", str(BUILD / "pyinstaller"), str(SPEC)],
        cwd=ROOT)


def folder_size(folder: Path) -> int:
    """Bytes in a folder's files, symlinks counted as links (as they unpack)."""
    return sum(path.lstat().st_size for path in folder.rglob("*")
               if path.is_symlink() or path.is_file())


def elf_files(folder: Path) -> list[Path]:
    found = []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as handle:
                if handle.read(4) == b"\x7fELF":
                    found.append(path)
    return found


def system_sonames(bundle: Path) -> list[str]:
    """Libraries the bundle's binaries need that it does not hold itself."""
    needed: dict[str, list[str]] = {}
    provided = {path.name for path in bundle.rglob("*")}
    for path in elf_files(bundle):
        libs, soname = deb_files.needed_and_soname(run(["objdump", "-p", str(path)]).stdout)
        needed[str(path)] = libs
        if soname:
            provided.add(soname)
    return deb_files.outside_sonames(needed, provided)


def package_owners(sonames: list[str]) -> dict[str, str]:
    """soname -> the installed Debian package that holds it, via ldconfig and dpkg."""
    ldconfig = shutil.which("ldconfig") or "/sbin/ldconfig"
    paths = deb_files.ldconfig_paths(run([ldconfig, "-p"]).stdout)
    candidates: dict[str, list[str]] = {}
    for soname in sonames:
        if soname in paths:
            real = os.path.realpath(paths[soname])
            # merged /usr: dpkg may have recorded either spelling of the directory
            variants = {paths[soname], real}
            variants |= {p.removeprefix("/usr") if p.startswith("/usr/") else "/usr" + p
                         for p in list(variants)}
            candidates[soname] = sorted(variants)
    query = subprocess.run(["dpkg-query", "-S", *sorted({p for v in candidates.values()
                                                         for p in v})],
                           text=True, capture_output=True)
    owners = deb_files.dpkg_owners(query.stdout)
    return {soname: next(owners[p] for p in variants if p in owners)
            for soname, variants in candidates.items()
            if any(p in owners for p in variants)}


def install_libraries(sonames: list[str]) -> None:
    """Get the libraries this machine lacks from apt, through tasks.py's apt helper
    (which, when not root, stops with the exact `sudo apt-get install` line instead)."""
    sys.path.insert(0, str(ROOT))
    import tasks

    say(f"this machine lacks {', '.join(sonames)}, which the bundle loads")
    try:
        tasks.Apt().ensure([tasks.package_guess(s) for s in sonames], "the .deb's Depends:")
    except tasks.TaskError as exc:
        raise RuntimeError(str(exc)) from None


def resolve_owners(sonames: list[str]) -> dict[str, str]:
    """Packages for the sonames, installing the missing ones first when possible: the
    Depends: line can only name packages that dpkg shows holding the library."""
    owners = package_owners(sonames)
    missing = [s for s in sonames if s not in owners and not deb_files.is_libc_part(s)]
    if missing:
        install_libraries(missing)
        owners = package_owners(sonames)
    return owners


def libc_version() -> str:
    return run(["dpkg-query", "-W", "-f=${Version}", "libc6"]).stdout.strip()


def release_date() -> str:
    """The release's date for AppStream: SOURCE_DATE_EPOCH, else the last commit's."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        return datetime.datetime.fromtimestamp(int(epoch), datetime.UTC).date().isoformat()
    result = subprocess.run(["git", "log", "-1", "--format=%cs"], cwd=ROOT, text=True,
                            capture_output=True)
    return result.stdout.strip() or time.strftime("%Y-%m-%d")


def write_tarball(bundle: Path, out: Path, top: str) -> None:
    """The folder as a .tar.gz owned by root, so unpacking as anyone gives sane files."""
    def as_root(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = "root"
        return info

    with tarfile.open(out, "w:gz", compresslevel=6) as archive:
        archive.add(bundle, arcname=top, filter=as_root)


def _tidy_modes(tree: Path) -> None:
    """No group/other write bits: dpkg and lintian reject world-writable files."""
    for path in [tree, *tree.rglob("*")]:
        if not path.is_symlink():
            mode = path.stat().st_mode
            path.chmod(stat.S_IMODE(mode) & ~0o022)


def installed_kib(tree: Path) -> int:
    """Installed-Size as dpkg-gencontrol counts it: KiB per file rounded up, 1 per entry."""
    total = 0
    for path in tree.rglob("*"):
        if "DEBIAN" in path.relative_to(tree).parts:
            continue
        total += (path.lstat().st_size + 1023) // 1024 if path.is_file() else 1
    return total


def stage_deb(bundle: Path, icons: Path, stage: Path, depends_on: list[str]) -> None:
    """Lay out the package's files under `stage` as they will be on disk."""
    if stage.exists():
        shutil.rmtree(stage)
    opt = stage / deb_files.INSTALL_DIR.lstrip("/")
    shutil.copytree(bundle, opt, symlinks=True)
    command = stage / deb_files.COMMAND.lstrip("/")
    command.parent.mkdir(parents=True)
    command.symlink_to(f"{deb_files.INSTALL_DIR}/{NAME}")
    share = stage / "usr/share"
    files = {
        share / "applications" / deb_files.DESKTOP_FILE: deb_files.desktop_entry(),
        share / "mime/packages" / f"{NAME}.xml": deb_files.mime_info(),
        share / "metainfo" / deb_files.METAINFO_FILE:
            deb_files.metainfo(version(), release_date()),
        share / "doc" / NAME / "copyright": deb_files.copyright_notice(),
    }
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for size in icon_files.HICOLOR_SIZES:
        target = share / f"icons/hicolor/{size}x{size}/apps/{NAME}.png"
        target.parent.mkdir(parents=True)
        shutil.copyfile(icons / f"{size}.png", target)
    scalable = share / "icons/hicolor/scalable/apps"
    scalable.mkdir(parents=True)
    shutil.copyfile(icons / f"{NAME}.svg", scalable / f"{NAME}.svg")
    _tidy_modes(stage)
    (stage / "DEBIAN").mkdir(mode=0o755)
    text = deb_files.control(version(), deb_files.debian_arch(machine()), installed_kib(stage),
                             depends_on)
    (stage / "DEBIAN/control").write_text(text, encoding="utf-8")


def build(skip_freeze: bool = False) -> Artifacts:
    if not skip_freeze or not (BUNDLE / NAME).is_file():
        freeze()
    icons = BUILD / "icons"
    icon_files.write_icons(icons)
    ver, arch = version(), machine()
    tarball = DIST / f"{NAME}-{ver}-linux-{arch}.tar.gz"
    say(f"writing {tarball.name} ...")
    write_tarball(BUNDLE, tarball, f"{NAME}-{ver}")

    sonames = system_sonames(BUNDLE)
    owners = resolve_owners(sonames)
    depends_on = deb_files.depends(sonames, owners.get, libc_version())
    say(f"Depends: {', '.join(depends_on)}")
    stage = BUILD / "deb" / NAME
    stage_deb(BUNDLE, icons, stage, depends_on)
    deb = DIST / f"{NAME}_{deb_files.debian_version(ver)}_{deb_files.debian_arch(arch)}.deb"
    say(f"writing {deb.name} with dpkg-deb ...")
    run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(stage), str(deb)])
    shutil.rmtree(stage)
    return Artifacts(BUNDLE, tarball, deb)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--skip-freeze", action="store_true",
                        help="reuse dist/runetable from an earlier build")
    args = parser.parse_args(argv)
    try:
        artifacts = build(args.skip_freeze)
    except (RuntimeError, LookupError, OSError) as exc:
        say(f"error: {exc}")
        return 1
    mib = 1024 * 1024
    print(f"bundle   {artifacts.bundle}  {folder_size(artifacts.bundle) / mib:.1f} MiB unpacked")
    print(f"tar.gz   {artifacts.tarball}  {artifacts.tarball.stat().st_size / mib:.1f} MiB")
    print(f"deb      {artifacts.deb}  {artifacts.deb.stat().st_size / mib:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
