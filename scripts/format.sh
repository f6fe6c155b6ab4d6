#!/usr/bin/env bash
# The toolchain's formatter (swift-format) with the repository's .swift-format:
#   scripts/format.sh          formats every Swift file in place;
#   scripts/format.sh --check  changes nothing and fails on any finding (.ci/run).
# Generated files opt out (`// swift-format-ignore-file`, written by scripts/generate.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Plugins)
if [ "${1:-}" = --check ]; then
    swift format lint --strict --parallel --recursive "${paths[@]}"
else
    swift format format --in-place --parallel --recursive "${paths[@]}"
fi
