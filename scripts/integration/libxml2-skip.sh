# shellcheck shell=bash
# Sourced by libxml2-latest.sh and libxml2-vendored.sh. `skip REASON` says SKIPPED and ends the
# script, or fails it under EPLINT_STRICT_TESTS=1 (.ci/run), which installs what they need: the
# README promises the versions they test. On macOS eplint builds against the SDK's libxml2, so
# neither runs there.
skip() {
    if [ "${EPLINT_STRICT_TESTS:-}" = 1 ]; then
        echo "FAIL: $1 (EPLINT_STRICT_TESTS=1 requires it)"
        exit 1
    fi
    echo "SKIPPED: $1"
    exit 0
}
if [ "$(uname -s)" = Darwin ]; then
    echo "$(basename "$0"): skipped on macOS: eplint builds against the SDK's libxml2 there"
    exit 0
fi
