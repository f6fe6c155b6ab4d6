#!/usr/bin/env bash
# Builds eplint against the libxml2 installed under PREFIX, in its own build folder under WORK,
# checks that the binary links that libxml2, and runs the whole test suite on that build.
# Called by libxml2-latest.sh (Debian's newest) and libxml2-vendored.sh (the releases between).
# Usage: libxml2-suite.sh PREFIX WORK
set -euo pipefail
prefix=$1 work=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$prefix/lib/pkgconfig"
# The permission tests run eplint as nobody, whose loader must reach this libxml2 too: mktemp -d
# makes a folder only its owner may enter.
chmod go+rx "$work"

# zlib from the system, but through the prefix: the linker then finds no other libxml2 first
# (every .pc file names only $prefix/lib). libyaml is the vendored CYAML target.
for package in zlib:libz.so; do
    name=${package%%:*} library=${package#*:}
    ln -sf "$(pkg-config --variable=libdir "$name")/$library" "$prefix/lib/$library"
    sed -e "s|^libdir=.*|libdir=$prefix/lib|" -e "s|^sharedlibdir=.*|sharedlibdir=$prefix/lib|" \
        "$(pkg-config --variable=pcfiledir "$name")/$name.pc" > "$prefix/lib/pkgconfig/$name.pc"
done

version=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --modversion libxml-2.0)
cd "$root"
build=(--scratch-path "$work/build" -Xlinker -rpath -Xlinker "$prefix/lib")
echo "== building eplint against libxml2 $version"
PKG_CONFIG_PATH="$prefix/lib/pkgconfig" swift build --build-tests "${build[@]}" > "$work/build.log" 2>&1 ||
    { echo "FAIL: eplint does not build against libxml2 $version:"; grep -E "error" "$work/build.log" | head -20 || true; exit 1; }
binary="$work/build/debug/eplint"
# grep reads all of ldd's output (no -q): an early exit would fail the pipeline under pipefail.
ldd "$binary" | grep "$prefix/lib/libxml2" >/dev/null || { echo "FAIL: eplint is not linked to the libxml2 built here"; ldd "$binary"; exit 1; }
echo "== swift test on that build"
PKG_CONFIG_PATH="$prefix/lib/pkgconfig" swift test --skip-build "${build[@]}" > "$work/test.log" 2>&1 ||
    { echo "FAIL: the tests fail against libxml2 $version; the failures, any crash and the log's end:"
      grep -E "✘" "$work/test.log" | head -30 || true
      # A crash of the test process: the backtracer's report, from its first line.
      sed -n '/Program crashed/,$p' "$work/test.log" | grep -v "^✔" | head -80 || true
      tail -20 "$work/test.log"; exit 1; }
tail -1 "$work/test.log"
echo "== tested against libxml2 $version"
