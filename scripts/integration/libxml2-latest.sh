#!/usr/bin/env bash
# eplint against the newest libxml2 Debian has (unstable's source package; 2.15 when written),
# next to the distribution's own (2.9 on bookworm) that the other tests use: since 2.12 the
# headers differ where Sources/CLibXML2/shim.h adapts (the error handler's `const xmlError *`).
# libxml2 is built from Debian's source into a temporary prefix; libxml2-suite.sh builds eplint
# against it in its own build folder and runs the whole test suite on that build.
# Skips, saying so, when Debian's archive cannot be reached or has no libxml2 2.15 or later;
# under EPLINT_STRICT_TESTS=1 (.ci/run) that fails instead: the README promises 2.9 to 2.15.
set -euo pipefail
# shellcheck source=scripts/integration/libxml2-skip.sh
. "$(dirname "$0")/libxml2-skip.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${EPLINT_LIBXML2_WORK:-$(mktemp -d)}
[ -n "${EPLINT_LIBXML2_WORK:-}" ] || trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
mkdir -p "$work/apt/lists/partial" "$work/apt/cache/archives/partial" "$work/source" "$prefix/lib/pkgconfig"

# A private apt configuration: the machine's own sources and state stay untouched. The archive
# is the one the machine's apt already uses (its main, non-security entry), asked for unstable.
mirror=$(grep -hE '^[[:space:]]*URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | grep -v security | awk '{print $2}' | head -1 || true)
[ -n "$mirror" ] || mirror=$(grep -hE '^deb[[:space:]]' /etc/apt/sources.list 2>/dev/null | grep -v security | awk '{print $2}' | head -1 || true)
[ -n "$mirror" ] || skip "this machine's apt names no Debian archive"
echo "deb-src $mirror unstable main" > "$work/apt/sources.list"
# A mirror frozen at a date (a snapshot) serves an unstable Release past its Valid-Until: it is
# taken all the same, still checked against Debian's signing keys.
apt=(-o Dir::Etc::SourceList="$work/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o Dir::State::Lists="$work/apt/lists" -o Dir::Cache="$work/apt/cache" -o APT::Sandbox::User=root
    -o Acquire::Check-Valid-Until=false -qq)
apt-get "${apt[@]}" update >/dev/null 2>&1 || skip "Debian's archive ($mirror) cannot be reached"
(cd "$work/source" && apt-get "${apt[@]}" source --only-source --download-only libxml2 >/dev/null 2>&1) ||
    skip "unstable's libxml2 source cannot be downloaded from $mirror"
tar -xf "$work"/source/libxml2_*.orig.tar.* -C "$work/source"
cd "$work"/source/libxml2-*/
version=$(basename "$PWD" | sed 's/libxml2-//')
# 2.15 or later: sort -V puts the smaller first.
[ "$(printf '%s\n' 2.15 "$version" | sort -V | head -1)" = 2.15 ] || skip "unstable has libxml2 $version, older than 2.15"
echo "== building libxml2 $version"
./configure --prefix="$prefix" --disable-static --without-python --without-zlib --without-icu >/dev/null
make -j"$(getconf _NPROCESSORS_ONLN)" >/dev/null 2>&1
make install >/dev/null

bash "$root/scripts/integration/libxml2-suite.sh" "$prefix" "$work"
