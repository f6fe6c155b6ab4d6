#!/usr/bin/env bash
# Mutation testing of the decisions the suite must hold (issue 46): each line of
# scripts/mutations.tsv is one edit to the code that a named test must catch,
#   file<TAB>exact text to replace<TAB>replacement<TAB>swift test --filter value that must fail
# (lines starting with # are comments; a field holds no TAB and no newline; the first
# occurrence of the text is replaced, as written, no pattern).
#
#   scripts/mutations.sh --check          every listed text still occurs in its file (CI: .ci/run)
#   scripts/mutations.sh [--only REGEX]   each mutation (or those whose line matches REGEX) applied
#                                         in turn to a scratch copy of the checkout (no .build), which
#                                         is rebuilt incrementally (swift build --build-tests -j 1) and
#                                         whose named suite is run; prints killed / survived / broken
#                                         (did not build) for each, and exits 1 if any survived.
#
# On demand only: the scratch copy's first build is a whole debug build with tests (772 s on
# a shared two-core machine), then each mutation rebuilds the module it touches and those
# above it and runs one suite: 12 to 30 s for ServerSide or the executable, minutes for
# EplintBase or Preprocessor (docs/performance.md). The
# scratch copy is kept in MUTATIONS_SCRATCH (default /tmp/eplint-mutations) to start the next
# run warm; the checkout is never edited. ../shared is passed on as EPLINT_SHARED_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
list=scripts/mutations.tsv
mode=run
only=
while [ $# -gt 0 ]; do
    case "$1" in
        --check) mode=check ;;
        --only) only=${2:?--only needs a regular expression}; shift ;;
        *) echo "usage: scripts/mutations.sh [--check | --only REGEX]" >&2; exit 2 ;;
    esac
    shift
done

# The lines of the list, checked for shape, each as its line number, a TAB, and the line.
read_list() {
    python3 - "$list" "$only" <<'PY'
import re, sys
path, only = sys.argv[1], sys.argv[2]
bad = 0
for number, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
    if not line.strip() or line.startswith("#"):
        continue
    fields = line.split("\t")
    if len(fields) != 4 or not all(fields):
        print(f"{path}:{number}: not four non-empty TAB-separated fields", file=sys.stderr)
        bad += 1
        continue
    if only and not re.search(only, line):
        continue
    sys.stdout.write(str(number) + "\t" + line + "\n")
sys.exit(1 if bad else 0)
PY
}

# Whether `text` occurs in `file` (under folder $1): the mutation still applies.
applies() {
    python3 - "$1/$2" "$3" <<'PY'
import sys
try:
    text = open(sys.argv[1], encoding="utf-8").read()
except OSError:
    sys.exit(1)
sys.exit(0 if sys.argv[2] in text else 1)
PY
}

# Replaces the first occurrence of `text` in `file` with `replacement`.
mutate() {
    python3 - "$1" "$2" "$3" <<'PY'
import sys
path, old, new = sys.argv[1:4]
text = open(path, encoding="utf-8").read()
open(path, "w", encoding="utf-8").write(text.replace(old, new, 1))
PY
}

entries=$(read_list)
if [ "$mode" = check ]; then
    missing=0
    count=0
    while IFS= read -r entry; do
        [ -n "$entry" ] || continue
        IFS=$'\t' read -r number file text _ <<<"$entry"
        count=$((count + 1))
        if ! applies . "$file" "$text"; then
            echo "$list:$number: $file no longer holds the text this mutation replaces" >&2
            missing=$((missing + 1))
        fi
    done <<<"$entries"
    [ "$missing" -eq 0 ] || exit 1
    echo "scripts/mutations.sh: all $count mutations still apply"
    exit 0
fi

scratch=${MUTATIONS_SCRATCH:-/tmp/eplint-mutations}
checkout=$scratch/eplint
shared=${EPLINT_SHARED_DIR:-$(cd .. && pwd)/shared}
mkdir -p "$checkout"
# The checkout as it is now (committed or not), without builds; the scratch's own .build stays.
echo "== copying the checkout to $checkout"
# (tar keeps the time stamps, so that an unchanged file is not rebuilt; BSD and GNU tar alike.)
tar -cf - --exclude ./.build --exclude './.build-*' --exclude ./.git . | (cd "$checkout" && tar -xf -)
export EPLINT_SHARED_DIR=$shared
echo "== building the unmutated copy"
(cd "$checkout" && swift build --build-tests -j 1 >"$scratch/build.log" 2>&1) || {
    echo "the unmutated copy does not build: $scratch/build.log" >&2
    exit 2
}
killed=0
survived=0
broken=0
while IFS= read -r entry; do
    [ -n "$entry" ] || continue
    IFS=$'\t' read -r number file text replacement filter <<<"$entry"
    if ! applies "$checkout" "$file" "$text"; then
        echo "line $number: $file: the text is not there (scripts/mutations.sh --check)"
        broken=$((broken + 1))
        continue
    fi
    cp "$checkout/$file" "$scratch/original"
    mutate "$checkout/$file" "$text" "$replacement"
    started=$(date +%s)
    if ! (cd "$checkout" && swift build --build-tests -j 1 >"$scratch/mutant-$number.log" 2>&1); then
        verdict="broken (does not build: $scratch/mutant-$number.log)"
        broken=$((broken + 1))
    elif (cd "$checkout" && swift test --skip-build --filter "$filter" >>"$scratch/mutant-$number.log" 2>&1); then
        verdict="SURVIVED ($filter passes: $scratch/mutant-$number.log)"
        survived=$((survived + 1))
    else
        verdict="killed by $filter"
        killed=$((killed + 1))
    fi
    # Back as it was (a new time stamp: the next build recompiles the module once more).
    cp "$scratch/original" "$checkout/$file"
    echo "line $number: $file: $verdict, $(($(date +%s) - started)) s"
done <<<"$entries"
echo "scripts/mutations.sh: $killed killed, $survived survived, $broken broken"
[ "$survived" -eq 0 ]
