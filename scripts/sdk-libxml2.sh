#!/usr/bin/env bash
# macOS: writes DIRECTORY/libxml-2.0.pc naming the SDK's libxml2 (part of macOS, both
# architectures), so that SwiftPM, told PKG_CONFIG_PATH=DIRECTORY, builds against it and never
# against a Homebrew libxml2 it would otherwise prefer. The macOS SDK ships no .pc file.
# Used by scripts/release.sh and the macOS CI job. Usage: scripts/sdk-libxml2.sh DIRECTORY
set -euo pipefail
directory=${1:?usage: scripts/sdk-libxml2.sh DIRECTORY}
[ "$(uname -s)" = Darwin ] || { echo "error: scripts/sdk-libxml2.sh is for macOS (its SDK's libxml2)" >&2; exit 1; }
sdk=$(xcrun --show-sdk-path)
[ -f "$sdk/usr/include/libxml2/libxml/parser.h" ] || { echo "error: no libxml2 headers in the SDK at $sdk" >&2; exit 1; }
mkdir -p "$directory"
printf 'Name: libxml-2.0\nDescription: the macOS SDK libxml2\nVersion: 2.9\nCflags: -I%s/usr/include/libxml2\nLibs: -lxml2\n' "$sdk" > "$directory/libxml-2.0.pc"
