#!/bin/sh
# Runs two eplint binaries on the same inputs, in every format, and prints where their
# standard output, standard error or exit status differ: the check that a refactoring
# changed no output (issue 36). Usage: scripts/compare-outputs.sh OLD_BINARY NEW_BINARY [SHARED]
# SHARED defaults to ../shared beside the clone; its corpora are used when present.
set -u
old=$1
new=$2
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${3:-$root/../shared}
work=$(mktemp -d "${TMPDIR:-/tmp}/eplint-compare.XXXXXX")
trap 'rm -rf "$work"' EXIT
export EPLINT_NOW=2026-06-01T00:00:00Z
differences=0
reordered=0
runs=0

# compare LABEL ARGS...: both binaries, run from the clone's root with standard input closed.
compare() {
    label=$1
    shift
    (cd "$root" && "$old" "$@" >"$work/old.out" 2>"$work/old.err" </dev/null; echo $? >"$work/old.status")
    (cd "$root" && "$new" "$@" >"$work/new.out" 2>"$work/new.err" </dev/null; echo $? >"$work/new.status")
    runs=$((runs + 1))
    for part in out err status; do
        if ! cmp -s "$work/old.$part" "$work/new.$part"; then
            # --verbose said the same lines in another order (several threads once spoke at once).
            if [ "$part" = err ] && [ "$(sort "$work/old.err")" = "$(sort "$work/new.err")" ]; then
                reordered=$((reordered + 1))
                echo "REORDERED err: $label"
                continue
            fi
            differences=$((differences + 1))
            echo "DIFFERENT $part: $label: eplint $*"
            diff "$work/old.$part" "$work/new.$part" | head -20
        fi
    done
}

inputs="Examples"
for corpus in real-world peer-suites preprocessed xcodeproj artifacts server-apple-library; do
    [ -d "$shared/corpus/$corpus" ] && inputs="$inputs $shared/corpus/$corpus"
done
for input in $inputs; do
    for format in gcc json sarif github; do
        compare "$input $format" --format "$format" --verbose "$input"
        compare "$input $format artifacts" --format "$format" --artifacts "$input"
    done
done
for example in Examples/*/; do
    compare "$example diff" --diff --unsafe-fixes "$example"
    compare "$example context" context --format json "$example"
done
for kind in token report notification; do
    for input in Examples/server "$shared/corpus/server-apple-library"; do
        [ -d "$input" ] || continue
        for format in gcc json sarif; do
            compare "$kind $input $format" "$kind" --format "$format" --verbose --include '**/*.json' "$input"
        done
    done
done
compare "rules" rules --format json
compare "help" --help
echo "$runs runs, $differences differences, $reordered standard errors with the same lines in another order"
[ "$differences" -eq 0 ]
