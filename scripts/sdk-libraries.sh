#!/usr/bin/env bash
# macOS: writes DIRECTORY/libxml-2.0.pc and DIRECTORY/zlib.pc naming the SDK's libxml2 and zlib
# (part of macOS, both architectures), so that SwiftPM, told PKG_CONFIG_PATH=DIRECTORY, builds
# against them and never against Homebrew's: SwiftPM would otherwise prefer an installed
# Homebrew libxml2, and finds keg-only zlib through CZlib's `.brew(["zlib"])` provider, whose
# library is of one architecture (a universal link then fails). The SDK ships no .pc file.
# Used by scripts/release.sh and the macOS CI jobs. Usage: scripts/sdk-libraries.sh DIRECTORY
set -euo pipefail
directory=${1:?usage: scripts/sdk-libraries.sh DIRECTORY}
[ "$(uname -s)" = Darwin ] || { echo "error: scripts/sdk-libraries.sh is for macOS (its SDK's libraries)" >&2; exit 1; }
sdk=$(xcrun --show-sdk-path)
[ -f "$sdk/usr/include/libxml2/libxml/parser.h" ] || { echo "error: no libxml2 headers in the SDK at $sdk" >&2; exit 1; }
[ -f "$sdk/usr/include/zlib.h" ] && [ -f "$sdk/usr/lib/libz.tbd" ] || { echo "error: no zlib in the SDK at $sdk" >&2; exit 1; }
mkdir -p "$directory"
printf 'Name: libxml-2.0\nDescription: the macOS SDK libxml2\nVersion: 2.9\nCflags: -I%s/usr/include/libxml2\nLibs: -lxml2\n' "$sdk" > "$directory/libxml-2.0.pc"
# zlib.h is in the SDK's default include path (an -I there would reorder the system headers);
# the -L names the SDK's universal libz.tbd ahead of any other folder with a libz.
printf 'Name: zlib\nDescription: the macOS SDK zlib\nVersion: 1.2\nCflags:\nLibs: -L%s/usr/lib -lz\n' "$sdk" > "$directory/zlib.pc"
