#!/usr/bin/env bash
# eplint against the libxml2 releases between Debian's two (bookworm's 2.9.14, which the other
# tests use, and unstable's newest, libxml2-latest.sh): 2.12 and 2.13 from the source archives
# in shared/vendor/libxml2 (EPLINT_SHARED_DIR, else ../shared beside the checkout), each checked
# against SHA256SUMS, built with CMake into a temporary prefix; libxml2-suite.sh then builds
# eplint against it and runs the whole test suite. 2.10 and 2.11 change nothing shim.h adapts
# (the error handler's `const` arrived in 2.12), so these two stand for the versions between.
# Usage: libxml2-vendored.sh [VERSION ...]   (default: every archive there)
# Skips, saying so, without the archives or cmake; under EPLINT_STRICT_TESTS=1 (.ci/run) that
# fails instead: the README promises what this tests.
set -euo pipefail
# shellcheck source=scripts/integration/libxml2-skip.sh
. "$(dirname "$0")/libxml2-skip.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
vendor="${EPLINT_SHARED_DIR:-$root/../shared}/vendor/libxml2"
[ -f "$vendor/SHA256SUMS" ] || skip "no libxml2 source archives at $vendor"
command -v cmake >/dev/null || skip "cmake is not installed (Debian's cmake)"
# BSD systems have shasum, GNU ones sha256sum: the same two-column output.
if command -v sha256sum >/dev/null; then checksum=(sha256sum); else checksum=(shasum -a 256); fi

versions=("$@")
if [ "${#versions[@]}" -eq 0 ]; then
    for archive in "$vendor"/libxml2-*.tar.xz; do
        name=$(basename "$archive" .tar.xz)
        versions+=("${name#libxml2-}")
    done
fi
[ "${#versions[@]}" -gt 0 ] || skip "no libxml2 source archive in $vendor"

for version in "${versions[@]}"; do
    archive="libxml2-$version.tar.xz"
    [ -f "$vendor/$archive" ] || { echo "FAIL: no $archive in $vendor"; exit 1; }
    expected=$(awk -v name="$archive" '$2 == name { print $1 }' "$vendor/SHA256SUMS")
    actual=$("${checksum[@]}" "$vendor/$archive" | awk '{ print $1 }')
    if [ -z "$expected" ] || [ "$expected" != "$actual" ]; then
        echo "FAIL: $archive does not match SHA256SUMS"
        exit 1
    fi

    work=$(mktemp -d)
    # A failure leaves nothing behind either (the builds take hundreds of megabytes).
    trap 'rm -rf "$work"' EXIT
    prefix="$work/prefix"
    echo "== building libxml2 $version"
    tar -xJf "$vendor/$archive" -C "$work"
    # What eplint's release links leaves out stays out: no Python, ICU, LZMA or zlib; no test programs.
    cmake -S "$work/libxml2-$version" -B "$work/libxml2-build" -DCMAKE_INSTALL_PREFIX="$prefix" \
        -DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON \
        -DLIBXML2_WITH_PYTHON=OFF -DLIBXML2_WITH_ICU=OFF -DLIBXML2_WITH_LZMA=OFF -DLIBXML2_WITH_ZLIB=OFF \
        -DLIBXML2_WITH_TESTS=OFF -DLIBXML2_WITH_PROGRAMS=OFF > "$work/cmake.log" 2>&1 ||
        { echo "FAIL: cmake could not configure libxml2 $version"; tail -20 "$work/cmake.log"; exit 1; }
    cmake --build "$work/libxml2-build" -j"$(getconf _NPROCESSORS_ONLN)" --target install > "$work/make.log" 2>&1 ||
        { echo "FAIL: libxml2 $version does not build"; tail -20 "$work/make.log"; exit 1; }
    bash "$root/scripts/integration/libxml2-suite.sh" "$prefix" "$work"
    rm -rf "$work"
done
