"""The texts of Runetable's .deb: control file, desktop entry, MIME type, AppStream
metadata, and the Depends: line worked out from the bundle's libraries.

Pure functions of their inputs (the version, the soname lists), so tests can check
every file without building anything. build_linux.py writes them into the package.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterable
from xml.etree import ElementTree as ET

from project_meta import (
    APP_ID,
    DESCRIPTION,
    MAINTAINER,
    NAME,
    SAVE_DESCRIPTION,
    SAVE_EXTENSION,
    SAVE_MIME_TYPE,
    SUMMARY,
    TITLE,
)

INSTALL_DIR = f"/opt/{NAME}"
COMMAND = f"/usr/bin/{NAME}"
DESKTOP_FILE = f"{NAME}.desktop"
METAINFO_FILE = f"{APP_ID}.metainfo.xml"
# The dynamic loader and the C library's own parts come with libc6 itself.
_LIBC_PARTS = re.compile(r"^(ld-linux[\w.-]*|lib(c|m|dl|pthread|rt|resolv|util)\.so[\d.]*)$")
_NEEDED = re.compile(r"^\s*NEEDED\s+(\S+)", re.M)
_SONAME = re.compile(r"^\s*SONAME\s+(\S+)", re.M)


def debian_version(version: str) -> str:
    """A PEP 440 version in Debian's spelling: pre-releases sort before the release
    ("1.0rc1" -> "1.0~rc1"), which in Debian needs the tilde."""
    return re.sub(r"\.?(a|b|rc|dev)(\d*)$", r"~\1\2", version)


def debian_arch(machine: str) -> str:
    return {"x86_64": "amd64", "arm64": "arm64", "aarch64": "arm64"}.get(machine, machine)


def needed_and_soname(objdump_output: str) -> tuple[list[str], str | None]:
    """The NEEDED entries and SONAME of one `objdump -p` listing."""
    soname = _SONAME.search(objdump_output)
    return _NEEDED.findall(objdump_output), soname.group(1) if soname else None


def outside_sonames(needed: dict[str, list[str]], provided: Iterable[str]) -> list[str]:
    """Libraries the bundle's files need that the bundle itself does not hold.

    `needed` maps each bundled binary to its NEEDED list; `provided` are the file
    names and sonames present in the bundle.
    """
    have = set(provided)
    return sorted({lib for libs in needed.values() for lib in libs if lib not in have})


def ldconfig_paths(ldconfig_output: str) -> dict[str, str]:
    """soname -> path of the 64-bit libraries in `ldconfig -p`'s cache listing.

    32-bit copies of multiarch systems are listed too, without "64" in their flags;
    the bundle is 64-bit, so only those are wanted.
    """
    paths: dict[str, str] = {}
    for line in ldconfig_output.splitlines():
        found = re.match(r"^\s+(\S+) \(([^)]*)\) => (\S+)$", line)
        if found and "64" in found.group(2):
            paths.setdefault(found.group(1), found.group(3))
    return paths


def dpkg_owners(dpkg_query_output: str) -> dict[str, str]:
    """path -> package from `dpkg-query -S PATH...` ("pkg:arch[, pkg2]: /path")."""
    owners: dict[str, str] = {}
    for line in dpkg_query_output.splitlines():
        if line.startswith("diversion ") or ": " not in line:
            continue
        packages, path = line.split(": ", 1)
        owners[path.strip()] = packages.split(",")[0].split(":")[0].strip()
    return owners


def is_libc_part(soname: str) -> bool:
    return bool(_LIBC_PARTS.match(soname))


def depends(sonames: Iterable[str], owner: Callable[[str], str | None],
            libc_version: str) -> list[str]:
    """The Depends: entries for libraries taken from the system.

    `owner` names the Debian package holding a soname on the build machine (None when
    none does: then the bundle needs a library this machine lacks, and no correct
    Depends: can be written). libc6 gets the build machine's version as a minimum,
    because the bundled Python was linked against it.
    """
    packages: set[str] = set()
    unknown: list[str] = []
    for soname in sonames:
        if is_libc_part(soname):
            continue
        package = owner(soname)
        if package is None:
            unknown.append(soname)
        elif package != "libc6":
            packages.add(package)
    if unknown:
        raise LookupError(f"no installed package provides {', '.join(unknown)}: install "
                          "them on the build machine so the .deb can depend on them")
    upstream = libc_version.split("-")[0]
    return [f"libc6 (>= {upstream})", *sorted(packages)]


def control(version: str, arch: str, installed_kib: int, depends_on: list[str]) -> str:
    """DEBIAN/control; the long description is folded and indented as Debian requires."""
    body = textwrap.fill(DESCRIPTION, width=72, initial_indent=" ", subsequent_indent=" ")
    return (
        f"Package: {NAME}\n"
        f"Version: {debian_version(version)}\n"
        f"Architecture: {arch}\n"
        f"Maintainer: {MAINTAINER}\n"
        f"Installed-Size: {installed_kib}\n"
        f"Depends: {', '.join(depends_on)}\n"
        "Section: games\n"
        "Priority: optional\n"
        f"Description: {SUMMARY}\n"
        f"{body}\n"
    )


def desktop_entry() -> str:
    """The applications-menu entry; %f lets the file manager open .runetable saves."""
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        f"Name={TITLE}\n"
        "GenericName=Tabletop games\n"
        f"Comment={SUMMARY}\n"
        f"Exec={NAME} %f\n"
        f"Icon={NAME}\n"
        "Terminal=false\n"
        "Categories=Game;BoardGame;CardGame;\n"
        "Keywords=cards;dice;board game;tabletop;hot-seat;\n"
        f"MimeType={SAVE_MIME_TYPE};\n"
        # Qt names the window class after the executable: docks match it to this entry.
        f"StartupWMClass={NAME}\n"
    )


def _xml(root: ET.Element) -> str:
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"


def mime_info() -> str:
    """shared-mime-info entry: *.runetable files are JSON saves that Runetable opens."""
    root = ET.Element("mime-info",
                      xmlns="http://www.freedesktop.org/standards/shared-mime-info")
    kind = ET.SubElement(root, "mime-type", type=SAVE_MIME_TYPE)
    ET.SubElement(kind, "comment").text = SAVE_DESCRIPTION
    ET.SubElement(kind, "sub-class-of", type="application/json")
    ET.SubElement(kind, "icon", name=NAME)
    ET.SubElement(kind, "glob", pattern=f"*{SAVE_EXTENSION}")
    return _xml(root)


def metainfo(version: str, date: str) -> str:
    """AppStream metadata, which software centres show; `date` is YYYY-MM-DD."""
    root = ET.Element("component", type="desktop-application")
    ET.SubElement(root, "id").text = APP_ID
    ET.SubElement(root, "metadata_license").text = "CC0-1.0"
    ET.SubElement(root, "project_license").text = "LicenseRef-proprietary"
    ET.SubElement(root, "name").text = TITLE
    ET.SubElement(root, "summary").text = SUMMARY
    description = ET.SubElement(root, "description")
    ET.SubElement(description, "p").text = DESCRIPTION
    developer = ET.SubElement(root, "developer", id=APP_ID.rsplit(".", 1)[0])
    ET.SubElement(developer, "name").text = TITLE
    ET.SubElement(root, "launchable", type="desktop-id").text = DESKTOP_FILE
    provides = ET.SubElement(root, "provides")
    ET.SubElement(provides, "binary").text = NAME
    ET.SubElement(provides, "mediatype").text = SAVE_MIME_TYPE
    ET.SubElement(root, "content_rating", type="oars-1.1")
    releases = ET.SubElement(root, "releases")
    ET.SubElement(releases, "release", version=version, date=date)
    return _xml(root)


def copyright_notice() -> str:
    """/usr/share/doc/<package>/copyright: Debian policy wants one in every package."""
    return (
        f"{TITLE}\n\n"
        "Runetable itself: all rights reserved by its authors.\n\n"
        f"The program folder {INSTALL_DIR} also holds, unchanged:\n"
        " Python 3.11 (PSF License), Qt 6 and PySide6 (LGPL-3.0), numpy (BSD-3-Clause),\n"
        " pyqtgraph (MIT), pydantic and pydantic-core (MIT), and the libraries they\n"
        " load, each under its own licence.\n"
    )
