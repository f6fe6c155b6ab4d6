#!/usr/bin/env bash
# Builds a self-contained release of eplint and packs it as a SwiftPM artifact bundle
# (usable by `.binaryTarget(path:)` or a release URL):
#
#   dist/eplint.artifactbundle/info.json
#   dist/eplint.artifactbundle/eplint-VERSION-TRIPLE/bin/eplint
#   dist/eplint-VERSION.artifactbundle.zip   (when zip is installed)
#
# Linux: the Swift runtime is linked statically (`--static-swift-stdlib`), and so are libxml2
# and libyaml, with libxml2's own dependencies (ICU, liblzma, zlib), from the static archives
# Debian ships in their -dev packages. Only glibc (libc, libm), libstdc++ and libgcc_s stay
# dynamic: they are on every glibc system. The executable is PIE.
# macOS: a universal binary (arm64 + x86_64) against the SDK's libxml2 (a system library) and
# a universal static libyaml built here from Homebrew's verified libyaml source; it needs
# Xcode's command-line tools and Homebrew. Only libxml2 and libSystem stay dynamic.
#
# Usage: scripts/release.sh [OUTPUT_DIRECTORY]   (default: dist)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
output=$(mkdir -p "${1:-$root/dist}" && cd "${1:-$root/dist}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"

# $work/lib holds only static archives (links to them) and, in pkgconfig/, .pc files that
# name only that folder: the linker, told to search there first, never picks a shared library.
link_archives() { # DIRECTORY ARCHIVE...
    local from=$1; shift
    mkdir -p "$work/lib/pkgconfig"
    for archive in "$@"; do
        [ -f "$from/$archive" ] || { echo "error: $from/$archive is missing (install the -dev package that ships it)" >&2; exit 1; }
        ln -sf "$from/$archive" "$work/lib/$archive"
    done
}
write_pc() { # NAME CFLAGS LIBS
    printf 'Name: %s\nDescription: static, for scripts/release.sh\nVersion: 0\nCflags: %s\nLibs: -L%s %s\n' \
        "$1" "$2" "$work/lib" "$3" > "$work/lib/pkgconfig/$1.pc"
}

case "$(uname -s)" in
Linux)
    triple="$(uname -m)-unknown-linux-gnu"
    # libxml2 and its own dependencies as its .pc file lists them (ICU, zlib, lzma on Debian).
    xml_libs=$(pkg-config --static --libs-only-l libxml-2.0)
    archives=()
    for flag in $xml_libs; do
        case "$flag" in -lm|-ldl|-lpthread|-lc) continue ;; esac # glibc's
        archives+=("lib${flag#-l}.a")
    done
    link_archives "$(pkg-config --variable=libdir libxml-2.0)" "${archives[@]}"
    link_archives "$(pkg-config --variable=libdir yaml-0.1)" libyaml.a
    # zlib for .ipa files (the CZlib target), from the same static archive libxml2 uses.
    link_archives "$(pkg-config --variable=libdir zlib)" libz.a
    # ICU is C++: its archives need libstdc++, which then stays dynamic.
    write_pc libxml-2.0 "$(pkg-config --cflags libxml-2.0)" "$xml_libs -lstdc++"
    write_pc yaml-0.1 "$(pkg-config --cflags yaml-0.1)" "-lyaml"
    write_pc zlib "$(pkg-config --cflags zlib)" "-lz"
    PKG_CONFIG_PATH="$work/lib/pkgconfig" swift build -c release --static-swift-stdlib --disable-local-rpath \
        --product eplint --scratch-path .build/release-bundle
    binary=.build/release-bundle/release/eplint
    ;;
Darwin)
    triple="universal-apple-macosx"
    # libyaml for both architectures: Homebrew's bottles are single-architecture.
    source=$(brew fetch --build-from-source libyaml >/dev/null && brew --cache --build-from-source libyaml)
    tar -xzf "$source" -C "$work"
    yaml=$(echo "$work"/yaml-*)
    mkdir -p "$work/lib" "$work/objects"
    (cd "$work/objects" && xcrun clang -arch arm64 -arch x86_64 -O2 -mmacosx-version-min=13.0 \
        -DYAML_VERSION_MAJOR=0 -DYAML_VERSION_MINOR=2 -DYAML_VERSION_PATCH=5 -DYAML_VERSION_STRING='"0.2.5"' \
        -I"$yaml/include" -c "$yaml"/src/*.c)
    xcrun libtool -static -o "$work/lib/libyaml.a" "$work/objects"/*.o
    mkdir -p "$work/lib/pkgconfig"
    write_pc yaml-0.1 "-I$yaml/include" "-lyaml"
    # The SDK's libxml2 (both architectures, part of macOS), never a Homebrew one, which
    # SwiftPM would otherwise prefer when installed.
    write_pc libxml-2.0 "-I$(xcrun --show-sdk-path)/usr/include/libxml2" "-lxml2"
    PKG_CONFIG_PATH="$work/lib/pkgconfig" swift build -c release --arch arm64 --arch x86_64 \
        --product eplint --scratch-path .build/release-bundle
    binary=.build/release-bundle/apple/Products/Release/eplint
    ;;
*)
    echo "error: scripts/release.sh builds on Linux and macOS" >&2; exit 1 ;;
esac

version=$("$binary" --version)
bundle="$output/eplint.artifactbundle"
variant="eplint-$version-$triple"
rm -rf "$bundle"
mkdir -p "$bundle/$variant/bin"
cp "$binary" "$bundle/$variant/bin/eplint"
strip "$bundle/$variant/bin/eplint" 2>/dev/null || true
cp LICENSE* "$bundle/$variant/" 2>/dev/null || true
case "$triple" in
universal-apple-macosx) triples='"arm64-apple-macosx", "x86_64-apple-macosx"' ;;
*) triples="\"$triple\"" ;;
esac
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "eplint": {
      "version": "$version",
      "type": "executable",
      "variants": [
        { "path": "$variant/bin/eplint", "supportedTriples": [$triples] }
      ]
    }
  }
}
JSON
if command -v zip >/dev/null; then
    rm -f "$output/eplint-$version.artifactbundle.zip"
    (cd "$output" && zip -qr "eplint-$version.artifactbundle.zip" eplint.artifactbundle)
fi
echo "$bundle"
