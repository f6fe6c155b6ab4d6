#!/usr/bin/env bash
# Benchmarks eplint side by side with the libxml2 SAX floor (shared/bench/sax_count.c),
# xmllint and plutil on the same files in one run, and prints medians and ratios. eplint is
# built twice: as the README builds it, and with a plain `swift build -c release` (what
# pre-commit's `language: swift` and most users' scripts run; the Swift runtime linked dynamically).
#   1. 10,000 real-mix plists (21 MB)     eplint | floor | xmllint --noout | plutil -lint
#   2. one 100 MB plist                   eplint | floor | xmllint --stream --noout   (+ peak memory)
#   3. one small Info.plist (start-up)    eplint | xmllint --noout | plutil -lint
# Usage: scripts/benchmarks/run.sh [RUNS]   (RUNS rounds per benchmark, default 5, each running
# every command once in turn; the small file's rounds run each command 20 times)
# Machines are noisy: compare the ratios of one run, not figures across runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
shared=${EPLINT_SHARED_DIR:-../shared}
work=/tmp/eplint-bench
mkdir -p "$work"

. scripts/benchmarks/host.sh
missing=()
command -v hyperfine >/dev/null || missing+=(hyperfine)
command -v xmllint >/dev/null || missing+=(libxml2-utils)
[ -x /usr/bin/time ] || missing+=(time)
# Guarded: bash 3.2 (macOS's /bin/bash) calls an empty array unbound under set -u.
install_missing ${missing[@]+"${missing[@]}"}

echo "== building (release, static Swift runtime: the build users and hooks run)"
swift build -c release --static-swift-stdlib --disable-local-rpath --product eplint >/dev/null
eplint=$PWD/.build/release/eplint
echo "== building (plain swift build -c release)"
swift build -c release --scratch-path .build-plain >/dev/null
plain=$PWD/.build-plain/release/eplint
cc -O2 -o "$work/sax_count" "$shared/bench/sax_count.c" $(xml2-config --cflags --libs)
floor="$work/sax_count"
plutil=$(command -v plutil)

[ -d /tmp/plist-corpus-10000 ] || python3 "$shared/bench/make_corpus.py" replicate --count 10000 >/dev/null
[ -f /tmp/plist-huge.plist ] || python3 "$shared/bench/make_corpus.py" huge --mb 100 >/dev/null
(cd /tmp/plist-corpus-10000 && find . -type f | sort > "$work/files.txt")
small=$PWD/Examples/CorrectApp/Info.plist

# hyperfine runs one command's runs after the other's; on a shared machine noise comes and
# goes, and would land on one command and not the next. So each benchmark is measured in
# rounds that take every command in turn, and the figures are over all rounds' runs.
measure() { # NAME ROUNDS RUNS-PER-ROUND WARMUP-RUNS-IN-THE-FIRST-ROUND hyperfine-arguments...
    local name=$1 rounds=$2 per_round=$3 warmup=$4 round
    shift 4
    rm -f "$work/$name".*.json
    for round in $(seq "$rounds"); do
        hyperfine -N -i --warmup "$warmup" --runs "$per_round" --export-json "$work/$name.$round.json" "$@" >/dev/null
        warmup=0
    done
}

echo "== 1. 10,000 files"
(cd /tmp/plist-corpus-10000 && measure many "$runs" 1 1 \
    -n eplint "$eplint ." \
    -n plain "$plain ." \
    -n floor "$(xargs_from "$work/files.txt") $floor" \
    -n xmllint "$(xargs_from "$work/files.txt") xmllint --noout" \
    -n plutil "$(xargs_from "$work/files.txt") $plutil -lint")

echo "== 2. one 100 MB plist"
measure huge "$runs" 1 1 \
    -n eplint "$eplint /tmp/plist-huge.plist" \
    -n plain "$plain /tmp/plist-huge.plist" \
    -n floor "$floor /tmp/plist-huge.plist" \
    -n "xmllint --stream" "xmllint --stream --noout /tmp/plist-huge.plist"
peak() { measured /dev/null "$@" | awk '{ printf "%.1f", $1 / 1024 }'; }
eplint_peak=$(peak "$eplint" /tmp/plist-huge.plist)
floor_peak=$(peak "$floor" /tmp/plist-huge.plist)
xmllint_peak=$(peak xmllint --stream --noout /tmp/plist-huge.plist)

echo "== 3. one small Info.plist"
measure small "$runs" 20 5 \
    -n eplint "$eplint $small" \
    -n plain "$plain $small" \
    -n xmllint "xmllint --noout $small" \
    -n plutil "$plutil -lint $small"

python3 - "$work" "$eplint_peak" "$floor_peak" "$xmllint_peak" <<'PY'
import glob, json, statistics, sys
work, eplint_peak, floor_peak, xmllint_peak = sys.argv[1:]
def figures(name, statistic=statistics.median):
    times = {}
    for path in glob.glob(f"{work}/{name}.*.json"):
        for result in json.load(open(path))["results"]:
            times.setdefault(result["command"], []).extend(result["times"])
    return {command: statistic(values) for command, values in times.items()}
many, huge, small = figures("many"), figures("huge"), figures("small")
fastest_many, fastest_huge, fastest_small = figures("many", min), figures("huge", min), figures("small", min)
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
print("| plain `swift build -c release` | eplint | eplint / floor | eplint / xmllint |")
print("| --- | --- | --- | --- |")
print(f"| 10,000 files | {many['plain']:.3f} s | {many['plain'] / many['floor']:.2f}x | {many['plain'] / many['xmllint']:.2f}x |")
print(f"| one 100 MB plist | {huge['plain']:.3f} s | {huge['plain'] / huge['floor']:.2f}x | {huge['plain'] / huge['xmllint --stream']:.2f}x |")
print(f"| one small Info.plist | {small['plain'] * 1000:.1f} ms | – | {small['plain'] / small['xmllint']:.2f}x |")
print()
# The fastest runs are the least disturbed by other work on the machine.
print(f"Fastest runs: 10,000 files {fastest_many['eplint'] / fastest_many['floor']:.2f}x floor, "
      f"{fastest_many['eplint'] / fastest_many['xmllint']:.2f}x xmllint; "
      f"100 MB {fastest_huge['eplint'] / fastest_huge['floor']:.2f}x floor; "
      f"small file {fastest_small['eplint'] / fastest_small['xmllint']:.2f}x xmllint.")
print("Targets: 10k files <= 1.5x floor and <= 0.8x xmllint; 100 MB <= 2.5x floor (one thread) and <= 32 MB; small file <= 2x xmllint.")
PY
