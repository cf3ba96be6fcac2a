"""The clean Debian root's helpers: release and mirror detection, mounts, commands."""

from __future__ import annotations

from pathlib import Path

import debroot

ONE_LINE = """\
# deb http://old.example/debian bookworm main
deb-src http://deb.debian.org/debian bookworm main
deb [arch=amd64 signed-by=/k.gpg] http://mirror.example/debian/ bookworm main contrib
"""
DEB822 = """\
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
"""


def test_os_release_values_lose_their_quotes():
    info = debroot.parse_os_release('ID=debian\nVERSION_CODENAME=bookworm\nNAME="Debian GNU"\n')
    assert info == {"ID": "debian", "VERSION_CODENAME": "bookworm", "NAME": "Debian GNU"}


def test_one_line_sources_skip_comments_sources_and_options():
    assert debroot.apt_source([ONE_LINE], "bookworm") == (
        "http://mirror.example/debian", ["main", "contrib"])


def test_deb822_sources_match_the_suite_among_several():
    assert debroot.apt_source([DEB822], "bookworm") == ("http://deb.debian.org/debian",
                                                        ["main"])
    assert debroot.apt_source([DEB822], "bookworm-security") == (
        "http://deb.debian.org/debian-security", ["main"])


def test_ubuntu_components_are_kept():
    ubuntu = ("Types: deb\nURIs: http://archive.ubuntu.com/ubuntu/\n"
              "Suites: noble noble-updates\nComponents: main restricted universe\n")
    assert debroot.apt_source([ubuntu], "noble") == (
        "http://archive.ubuntu.com/ubuntu", ["main", "restricted", "universe"])


def test_no_source_for_the_suite_gives_none():
    assert debroot.apt_source([ONE_LINE, DEB822], "trixie") is None


def test_mounts_inside_the_root_are_listed_deepest_first():
    mounts = ("proc /var/tmp/r/proc proc rw 0 0\n"
              "udev /var/tmp/r/dev devtmpfs rw 0 0\n"
              "devpts /var/tmp/r/dev/pts devpts rw 0 0\n"
              "proc /var/tmp/r2/proc proc rw 0 0\n"
              "/dev/vda / ext4 rw 0 0\n")
    found = debroot.mounted_under(Path("/var/tmp/r"), mounts)
    assert found[0] == "/var/tmp/r/dev/pts"
    assert sorted(found) == ["/var/tmp/r/dev", "/var/tmp/r/dev/pts", "/var/tmp/r/proc"]


def test_commands_run_in_the_root_with_a_clean_environment(tmp_path):
    root = debroot.DebianRoot(tmp_path, "bookworm", "http://deb.debian.org/debian", ["main"],
                              None)
    command = root.command(["runetable", "--version"], user="player", cwd="/home/player",
                           env={"QT_QPA_PLATFORM": "offscreen"})
    assert command[:3] == ["chroot", "--userspec=player:player", str(tmp_path)]
    assert command[3:7] == ["/usr/bin/env", "-i", "-C", "/home/player"]
    assert "HOME=/home/player" in command and "QT_QPA_PLATFORM=offscreen" in command
    assert not any(word.startswith("DEBIAN_FRONTEND=") for word in command)
    assert command[-2:] == ["runetable", "--version"]
    as_root = root.command(["apt-get", "update"])
    assert as_root[1] == str(tmp_path) and "HOME=/root" in as_root
    assert "DEBIAN_FRONTEND=noninteractive" in as_root


def test_a_root_with_nothing_mounted_is_removed(tmp_path):
    root = tmp_path / "root"
    (root / "etc").mkdir(parents=True)
    debroot.remove_root(root)
    assert not root.exists()
