#!/usr/bin/env bash
# Benchmarks eplint side by side with the libxml2 SAX floor (shared/bench/sax_count.c),
# xmllint and plutil on the same files in one run, and prints medians and ratios:
#   1. 10,000 real-mix plists (21 MB)     eplint | floor | xmllint --noout | plutil -lint
#   2. one 100 MB plist                   eplint | floor | xmllint --stream --noout   (+ peak memory)
#   3. one small Info.plist (start-up)    eplint | xmllint --noout | plutil -lint
# Usage: Tests/Benchmarks/run.sh [RUNS]   (RUNS per measurement, default 5; the small file uses 20x)
# Machines are noisy: compare the ratios of one run, not figures across runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
shared=${EPLINT_SHARED_DIR:-../shared}
work=/tmp/eplint-bench
mkdir -p "$work"

missing=()
command -v hyperfine >/dev/null || missing+=(hyperfine)
command -v xmllint >/dev/null || missing+=(libxml2-utils)
[ -x /usr/bin/time ] || missing+=(time)
if [ "${#missing[@]}" -gt 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

echo "== building (release, static Swift runtime: the build users and hooks run)"
swift build -c release --static-swift-stdlib >/dev/null
eplint=$PWD/.build/release/eplint
cc -O2 -o "$work/sax_count" "$shared/bench/sax_count.c" $(xml2-config --cflags --libs)
floor="$work/sax_count"
plutil=$(command -v plutil)

[ -d /tmp/plist-corpus-10000 ] || python3 "$shared/bench/make_corpus.py" replicate --count 10000 >/dev/null
[ -f /tmp/plist-huge.plist ] || python3 "$shared/bench/make_corpus.py" huge --mb 100 >/dev/null
(cd /tmp/plist-corpus-10000 && find . -type f | sort > "$work/files.txt")
small=$PWD/Examples/CorrectApp/Info.plist

echo "== 1. 10,000 files"
(cd /tmp/plist-corpus-10000 && hyperfine -N -i --warmup 1 --runs "$runs" --export-json "$work/many.json" \
    -n eplint "$eplint ." \
    -n floor "xargs -a $work/files.txt $floor" \
    -n xmllint "xargs -a $work/files.txt xmllint --noout" \
    -n plutil "xargs -a $work/files.txt $plutil -lint" >/dev/null)

echo "== 2. one 100 MB plist"
hyperfine -N -i --warmup 1 --runs "$runs" --export-json "$work/huge.json" \
    -n eplint "$eplint /tmp/plist-huge.plist" \
    -n floor "$floor /tmp/plist-huge.plist" \
    -n "xmllint --stream" "xmllint --stream --noout /tmp/plist-huge.plist" >/dev/null
peak() { { /usr/bin/time -v "$@" 2>&1 >/dev/null || true; } | awk -F': ' '/Maximum resident/ {printf "%.1f", $2 / 1024}'; }
eplint_peak=$(peak "$eplint" /tmp/plist-huge.plist)
floor_peak=$(peak "$floor" /tmp/plist-huge.plist)
xmllint_peak=$(peak xmllint --stream --noout /tmp/plist-huge.plist)

echo "== 3. one small Info.plist"
hyperfine -N -i --warmup 5 --runs $((runs * 20)) --export-json "$work/small.json" \
    -n eplint "$eplint $small" \
    -n xmllint "xmllint --noout $small" \
    -n plutil "$plutil -lint $small" >/dev/null

python3 - "$work" "$eplint_peak" "$floor_peak" "$xmllint_peak" <<'PY'
import json, sys
work, eplint_peak, floor_peak, xmllint_peak = sys.argv[1:]
def medians(name):
    return {r["command"]: r["median"] for r in json.load(open(f"{work}/{name}.json"))["results"]}
many, huge, small = medians("many"), medians("huge"), medians("small")
print()
print("| benchmark | eplint | floor (libxml2 SAX) | xmllint | plutil | eplint / floor | eplint / xmllint |")
print("| --- | --- | --- | --- | --- | --- | --- |")
print(f"| 10,000 files (21 MB) | {many['eplint']:.3f} s | {many['floor']:.3f} s | {many['xmllint']:.3f} s | {many['plutil']:.3f} s "
      f"| {many['eplint'] / many['floor']:.2f}x | {many['eplint'] / many['xmllint']:.2f}x |")
print(f"| one 100 MB plist | {huge['eplint']:.3f} s, {eplint_peak} MB | {huge['floor']:.3f} s, {floor_peak} MB "
      f"| {huge['xmllint --stream']:.3f} s, {xmllint_peak} MB (--stream) | – | {huge['eplint'] / huge['floor']:.2f}x "
      f"| {huge['eplint'] / huge['xmllint --stream']:.2f}x |")
print(f"| one small Info.plist | {small['eplint'] * 1000:.1f} ms | – | {small['xmllint'] * 1000:.1f} ms | {small['plutil'] * 1000:.1f} ms "
      f"| – | {small['eplint'] / small['xmllint']:.2f}x |")
print()
print("Targets: 10k files <= 1.5x floor and <= 0.8x xmllint; 100 MB <= 1.5x floor and <= 32 MB; small file <= 1.5x xmllint.")
PY
