#!/usr/bin/env bash
# Regenerates Sources/eplint/startup-order.txt: the functions a few typical runs execute and the
# variables a small-file run touches, which the release link (lld --symbol-ordering-file, see
# Package.swift) places next to each other.
# Start-up then maps ~30 fewer pages of code (RSS 9.8 -> 8.3 MB on a small file, a tenth of
# its wall time). A stale list costs only speed: names no longer in the binary are ignored.
# Usage: Tests/Benchmarks/startup-order.sh   (needs valgrind: apt-get install valgrind)
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null; }
order=Sources/eplint/startup-order.txt
[ -f "$order" ] || : > "$order"   # the link reads it
swift build -c release --static-swift-stdlib --disable-local-rpath >/dev/null
binary=.build/release/eplint
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n\t<key>CFBundleName</key>\n\t<string>x</string>\n</dict>\n</plist>\n' > "$work/Info.plist"
run=0
for arguments in "Examples/CorrectApp/Info.plist" "$work/Info.plist" "--format json Examples" "--format sarif Examples/BrokenApp"; do
    run=$((run + 1))
    # shellcheck disable=SC2086 # the arguments are split on purpose
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/run$run.out" "$binary" $arguments >/dev/null 2>&1 || true
done
# The functions each run executed, in the order callgrind first met them (its function ids),
# the small-file run first: the code a small file needs is then contiguous. Kept if the
# binary defines them as code.
for number in $(seq "$run"); do
    sed -n -E 's/^c?fn=\(([0-9]+)\) (.*)$/\1 \2/p' "$work/run$number.out" | sort -n -s -k1,1 | cut -d' ' -f2-
done > "$work/executed"
nm "$binary" | awk '$2 ~ /^[tTwW]$/ { print $3 }' > "$work/defined"
awk 'NR == FNR { defined[$0] = 1; next } defined[$0] && !seen[$0]++' "$work/defined" "$work/executed" > "$order"
# Then the variables the small-file run touches, in the order it first touches them (lackey
# traces every load and store): placed together, they fault in fewer pages of .data and
# .bss (28 -> 20 faults of .bss on a small file).
valgrind --tool=lackey --trace-mem=yes --log-file="$work/accesses" "$binary" Examples/CorrectApp/Info.plist >/dev/null 2>&1 || true
nm -S "$binary" | awk '$3 ~ /^[bBdD]$/ { print $1, $2, $4 }' > "$work/variables"
python3 - "$work/variables" "$work/accesses" >> "$order" <<'PY'
import bisect, sys
variables = sorted((int(start, 16), int(size, 16), name) for start, size, name in (line.split() for line in open(sys.argv[1])))
starts = [start for start, _, _ in variables]
seen = set()
for line in open(sys.argv[2], errors="replace"):
    if line[:2] not in (" L", " S", " M"):
        continue
    address = int(line[3:].split(",")[0], 16)
    index = bisect.bisect_right(starts, address) - 1
    if index >= 0:
        start, size, name = variables[index]
        if address < start + max(size, 1) and name not in seen:
            seen.add(name)
            print(name)
PY
# SwiftPM does not know the link reads the list: removing the binary makes the next build relink.
rm -f "$binary"
echo "$order: $(wc -l < "$order") functions and variables"
