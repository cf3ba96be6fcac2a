#!/usr/bin/env bash
# Runetable.app and its .dmg for this Mac's architecture (arm64 or x86_64): build once
# on an Apple-silicon Mac and once on an Intel Mac (or the two hosted CI runners).
#
#   packaging/macos/make_dmg.sh        from the checkout, after `pip install -e '.[package]'`
#
# Output: dist/Runetable.app and dist/Runetable-<version>-macos-<arch>.dmg
#
# Signing and notarisation run only when their credentials are in the environment
# (in CI they come from the repository's secrets; see README, "Build the installers"):
#   MACOS_SIGN_IDENTITY  "Developer ID Application: <name> (<team id>)", a certificate in
#                        the keychain: PyInstaller signs every binary and the .app with
#                        it (hardened runtime), this script signs the .dmg
#   APPLE_ID, APPLE_TEAM_ID, APPLE_APP_PASSWORD
#                        an Apple ID, its team and an app-specific password for
#                        `xcrun notarytool`; the notarisation ticket is then stapled
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
PYTHON=${PYTHON:-.venv/bin/python}

version=$("$PYTHON" -c 'import sys; sys.path.insert(0, "packaging"); import project_meta; print(project_meta.version())')
arch=$(uname -m)
app=dist/Runetable.app
dmg="dist/Runetable-$version-macos-$arch.dmg"

"$PYTHON" -m PyInstaller --noconfirm --clean --distpath dist --workpath build/pyinstaller \
    packaging/runetable.spec

# The disk image opens as a window holding the app and a link to Applications, so
# installing is one drag.
stage=build/dmg
rm -rf "$stage" "$dmg"
mkdir -p "$stage"
cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"
hdiutil create -volname "Runetable $version" -srcfolder "$stage" -fs HFS+ -format UDZO \
    -ov "$dmg"

if [[ -n "${MACOS_SIGN_IDENTITY:-}" ]]; then
    codesign --sign "$MACOS_SIGN_IDENTITY" --timestamp "$dmg"
fi
if [[ -n "${APPLE_ID:-}" ]]; then
    xcrun notarytool submit "$dmg" --apple-id "$APPLE_ID" --team-id "$APPLE_TEAM_ID" \
        --password "$APPLE_APP_PASSWORD" --wait
    xcrun stapler staple "$dmg"
fi
echo "$dmg"
