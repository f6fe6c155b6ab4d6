#!/usr/bin/env bash
# Rewrites the generated Swift files that are checked in: the embedded rule data from Rules/
# (Sources/LintEngine/Generated/) and the rule list from Sources/EplintRules/EP*.swift
# (Sources/EplintRules/Generated/). Run it after adding or changing a rule or a Rules/ page;
# CodegenTests fails until the files agree. Safe to rerun: unchanged files are left alone.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# The generator depends on none of the targets it writes into, so it builds even while they are stale.
swift run --package-path "$root" -q eplint-codegen "$root"
