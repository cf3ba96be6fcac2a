"""A clean Debian root to install the .deb into, as a player's fresh system would be.

debootstrap makes a minbase root of the build machine's own release (so the Depends:
worked out on this machine name packages that exist there). Inside a `with` block the
root has /proc, /sys, /dev and /dev/pts mounted; leaving the block, for any reason,
unmounts them, and the root is only ever deleted once nothing is mounted in it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

DEFAULT_MIRRORS = {"debian": "http://deb.debian.org/debian",
                   "ubuntu": "http://archive.ubuntu.com/ubuntu"}
PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
PROXY_VARIABLES = ("http_proxy", "https_proxy", "no_proxy")
# (what, type, where in the root, extra mount options); bind mounts give the root the
# machine's devices, so programs there can open /dev/null and terminals.
MOUNTS = (
    ("proc", "proc", "proc", ()),
    ("sysfs", "sysfs", "sys", ()),
    ("/dev", None, "dev", ("--bind",)),
    ("/dev/pts", None, "dev/pts", ("--bind",)),
)


class RootError(Exception):
    """Making, entering or leaving the root failed; the message says which step."""


def parse_os_release(text: str) -> dict[str, str]:
    values = {}
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if sep:
            values[key.strip()] = value.strip().strip('"')
    return values


def apt_source(sources: Sequence[str], suite: str) -> tuple[str, list[str]] | None:
    """(archive URI, components) that apt on this machine uses for `suite`, from the
    texts of its sources.list (one-line format) and *.sources (deb822) files. The
    components matter: Ubuntu keeps some of Qt's libraries in "universe"."""
    for text in sources:
        for line in text.splitlines():
            words = line.split("#", 1)[0].split()
            if words[:1] != ["deb"]:
                continue
            rest = words[1:]
            if rest and rest[0].startswith("["):  # [arch=amd64 signed-by=...] options
                closing = next((i for i, w in enumerate(rest) if w.endswith("]")), len(rest))
                rest = rest[closing + 1:]
            if len(rest) >= 3 and rest[1] == suite:
                return rest[0].rstrip("/"), rest[2:]
        for stanza in re.split(r"\n\s*\n", text):
            fields = dict(re.findall(r"^(\w[\w-]*):[ \t]*(.*)$", stanza, re.M))
            if ("deb" in fields.get("Types", "").split()
                    and suite in fields.get("Suites", "").split() and fields.get("URIs")):
                return (fields["URIs"].split()[0].rstrip("/"),
                        fields.get("Components", "main").split())
    return None


def host_release() -> tuple[str, str, list[str]]:
    """(suite, mirror, components) of this machine, e.g. ("bookworm",
    "http://deb.debian.org/debian", ["main"])."""
    info = parse_os_release(Path("/etc/os-release").read_text())
    suite = info.get("VERSION_CODENAME", "")
    if not suite:
        raise RootError("/etc/os-release names no release codename: not Debian or Ubuntu?")
    texts = []
    for path in [Path("/etc/apt/sources.list"), *sorted(Path("/etc/apt/sources.list.d")
                                                        .glob("*"))]:
        if path.suffix in (".list", ".sources") and path.is_file():
            texts.append(path.read_text(errors="replace"))
    found = apt_source(texts, suite)
    if found:
        return suite, found[0], found[1]
    if info.get("ID") in DEFAULT_MIRRORS:
        return suite, DEFAULT_MIRRORS[info["ID"]], ["main"]
    raise RootError(f"no apt source for {suite} found in /etc/apt")


def mounted_under(root: Path, mounts_text: str | None = None) -> list[str]:
    """Mount points at or below `root`, deepest first (the order to unmount them in)."""
    if mounts_text is None:
        mounts_text = Path("/proc/mounts").read_text()
    prefix = str(root.resolve())
    points = [line.split()[1].replace("\\040", " ") for line in mounts_text.splitlines()]
    inside = [p for p in points if p == prefix or p.startswith(prefix + "/")]
    return sorted(set(inside), key=lambda p: p.count("/"), reverse=True)


def unmount_all(root: Path) -> None:
    """Unmount whatever is mounted in the root (a crashed earlier run may have left some),
    lazily if a plain unmount is refused."""
    for point in mounted_under(root):
        if subprocess.run(["umount", point], capture_output=True).returncode != 0:
            subprocess.run(["umount", "--lazy", point], capture_output=True)
    left = mounted_under(root)
    if left:
        raise RootError(f"could not unmount {', '.join(left)}; unmount them by hand")


def remove_root(root: Path) -> None:
    """Delete the root, never while something is mounted there: deleting through a bind
    mount of /dev would delete the machine's own device nodes."""
    if not root.exists():
        return
    unmount_all(root)
    shutil.rmtree(root)


def _tar(args: list[str], folder: Path) -> None:
    """GNU tar, not tarfile: a root holds device nodes and owners to keep exactly."""
    result = subprocess.run(["tar", "--numeric-owner", "-C", str(folder), *args],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise RootError(f"tar {' '.join(args)} failed: {result.stderr.strip()}")


class DebianRoot:
    """A debootstrapped root at `path`, made afresh or unpacked from `cache`."""

    def __init__(self, path: Path, suite: str, mirror: str, components: list[str],
                 cache: Path | None) -> None:
        self.path = path
        self.suite = suite
        self.mirror = mirror
        self.components = components
        self.cache = cache

    def create(self, log: Path) -> str:
        """Make the root; returns how ("cache" or "debootstrap")."""
        remove_root(self.path)
        self.path.mkdir(parents=True)
        if self.cache and self.cache.is_file():
            _tar(["-xf", str(self.cache)], self.path)
            return "cache"
        command = ["debootstrap", "--variant=minbase",
                   f"--components={','.join(self.components)}"]
        if self.mirror.startswith("https:"):
            command.append("--include=ca-certificates")
        with log.open("w") as out:
            result = subprocess.run([*command, self.suite, str(self.path), self.mirror],
                                    stdout=out, stderr=subprocess.STDOUT)
        if result.returncode != 0:
            raise RootError(f"debootstrap {self.suite} from {self.mirror} failed "
                            f"(exit {result.returncode}); its log: {log}")
        if self.cache:
            self.cache.parent.mkdir(parents=True, exist_ok=True)
            _tar(["-cf", str(self.cache), "."], self.path)
        return "debootstrap"

    def __enter__(self) -> DebianRoot:
        try:
            for source, kind, target, options in MOUNTS:
                point = self.path / target
                point.mkdir(parents=True, exist_ok=True)
                command = ["mount", *options, source, str(point)]
                if kind:
                    command[1:1] = ["-t", kind]
                result = subprocess.run(command, capture_output=True, text=True)
                if result.returncode != 0:
                    raise RootError(f"`{' '.join(command)}` failed: {result.stderr.strip()}")
            self._copy_network_settings()
        except BaseException:
            unmount_all(self.path)
            raise
        return self

    def __exit__(self, *exc_info: object) -> None:
        unmount_all(self.path)

    def _copy_network_settings(self) -> None:
        """DNS, and this machine's extra certificate authorities (a proxy's, say), so
        apt inside reaches the same archive that debootstrap did."""
        etc = self.path / "etc"
        resolv = etc / "resolv.conf"
        if resolv.is_symlink() or resolv.exists():
            resolv.unlink()
        shutil.copyfile("/etc/resolv.conf", resolv)
        # Services must not start inside the root while packages are installed.
        policy = self.path / "usr/sbin/policy-rc.d"
        policy.write_text("#!/bin/sh\nexit 101\n")
        policy.chmod(0o755)
        extra_cas = sorted(Path("/usr/local/share/ca-certificates").glob("*.crt"))
        if extra_cas and (self.path / "usr/sbin/update-ca-certificates").exists():
            target = self.path / "usr/local/share/ca-certificates"
            target.mkdir(parents=True, exist_ok=True)
            for cert in extra_cas:
                shutil.copyfile(cert, target / cert.name)
            self.run(["update-ca-certificates"])

    def command(self, argv: Sequence[str], user: str | None = None, cwd: str = "/",
                env: dict[str, str] | None = None) -> list[str]:
        """The host command line running `argv` in the root with a clean environment,
        as root or as `user` (whose home is /home/<user>)."""
        home = f"/home/{user}" if user else "/root"
        variables = {"PATH": PATH, "HOME": home, "LANG": "C.UTF-8", "TERM": "dumb",
                     **({} if user else {"DEBIAN_FRONTEND": "noninteractive"}),
                     **{k: v for k, v in os.environ.items() if k.lower() in PROXY_VARIABLES},
                     **(env or {})}
        prefix = ["chroot"]
        if user:
            prefix.append(f"--userspec={user}:{user}")
        return [*prefix, str(self.path), "/usr/bin/env", "-i", "-C", cwd,
                *(f"{k}={v}" for k, v in variables.items()), *argv]

    def run(self, argv: Sequence[str], user: str | None = None, cwd: str = "/",
            env: dict[str, str] | None = None, timeout: float = 600,
            ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(self.command(argv, user, cwd, env), text=True,
                              capture_output=True, timeout=timeout)
