#!/usr/bin/env bash
# Builds a self-contained release of eplint and packs it as a SwiftPM artifact bundle
# (usable by `.binaryTarget(path:)` or a release URL):
#
#   dist/eplint.artifactbundle/info.json
#   dist/eplint.artifactbundle/eplint-VERSION-TRIPLE/bin/eplint
#   dist/eplint-VERSION.artifactbundle.zip   (when zip is installed)
#
# Linux: the Swift runtime is linked statically (`--static-swift-stdlib`), and so are libxml2
# (built here without ICU from Vendor/libxml2, which needs cmake), zlib (Debian's zlib1g-dev)
# and libyaml (the vendored CYAML target, Sources/CYAML). Only glibc (libc, libm), libstdc++
# and libgcc_s stay dynamic: they are on every glibc system. The executable is PIE.
# macOS: a universal binary (arm64 + x86_64) against the SDK's libxml2 and zlib (system
# libraries), libyaml the vendored target; it needs Xcode (a universal build runs Xcode's build
# system: the command-line tools alone do not suffice), no Homebrew. Only libxml2, libz and
# libSystem stay dynamic.
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
# macOS, optional: EPLINT_CODESIGN_IDENTITY signs the binary with that Developer ID identity;
# EPLINT_NOTARY_KEY (an App Store Connect API key's .p8 file), EPLINT_NOTARY_KEY_ID and
# EPLINT_NOTARY_ISSUER then notarise it. Without them the archive is not notarised.
#
# Usage: scripts/release.sh [OUTPUT_DIRECTORY]   (default: dist; EPLINT_JOBS: parallel jobs)
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
    # libxml2 built here from Vendor/libxml2's upstream archive (checked against its SHA256SUMS),
    # static and without ICU, lzma or zlib: Debian's static libxml2 links ICU, whose data made the
    # binary 44.7 MB; eplint needs none of them (encodings beyond libxml2's own go through glibc's
    # iconv, as Apple's parsers read them). Built once per archive, into .build/.
    xml_archive=$(cd Vendor/libxml2 && ls libxml2-*.tar.xz)
    [ "$(echo "$xml_archive" | wc -l | tr -d ' ')" = 1 ] ||
        { echo "error: Vendor/libxml2 must hold one libxml2-*.tar.xz, not: $xml_archive" >&2; exit 1; }
    xml_name=${xml_archive%.tar.xz}
    expected=$(awk -v name="$xml_archive" '$2 == name { print $1 }' Vendor/libxml2/SHA256SUMS)
    actual=$(sha256 "Vendor/libxml2/$xml_archive" | awk '{ print $1 }')
    [ -n "$expected" ] && [ "$expected" = "$actual" ] ||
        { echo "error: Vendor/libxml2/$xml_archive does not match Vendor/libxml2/SHA256SUMS" >&2; exit 1; }
    xml_prefix=$root/.build/release-libxml2/$actual
    if [ ! -f "$xml_prefix/lib/libxml2.a" ]; then
        echo "building $xml_name (static, iconv only) into $xml_prefix" >&2
        tar -xJf "Vendor/libxml2/$xml_archive" -C "$work"
        rm -rf "$xml_prefix"
        cmake -S "$work/$xml_name" -B "$work/libxml2-build" -DCMAKE_INSTALL_PREFIX="$xml_prefix" \
            -DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF \
            -DCMAKE_POSITION_INDEPENDENT_CODE=ON -DLIBXML2_WITH_ICONV=ON -DLIBXML2_WITH_ICU=OFF \
            -DLIBXML2_WITH_LZMA=OFF -DLIBXML2_WITH_ZLIB=OFF -DLIBXML2_WITH_PYTHON=OFF -DLIBXML2_WITH_HTTP=OFF \
            -DLIBXML2_WITH_FTP=OFF -DLIBXML2_WITH_MODULES=OFF -DLIBXML2_WITH_TESTS=OFF -DLIBXML2_WITH_PROGRAMS=OFF \
            > "$work/libxml2-cmake.log" 2>&1 ||
            { tail -20 "$work/libxml2-cmake.log" >&2; echo "error: cmake could not configure $xml_name" >&2; exit 1; }
        cmake --build "$work/libxml2-build" -j"${EPLINT_JOBS:-$(getconf _NPROCESSORS_ONLN)}" --target install \
            > "$work/libxml2-build.log" 2>&1 ||
            { tail -20 "$work/libxml2-build.log" >&2; echo "error: $xml_name does not build" >&2; exit 1; }
    fi
    link_archives "$xml_prefix/lib" libxml2.a
    # zlib for .ipa files (the CZlib target), Debian's static archive. libyaml is the CYAML target.
    link_archives "$(pkg-config --variable=libdir zlib)" libz.a
    write_pc libxml-2.0 "-I$xml_prefix/include/libxml2" "-lxml2 -lm"
    write_pc zlib "$(pkg-config --cflags zlib)" "-lz"
    build=(-c release --static-swift-stdlib --disable-local-rpath --product eplint --scratch-path .build/release-bundle
        -j "${EPLINT_JOBS:-$(getconf _NPROCESSORS_ONLN)}")
    PKG_CONFIG_PATH="$work/lib/pkgconfig" swift build "${build[@]}"
    binary=$(PKG_CONFIG_PATH="$work/lib/pkgconfig" swift build "${build[@]}" --show-bin-path)/eplint
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
    # `--arch arm64 --arch x86_64` builds with Xcode's build system: the command-line tools
    # alone cannot (their xcodebuild is a stub that says it requires Xcode).
    xcodebuild -version >/dev/null 2>&1 ||
        { echo "error: a universal build needs Xcode, not only the command-line tools: install Xcode, then sudo xcode-select -s /Applications/Xcode.app" >&2; exit 1; }
    # The SDK's libxml2 and zlib (both architectures, part of macOS), never Homebrew's, which
    # SwiftPM would otherwise pick when installed (Homebrew's keg-only zlib is arm64 only on an
    # Apple silicon runner: the x86_64 half of the link would fail or take no libz). libyaml is
    # the CYAML target, built for both architectures with the rest.
    mkdir -p "$work/lib/pkgconfig"
    bash scripts/sdk-libraries.sh "$work/lib/pkgconfig"
    build=(-c release --arch arm64 --arch x86_64 --product eplint --scratch-path .build/release-bundle
        -j "${EPLINT_JOBS:-$(getconf _NPROCESSORS_ONLN)}")
    PKG_CONFIG_PATH="$work/lib/pkgconfig" swift build "${build[@]}"
    binary=$(PKG_CONFIG_PATH="$work/lib/pkgconfig" swift build "${build[@]}" --show-bin-path)/eplint
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
if [ "$triple" = universal-apple-macosx ] && [ -n "${EPLINT_CODESIGN_IDENTITY:-}" ]; then
    # A Developer ID signature with the hardened runtime and a secure timestamp, which
    # notarisation requires (release.yml sets these only where the signing secrets exist).
    codesign --force --options runtime --timestamp --sign "$EPLINT_CODESIGN_IDENTITY" "$bundle/$variant/bin/eplint"
    codesign --verify --strict --verbose=2 "$bundle/$variant/bin/eplint"
fi
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
    if [ -n "${EPLINT_NOTARY_KEY:-}" ]; then
        [ -n "${EPLINT_CODESIGN_IDENTITY:-}" ] || { echo "error: notarisation needs EPLINT_CODESIGN_IDENTITY" >&2; exit 1; }
        # A bare executable cannot be stapled: Gatekeeper finds its ticket online, so a browser
        # download then runs without the xattr step of docs/install.md.
        ditto -c -k --keepParent "$bundle/$variant/bin/eplint" "$work/eplint-notarise.zip"
        xcrun notarytool submit "$work/eplint-notarise.zip" --key "$EPLINT_NOTARY_KEY" \
            --key-id "${EPLINT_NOTARY_KEY_ID:?}" --issuer "${EPLINT_NOTARY_ISSUER:?}" --wait --output-format json \
            > "$work/notarisation.json"
        python3 -c 'import json, sys; s = json.load(open(sys.argv[1])).get("status"); sys.exit(None if s == "Accepted" else "error: notarisation: %s" % s)' \
            "$work/notarisation.json"
        echo "notarised" >&2
    fi
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
