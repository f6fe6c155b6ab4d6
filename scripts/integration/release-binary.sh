#!/usr/bin/env bash
# The binaries users run are linked differently from the debug one the tests run: the README's
# release build links the Swift runtime statically, and the release bundle
# (scripts/release.sh) also libxml2 and libyaml. Each invocation here must give the debug
# binary's output and exit status from both. The bundle is left in $EPLINT_DIST (default: a
# temporary directory) for scripts/integration/plugins.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product eplint >/dev/null
# Exactly the README's set-up command: every target of the package, not only the product (a
# target that builds only with the tests' modules broke it once).
swift build -c release --static-swift-stdlib --disable-local-rpath --product eplint >/dev/null
temporary=$(mktemp -d)
trap 'rm -rf "$temporary"' EXIT
dist=${EPLINT_DIST:-$temporary/dist}
mkdir -p "$dist"
bundle=$(bash scripts/release.sh "$dist" | tail -1)
debug=.build/debug/eplint

# The bundle: its info.json names the one variant, which runs here and needs no library
# beyond glibc's, libstdc++ and libgcc_s (on macOS: beyond the OS's).
variant=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["artifacts"]["eplint"]["variants"][0]["path"])' "$bundle/info.json")
bundled="$bundle/$variant"
if [ "$(uname -s)" = Darwin ]; then
    # macOS: only the OS's libraries (libxml2, libz, libSystem, the Swift runtime in
    # /usr/lib/swift); never Homebrew's (/opt/homebrew, /usr/local). A universal binary lists
    # them once per architecture, each list after a header line ("FILE (architecture arm64):"):
    # the libraries are the indented lines. Every slice's Mach-O header carries a PIE flag.
    unexpected=$(otool -L "$bundled" | grep -E '^[[:space:]]' | grep -vE '^[[:space:]]*(/usr/lib/|/System/Library/)' || true)
    pie() { local headers; headers=$(otool -hv "$1" | grep '^MH_MAGIC') && ! echo "$headers" | grep -qv PIE; }
else
    unexpected=$(ldd "$bundled" | grep -vE 'linux-vdso|ld-linux|/libc\.so|/libm\.so|/libstdc\+\+\.so|/libgcc_s\.so' || true)
    pie() { readelf -h "$1" | grep -q 'Type: *DYN'; } # a shared object's type, loaded at a random address
fi
if [ -n "$unexpected" ]; then echo "FAIL: the bundled eplint needs other shared libraries:"; echo "$unexpected"; exit 1; fi
for binary in .build/release/eplint "$bundled"; do
    pie "$binary" || { echo "FAIL: $binary is not a position-independent executable"; exit 1; }
done

passed=0
failed=0
# compare RUN ARGUMENTS...: RUN BINARY ARGUMENTS... prints what is compared; each release
# binary's must be the debug one's.
compare() {
    local run=$1 expected actual
    shift
    expected=$("$run" "$debug" "$@")
    for release in .build/release/eplint "$bundled"; do
        actual=$("$run" "$release" "$@")
        if [ "$expected" = "$actual" ]; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "FAIL: $release $*"
            diff <(echo "$expected") <(echo "$actual") | head -20
        fi
    done
}
output_of() { # BINARY ARGUMENTS... (standard input from the file named by $input, if set)
    local binary=$1
    shift
    "$binary" "$@" < "${input:-/dev/null}" 2>&1
    echo "exit $?"
}
same() { compare output_of "$@"; }

same --version
same --help
same Examples/BrokenApp/Info.plist
same --format json Examples/BrokenApp Examples/CorrectApp
same --format sarif --color never Examples/BrokenApp/Info.plist Examples/CorrectApp/Info.plist Examples/BrokenApp/Info.plist
same --format github Examples
same explain EP101
same --no-such-option Examples
input=Examples/BrokenApp/Info.plist same --format gcc -

# verdicts ARGUMENTS...: as `same`, for files whose findings may quote libxml2, whose words
# differ between its versions (the bundle's is Vendor/libxml2's, the debug build's the
# system's): the JSON report less EP001's and EP002's messages, standard error and the status.
verdict_of() { # BINARY ARGUMENTS...
    local binary=$1 status=0
    shift
    "$binary" --format json "$@" > "$temporary/report.json" 2> "$temporary/stderr" || status=$?
    python3 - "$temporary/report.json" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
try:
    report = json.loads(text)
except ValueError:
    sys.exit(print(text))
for finding in report["diagnostics"]:
    if finding["rule"] in ("EP001", "EP002"):
        finding["message"] = "(libxml2's words)"
    print(json.dumps(finding, sort_keys=True))
PY
    cat "$temporary/stderr"
    echo "exit $status"
}
verdicts() { compare verdict_of "$@"; }

# Encodings: the bundle's libxml2 (built without ICU, iconv only) reads what the debug build's
# reads, and refuses the same. Each file holds a non-ASCII string in its declared encoding.
encodings=$temporary/encodings
mkdir -p "$encodings"
python3 - "$encodings" <<'PY'
import sys
out = sys.argv[1]
text = '<plist version="1.0"><dict><key>CFBundleName</key><string>Caf\u00e9 \u00fc\u00df</string></dict></plist>\n'
def write(name, declared, codec, bom=b"", body=text):
    head = '<?xml version="1.0" encoding="%s"?>\n' % declared if declared else '<?xml version="1.0"?>\n'
    with open("%s/%s.plist" % (out, name), "wb") as f:
        f.write(bom + (head + body).encode(codec))
write("utf-8", "UTF-8", "utf-8")
write("utf-8-bom", "UTF-8", "utf-8", b"\xef\xbb\xbf")
write("utf-8-undeclared", None, "utf-8")
write("utf-16le-bom", "UTF-16", "utf-16-le", b"\xff\xfe")
write("utf-16be-bom", "UTF-16", "utf-16-be", b"\xfe\xff")
write("utf-16le-nobom", "UTF-16LE", "utf-16-le")
write("utf-32be-bom", "UTF-32", "utf-32-be", b"\x00\x00\xfe\xff")
write("utf-32le-bom", "UTF-32", "utf-32-le", b"\xff\xfe\x00\x00")
write("latin1", "ISO-8859-1", "latin-1")
write("windows-1252", "windows-1252", "cp1252", body=text.replace("\u00df", "\u20ac"))
write("macroman", "macintosh", "mac-roman")
write("shift-jis", "Shift_JIS", "shift_jis", body=text.replace("Caf\u00e9 \u00fc\u00df", "\u65e5\u672c"))
write("euc-jp", "EUC-JP", "euc_jp", body=text.replace("Caf\u00e9 \u00fc\u00df", "\u65e5\u672c"))
write("koi8-r", "KOI8-R", "koi8_r", body=text.replace("Caf\u00e9 \u00fc\u00df", "\u041c\u0438\u0440"))
write("unknown", "x-no-such-encoding", "utf-8")
write("declared-utf-16-but-utf-8", "UTF-16", "utf-8")
write("latin1-declared-utf-8", "UTF-8", "latin-1")
PY
for file in "$encodings"/*.plist; do verdicts "$file"; done

# The peer suites (shared/corpus/peer-suites, when present): one run over every file, the same
# findings from each binary, so the same verdict on each file as the debug build's (which
# PeerSuiteTests checks against Apple's).
peers="${EPLINT_SHARED_DIR:-../shared}/corpus/peer-suites"
if [ -f "$peers/VERDICTS.tsv" ]; then
    peer_files=()
    while IFS=$'\t' read -r file _; do peer_files+=("$peers/$file"); done < <(tail -n +2 "$peers/VERDICTS.tsv")
    [ "${#peer_files[@]}" -gt 300 ] || { echo "FAIL: $peers/VERDICTS.tsv lists ${#peer_files[@]} files"; exit 1; }
    verdicts "${peer_files[@]}"
    echo "peer suites: ${#peer_files[@]} files compared"
elif [ "${EPLINT_STRICT_TESTS:-}" = 1 ]; then
    echo "FAIL: no peer suites at $peers (EPLINT_STRICT_TESTS=1)"; exit 1
else
    echo "(no peer suites at $peers: not compared)"
fi
echo "release binaries: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
# The release workflow's merge of the platforms' outputs, on this one.
bash scripts/integration/release-merge.sh "$dist"
