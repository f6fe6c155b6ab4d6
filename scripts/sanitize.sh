#!/usr/bin/env bash
# The test suite built with a sanitizer, in its own build folder (.build/sanitize-KIND):
#   address  AddressSanitizer, with LeakSanitizer on Linux (macOS has none): out-of-bounds and use-after-free
#            in the parser's and libxml2's memory, and leaks at exit (LibXML2OwnershipTests
#            runs only here). The eplint the end-to-end tests run is built the same way.
#   thread   ThreadSanitizer on the worker pool: Threads' own tests, and the parallel file walk
#            of the binary (a race report makes eplint exit 66, which its tests see).
# Usage: scripts/sanitize.sh address|thread [FILTER]   (FILTER: swift test --filter; default
#        every test for address, ThreadsTests and CommandLineTests for thread)
# Slow: a second and third full build, and tests several times slower than without.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
kind=${1:?usage: scripts/sanitize.sh address|thread [FILTER]}
case "$kind" in
    address) filter=${2:-} ;;
    thread) filter=${2:-ThreadsTests|CommandLineTests} ;;
    *) echo "sanitize.sh: unknown sanitizer '$kind' (address or thread)" >&2; exit 2 ;;
esac
build=(--package-path "$root" --sanitize="$kind" --scratch-path "$root/.build/sanitize-$kind")
# Every finding fails the run; leaks are checked at exit on Linux. (Apple's AddressSanitizer
# has no LeakSanitizer: detect_leaks=1 there aborts every process at start.)
leaks=
[ "$(uname -s)" != Linux ] || leaks=detect_leaks=1:
export ASAN_OPTIONS=${ASAN_OPTIONS:-${leaks}halt_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/scripts/lsan-suppressions.txt:print_suppressions=0}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1}
echo "== building the tests with -sanitize=$kind"
swift build --build-tests "${build[@]}"
echo "== swift test under -sanitize=$kind${filter:+ (--filter '$filter')}"
swift test --skip-build "${build[@]}" ${filter:+--filter "$filter"}
