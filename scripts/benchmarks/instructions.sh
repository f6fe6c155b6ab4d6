#!/bin/sh
# Instruction counts (valgrind's callgrind) of two eplint builds on four workloads, and their
# ratio: deterministic where wall-clock times on a shared machine are not. Both binaries are
# stripped copies. Usage: scripts/benchmarks/instructions.sh OLD_BINARY NEW_BINARY
# Needs valgrind and ../shared/bench/make_corpus.py (the 10,000-file folder, the 100 MB plist).
set -eu
old=$1
new=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
make_corpus="$root/../shared/bench/make_corpus.py"
command -v valgrind >/dev/null || { echo "valgrind is not on PATH" >&2; exit 2; }
[ -f "$make_corpus" ] || { echo "no $make_corpus" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/eplint-instructions.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp "$old" "$work/old" && cp "$new" "$work/new" && strip "$work/old" "$work/new"
[ -d /tmp/plist-corpus-10000 ] || python3 "$make_corpus" replicate --count 10000 >/dev/null
[ -f /tmp/plist-huge.plist ] || python3 "$make_corpus" huge --mb 100 >/dev/null

# instructions BINARY ARGS...: the total instruction count of one run, every thread.
instructions() {
    binary=$1
    shift
    rm -f "$work"/callgrind.out.*
    (cd "$root" && valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out.%p" \
        "$binary" "$@" >/dev/null 2>&1) || true
    cat "$work"/callgrind.out.* | awk '/^summary:/ { total += $2 } END { printf "%.0f\n", total }'
}

printf '%-28s %15s %15s %8s\n' workload old new new/old
for workload in "--version" "Examples/CorrectApp/Info.plist" "/tmp/plist-corpus-10000" "/tmp/plist-huge.plist"; do
    before=$(instructions "$work/old" $workload)
    after=$(instructions "$work/new" $workload)
    printf '%-28s %15s %15s %8s\n' "$(basename -- "$workload")" "$before" "$after" \
        "$(awk -v a="$after" -v b="$before" 'BEGIN { printf "%.4f", a / b }')"
done
