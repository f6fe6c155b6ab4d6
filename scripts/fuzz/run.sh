#!/usr/bin/env bash
# Fuzzes eplint's whole path (bytes -> parser -> every rule -> every reporter, and the readers of
# built apps: binary plists, zips, Mach-O signatures, profiles, DER) with libFuzzer
# and AddressSanitizer for SECONDS, seeded from the Rules/ examples, the golden tests and
# shared/corpus/real-world. Exits non-zero on any crash, leak, timeout or out-of-memory; the
# input that caused it is left in Tests/Fuzz/Findings/ (add it to Tests/Fuzz/Regressions/).
# Every input goes through the parser and every rule; the expensive cross-checks run on one
# input in 32 (chosen by its bytes: Sources/eplint-fuzz/Sampling.swift): the comment cutting
# (a 240 KB parse, twice) and all four report formats; the other inputs write one format
# each. A 120 s run from the seeds: 490 inputs a second per worker (2 shared cores, load
# 2.4-3.0); 172 before the sample and faster reports, 30 when every input cut comments.
#   --all-checks  every cross-check on every input (279 a second in the same conditions)
#   --structure   inputs built from a recipe (deep nesting, long macro chains, wide argument
#                 lists, big stringifications, deep plist/JSON/pbxproj, xcconfig references:
#                 Sources/eplint-fuzz/StructureGenerator.swift); the recipe is the fuzzed input
#   --comments    the comment-cutting cross-check on every input
#   --lsp         the input as a client writes it to `eplint lsp`: framing, JSON-RPC, edits
#                 (Sources/eplint-fuzz/LanguageServerCheck.swift)
# Reproduce a finding: EPLINT_FUZZ_MODE=all|structure|comments|lsp .build/debug/eplint-fuzz FILE
# Usage: scripts/fuzz/run.sh SECONDS [--all-checks|--structure|--comments|--lsp] [extra libFuzzer flags]
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "$(uname -s)" = Darwin ]; then
    # Xcode's Swift toolchain has no libFuzzer runtime for -sanitize=fuzzer.
    echo "scripts/fuzz/run.sh: skipped on macOS: Xcode's Swift toolchain lacks libFuzzer; run it on Linux (or a swift.org toolchain's container)"
    exit 0
fi
seconds=${1:?usage: scripts/fuzz/run.sh SECONDS [--all-checks|--structure|--comments|--lsp]}
shift
mode=
case "${1:-}" in
    --all-checks) mode=all; shift ;;
    --structure) mode=structure; shift ;;
    --comments) mode=comments; shift ;;
    --lsp) mode=lsp; shift ;;
esac
export EPLINT_FUZZ_MODE=$mode
# AddressSanitizer records two frames per allocation, not 30: unwinding and storing the stacks
# of every allocation took about a tenth of the time. Two is the fewest that keeps leaks
# reported (0 or 1 frame: LeakSanitizer reports none). To see where a finding's memory was
# allocated and freed: ASAN_OPTIONS=malloc_context_size=30 .build-fuzz/release/eplint-fuzz FINDING
# (options given in ASAN_OPTIONS come after these and win).
export ASAN_OPTIONS="malloc_context_size=2${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
shared=${EPLINT_SHARED_DIR:-../shared}
# EPLINT_FUZZ_WORK: where the corpus and seeds live (a fresh folder measures from the seeds alone).
work=${EPLINT_FUZZ_WORK:-/tmp/eplint-fuzz}
seeds=$work/seeds${mode:+-$mode}
corpus=$work/corpus${mode:+-$mode}
rm -rf "$seeds"
mkdir -p "$corpus" "$seeds" Tests/Fuzz/Findings

# The instrumentation is asked for here, not in Package.swift (which has no unsafe flags):
# every module is built for libFuzzer and AddressSanitizer, and EPLINT_FUZZ gives eplint-fuzz
# libFuzzer's entry point. lld links: gold crashes while reporting link errors of libFuzzer builds.
build=(swift build -c release --product eplint-fuzz --scratch-path .build-fuzz
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DEPLINT_FUZZ -Xswiftc -use-ld=lld)
echo "== building the harness (-sanitize=fuzzer,address)"
"${build[@]}" >/dev/null

harness=$("${build[@]}" --show-bin-path)/eplint-fuzz

if [ "$mode" = structure ]; then
    # Seeds: each kind of structure at a few sizes (kind byte, two size bytes, then text).
    python3 - "$seeds" <<'PY'
import os, sys
for kind in range(11):
    for size in (0x20, 0x80, 0xC0, 0xF0):
        open(os.path.join(sys.argv[1], f"recipe-{kind:02d}-{size:02x}"), "wb").write(bytes([kind, size, 0x40, 1, 2, 3, 5, 8]) + b"NL")
PY
    echo "== fuzzing structures for $seconds s"
    # Inputs of megabytes under AddressSanitizer: a longer timeout than the plain mode's.
    "$harness" "$corpus" "$seeds" -max_len=64 -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix=Tests/Fuzz/Findings/ "$@" 2>&1 | grep -E "INITED|DONE|ERROR|SUMMARY|stat::|Test unit|#[0-9]+ " | tail -40
    status=${PIPESTATUS[0]}
    echo "libFuzzer exit status: $status"
    exit "$status"
fi

if [ "$mode" = lsp ]; then
    # Seeds: framed sessions of edits, requests and broken frames.
    python3 - "$seeds" <<'PY'
import json, os, sys
def frame(message):
    body = json.dumps(message).encode() if not isinstance(message, bytes) else message
    return b"Content-Length: %d\r\n\r\n" % len(body) + body
uri = "file:///nonexistent-eplint-fuzz/Info.plist"
change = lambda start, end, text: {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
    "textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"range": {
        "start": {"line": start[0], "character": start[1]}, "end": {"line": end[0], "character": end[1]}}, "text": text}]}}
request = lambda id, method, params: {"jsonrpc": "2.0", "id": id, "method": method, "params": params}
sessions = {
    "edits": [change((3, 17), (3, 19), "nl"), change((0, 0), (0, 0), "é😀\r\n"), change((9, 0), (2, 3), "")],
    "requests": [request(1, "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 2, "character": 8}}),
                 request(2, "textDocument/codeAction", {"textDocument": {"uri": uri}, "range": {
                     "start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}}, "context": {"diagnostics": []}}),
                 {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 3}},
                 request(3, "textDocument/diagnostic", {"textDocument": {"uri": uri}}),
                 request(4, "shutdown", None), {"jsonrpc": "2.0", "method": "exit"}],
    "broken": [b"{not json", b"[]", request(5, "no/such", {})],
}
for name, messages in sessions.items():
    open(os.path.join(sys.argv[1], "lsp-" + name), "wb").write(b"".join(frame(m) for m in messages))
open(os.path.join(sys.argv[1], "lsp-huge-length"), "wb").write(b"Content-Length: 9223372036854775808\r\n\r\n{}")
PY
    echo "== fuzzing the language server's input for $seconds s"
    # The server's log lines (standard error) may quote the input's bytes: grep reads them as text.
    "$harness" "$corpus" "$seeds" -max_len=4096 -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix=Tests/Fuzz/Findings/ "$@" 2>&1 | grep -aE "INITED|DONE|ERROR|SUMMARY|stat::|Test unit|#[0-9]+ " | tail -40
    status=${PIPESTATUS[0]}
    echo "libFuzzer exit status: $status"
    exit "$status"
fi

# Seeds: every example block of the rule pages, the golden inputs, the regressions, the corpus.
python3 - "$seeds" <<'PY'
import glob, os, sys
out = sys.argv[1]
n = 0
for page in sorted(glob.glob("Rules/EP*.md")):
    lines = open(page, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        # Plist examples, and the server-side ones (JSON bodies, tokens): the harness routes by first byte.
        if lines[i].startswith("```xml") or lines[i].startswith("```json") or lines[i].startswith("```text token"):
            j = i + 1
            while lines[j] != "```": j += 1
            open(os.path.join(out, "page-%03d.plist" % n), "w", encoding="utf-8").write("\n".join(lines[i + 1:j]) + "\n")
            n += 1
            i = j
        i += 1
PY
cp Tests/EndToEndTests/Golden/*.plist Tests/Fuzz/Regressions/* "$seeds/" 2>/dev/null || true
# Built apps' files under 64 KB (the longest input): binary plists, profiles, executables, zips.
[ -d "$shared/corpus/artifacts" ] && find "$shared/corpus/artifacts" -type f -size -64k \( -name '*.ipa' -o -name '*.mobileprovision' \
    -o -name '*.provisionprofile' -o -name 'Info.plist' -o -perm -u+x \) -exec sh -c 'cp "$1" "$2/artifact-$(basename "$1" | tr -c "A-Za-z0-9.\n" _)-$$-$RANDOM"' _ {} "$seeds" \; 2>/dev/null || true
[ -d "$shared/corpus/real-world" ] && find "$shared/corpus/real-world" -type f \( -name '*.plist' -o -name '*.entitlements' \) -exec cp {} "$seeds/" \; 2>/dev/null || true

echo "== fuzzing for $seconds s"
"$harness" "$corpus" "$seeds" \
    -dict=scripts/fuzz/plist.dict -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix=Tests/Fuzz/Findings/ "$@" 2>&1 | grep -E "INITED|DONE|ERROR|SUMMARY|stat::|Test unit|#[0-9]+ " | tail -40
status=${PIPESTATUS[0]}
echo "libFuzzer exit status: $status"
exit "$status"
