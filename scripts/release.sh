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
# The version is the release tag's (v1.2.3 → 1.2.3): $EPLINT_VERSION, else the tag at HEAD,
# else the one checked in (Sources/LintEngine/ToolIdentity.swift). A version other than the
# checked-in one is written into that file for the build and put back afterwards; the built
# binary's `--version` must then say it.
#
# Besides the bundle, OUTPUT_DIRECTORY gets what a release publishes (names that mise/ubi-style
# installers recognise):
#
#   eplint-VERSION-OS-ARCH.tar.gz     OS linux or macos, ARCH x86_64, aarch64 or universal
#   eplint.artifactbundle.zip         every platform's variant in one bundle (binaryTarget url:)
#   SHA256SUMS                        of the archives and the zip (install.sh checks them)
#
# The release workflow builds on each platform, then merges their outputs into one:
#   scripts/release.sh merge OUTPUT_DIRECTORY PLATFORM_OUTPUT...
#
# Usage: scripts/release.sh [OUTPUT_DIRECTORY]   (default: dist)
set -euo pipefail

sha256() { if command -v sha256sum >/dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi; }

# publish OUTPUT INPUT...: one artifact bundle holding every INPUT's variants (and their
# info.json entries), zipped; the INPUTs' archives; SHA256SUMS of what is published.
publish() {
    local out=$1 staging dir
    shift
    staging=$(mktemp -d)
    mkdir -p "$staging/eplint.artifactbundle" "$out"
    for dir in "$@"; do
        [ -f "$dir/eplint.artifactbundle/info.json" ] || { echo "error: $dir holds no eplint.artifactbundle/info.json" >&2; exit 1; }
        cp "$dir/eplint.artifactbundle/info.json" "$staging/info-$(ls "$staging" | wc -l | tr -d ' ').json"
        (cd "$dir/eplint.artifactbundle" && find . -mindepth 1 -maxdepth 1 -type d -exec cp -R {} "$staging/eplint.artifactbundle/" \;)
        if [ "$(cd "$dir" && pwd)" != "$(cd "$out" && pwd)" ]; then cp "$dir"/eplint-*.tar.gz "$out/"; fi
    done
    python3 - "$staging" <<'PY'
import glob, json, sys
staging = sys.argv[1]
infos = [json.load(open(path)) for path in sorted(glob.glob(staging + "/info-*.json"))]
versions = {info["artifacts"]["eplint"]["version"] for info in infos}
if len(versions) != 1:
    sys.exit("error: the platforms' bundles have different versions: %s" % sorted(versions))
merged = infos[0]
merged["artifacts"]["eplint"]["variants"] = [variant for info in infos for variant in info["artifacts"]["eplint"]["variants"]]
with open(staging + "/eplint.artifactbundle/info.json", "w") as out:
    json.dump(merged, out, indent=2)
    out.write("\n")
PY
    rm -rf "$out/eplint.artifactbundle" "$out/eplint.artifactbundle.zip"
    mv "$staging/eplint.artifactbundle" "$out/"
    rm -rf "$staging"
    (cd "$out" && zip -qrX eplint.artifactbundle.zip eplint.artifactbundle && sha256 eplint-*.tar.gz eplint.artifactbundle.zip > SHA256SUMS)
}

if [ "${1:-}" = merge ]; then
    shift
    [ "$#" -ge 2 ] || { echo "usage: scripts/release.sh merge OUTPUT_DIRECTORY PLATFORM_OUTPUT..." >&2; exit 1; }
    out=$1
    shift
    publish "$out" "$@"
    echo "$out"
    exit 0
fi
root=$(cd "$(dirname "$0")/.." && pwd)
output=$(mkdir -p "${1:-$root/dist}" && cd "${1:-$root/dist}" && pwd)
work=$(mktemp -d)
identity=Sources/LintEngine/ToolIdentity.swift
trap '[ ! -f "$work/identity" ] || cp "$work/identity" "$root/$identity"; rm -rf "$work"' EXIT
cd "$root"

checked_in=$(sed -n 's/^    package static let version = "\(.*\)"$/\1/p' "$identity")
tag=${EPLINT_VERSION:-$(git describe --tags --exact-match --match 'v[0-9]*' 2>/dev/null || true)}
version=${tag#v}
version=${version:-$checked_in}
if ! [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]]; then
    echo "error: release version '$version' is not MAJOR.MINOR.PATCH[-PRERELEASE] (from '${tag:-$identity}')" >&2; exit 1
fi
# A build from the tag (or for $EPLINT_VERSION) links rule pages at the tag; any other links
# them on main (ToolIdentity.fromReleaseTag), since its tag may not exist.
from_tag=false
[ -z "$tag" ] || from_tag=true
if [ "$version" != "$checked_in" ] || [ "$from_tag" = true ]; then
    cp "$identity" "$work/identity"
    sed -e "s/^    package static let version = \".*\"$/    package static let version = \"$version\"/" \
        -e "s/^    package static let fromReleaseTag = false$/    package static let fromReleaseTag = $from_tag/" \
        "$work/identity" > "$identity"
    grep -q "^    package static let fromReleaseTag = $from_tag$" "$identity" \
        || { echo "error: could not set fromReleaseTag in $identity" >&2; exit 1; }
fi

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
    # Ubuntu 22.04's glibc (2.35) is the newest the binary may need: it must run there and on
    # Debian 12. The symbol versions it binds say which glibc it needs.
    newest=$(objdump -T "$binary" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -t. -k1,1n -k2,2n -k3,3n | tail -1)
    newest_allowed=${EPLINT_MAX_GLIBC:-2.35}
    if [ "$(printf '%s\n%s\n' "$newest" "$newest_allowed" | sort -t. -k1,1n -k2,2n -k3,3n | tail -1)" != "$newest_allowed" ]; then
        echo "error: eplint needs glibc $newest, newer than $newest_allowed (Ubuntu 22.04): build on an older system" >&2; exit 1
    fi
    echo "glibc: the binary needs $newest at most (allowed: $newest_allowed)" >&2
    ;;
Darwin)
    triple="universal-apple-macosx"
    # libyaml for both architectures: Homebrew's bottles are single-architecture.
    source=$(brew fetch --build-from-source libyaml >/dev/null && brew --cache --build-from-source libyaml)
    # Into a folder of its own, whatever the archive's top folder is called (libyaml-0.2.5/ in
    # Homebrew's archive of the GitHub tag, yaml-0.2.5/ in pyyaml.org's).
    yaml=$work/libyaml-source
    mkdir -p "$yaml"
    tar -xzf "$source" -C "$yaml" --strip-components 1
    [ -f "$yaml/include/yaml.h" ] || { echo "error: $source holds no include/yaml.h" >&2; exit 1; }
    mkdir -p "$work/lib" "$work/objects"
    (cd "$work/objects" && xcrun clang -arch arm64 -arch x86_64 -O2 -mmacosx-version-min=13.0 \
        -DYAML_VERSION_MAJOR=0 -DYAML_VERSION_MINOR=2 -DYAML_VERSION_PATCH=5 -DYAML_VERSION_STRING='"0.2.5"' \
        -I"$yaml/include" -c "$yaml"/src/*.c)
    xcrun libtool -static -o "$work/lib/libyaml.a" "$work/objects"/*.o
    mkdir -p "$work/lib/pkgconfig"
    write_pc yaml-0.1 "-I$yaml/include" "-lyaml"
    # The SDK's libxml2 and zlib (both architectures, part of macOS), never Homebrew's, which
    # SwiftPM would otherwise pick when installed (Homebrew's keg-only zlib is arm64 only on an
    # Apple silicon runner: the x86_64 half of the link would fail or take no libz).
    bash scripts/sdk-libraries.sh "$work/lib/pkgconfig"
    PKG_CONFIG_PATH="$work/lib/pkgconfig" swift build -c release --arch arm64 --arch x86_64 \
        --product eplint --scratch-path .build/release-bundle
    binary=.build/release-bundle/apple/Products/Release/eplint
    ;;
*)
    echo "error: scripts/release.sh builds on Linux and macOS" >&2; exit 1 ;;
esac

built=$("$binary" --version)
[ "$built" = "$version" ] || { echo "error: the built eplint says version '$built', the release is '$version'" >&2; exit 1; }
bundle="$output/eplint.artifactbundle"
variant="eplint-$version-$triple"
rm -rf "$bundle"
mkdir -p "$bundle/$variant/bin"
cp "$binary" "$bundle/$variant/bin/eplint"
strip "$bundle/$variant/bin/eplint" 2>/dev/null || true
if [ "$triple" = universal-apple-macosx ]; then
    # The stripped binary is what ships: both slices must be there and run (x86_64 through
    # Rosetta on Apple silicon: `softwareupdate --install-rosetta --agree-to-license`).
    archs=$(lipo -archs "$bundle/$variant/bin/eplint")
    for arch in arm64 x86_64; do
        case " $archs " in *" $arch "*) ;; *) echo "error: the universal eplint has no $arch slice ($archs)" >&2; exit 1 ;; esac
        if [ "$arch" = arm64 ] && [ "$(sysctl -n hw.optional.arm64 2>/dev/null)" != 1 ]; then
            echo "note: an Intel Mac cannot run the arm64 slice" >&2; continue
        fi
        ran=$(arch "-$arch" "$bundle/$variant/bin/eplint" --version) ||
            { echo "error: the $arch slice of eplint does not run (x86_64: is Rosetta installed?)" >&2; exit 1; }
        [ "$ran" = "$version" ] || { echo "error: the $arch slice says version '$ran', the release is '$version'" >&2; exit 1; }
    done
    echo "universal: $archs, checked" >&2
fi
cp LICENSE "$bundle/$variant/"
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
case "$triple" in
universal-apple-macosx) archive="eplint-$version-macos-universal" ;;
*) archive="eplint-$version-linux-$(uname -m)" ;;
esac
mkdir -p "$work/$archive"
cp "$bundle/$variant/bin/eplint" LICENSE README.md "$work/$archive/"
rm -f "$output"/eplint-*.tar.gz
tar -czf "$output/$archive.tar.gz" -C "$work" "$archive"
publish "$output" "$output"
echo "$bundle"
