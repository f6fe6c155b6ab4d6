#!/bin/sh
# Installs eplint from a release: downloads the archive for this machine, checks it against the
# release's SHA256SUMS (a mismatch installs nothing) and puts `eplint` in PREFIX/bin.
#
#   curl -fsSL https://raw.githubusercontent.com/eplint/eplint/main/install.sh | sh -s -- --version 0.1.0
#
# Options: --version VERSION (default: the latest release), --prefix DIR (default: ~/.local),
# --base-url URL (where the release's files are; default: the GitHub release of VERSION).
# Linux x86_64 and aarch64 (glibc 2.35 or newer: Ubuntu 22.04, Debian 12), macOS 13 or newer.
set -eu

repository=https://github.com/eplint/eplint
version=${EPLINT_VERSION:-latest}
prefix=${EPLINT_PREFIX:-$HOME/.local}
base_url=${EPLINT_BASE_URL:-}

fail() { echo "eplint install: $*" >&2; exit 1; }

while [ "$#" -gt 0 ]; do
    case "$1" in
    --version) [ "$#" -ge 2 ] || fail "--version needs a value"; version=${2#v}; shift 2 ;;
    --prefix) [ "$#" -ge 2 ] || fail "--prefix needs a value"; prefix=$2; shift 2 ;;
    --base-url) [ "$#" -ge 2 ] || fail "--base-url needs a value"; base_url=$2; shift 2 ;;
    *) fail "unknown argument '$1' (use --version, --prefix, --base-url)" ;;
    esac
done

case "$(uname -s)" in
Linux)
    os=linux
    case "$(uname -m)" in
    x86_64 | amd64) arch=x86_64 ;;
    aarch64 | arm64) arch=aarch64 ;;
    *) fail "no release for Linux on $(uname -m) (x86_64 and aarch64 only); build from source" ;;
    esac
    ;;
Darwin) os=macos arch=universal ;;
*) fail "no release for $(uname -s); build from source" ;;
esac

download() { # URL FILE
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --retry 2 -o "$2" "$1"
    elif command -v wget >/dev/null 2>&1; then
        wget -q -O "$2" "$1"
    else
        fail "needs curl or wget"
    fi
}

if [ "$version" = latest ]; then
    [ -z "$base_url" ] || fail "--base-url needs --version"
    # GitHub redirects /releases/latest to /releases/tag/vX.Y.Z.
    latest=$(curl -fsSLI -o /dev/null -w '%{url_effective}' "$repository/releases/latest") || fail "cannot find the latest release"
    version=${latest##*/v}
fi
case "$version" in
[0-9]*.[0-9]*.[0-9]*) ;;
*) fail "'$version' is not a release version (MAJOR.MINOR.PATCH)" ;;
esac
base_url=${base_url:-$repository/releases/download/v$version}
name="eplint-$version-$os-$arch"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
download "$base_url/$name.tar.gz" "$work/$name.tar.gz" || fail "cannot download $base_url/$name.tar.gz"
download "$base_url/SHA256SUMS" "$work/SHA256SUMS" || fail "cannot download $base_url/SHA256SUMS"

expected=$(awk -v file="$name.tar.gz" '$2 == file || $2 == "*" file { print $1 }' "$work/SHA256SUMS")
[ -n "$expected" ] || fail "SHA256SUMS lists no $name.tar.gz"
# sha256sum on Linux, shasum on macOS.
sha256() { if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1"; else shasum -a 256 "$1"; fi; }
actual=$(sha256 "$work/$name.tar.gz" | cut -d' ' -f1)
[ "$actual" = "$expected" ] || fail "checksum mismatch for $name.tar.gz (expected $expected, got $actual): not installed"

tar -xzf "$work/$name.tar.gz" -C "$work"
[ -f "$work/$name/eplint" ] || fail "$name.tar.gz holds no $name/eplint"
installed=$("$work/$name/eplint" --version) || fail "the downloaded eplint does not run on this machine"
[ "$installed" = "$version" ] || fail "the archive's eplint says version $installed, not $version"
mkdir -p "$prefix/bin"
# Replaced in one rename: a running eplint keeps its file.
cp "$work/$name/eplint" "$prefix/bin/.eplint.new"
chmod 755 "$prefix/bin/.eplint.new"
mv -f "$prefix/bin/.eplint.new" "$prefix/bin/eplint"
echo "eplint $version installed: $prefix/bin/eplint"
case ":$PATH:" in
*":$prefix/bin:"*) ;;
*) echo "add $prefix/bin to PATH to run it as 'eplint'" ;;
esac
