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
#   --jws         signed notifications: a compact JWS alone, JSON with signedPayload or nested
#                 signed transactions, and the input as a payload under a chain that verifies
#                 (made here with Python's cryptography; Sources/eplint-fuzz/ServerDocumentsCheck.swift)
#   --report      a report body after lines of `--token`s (ServerDocumentsCheck.swift)
#   --xcconfig    up to three xcconfig files (split at NUL) and the Info.plist their settings
#                 fill in (Sources/eplint-fuzz/XCConfigCheck.swift)
# Reproduce a finding: EPLINT_FUZZ_MODE=all|structure|comments|lsp|jws|report|xcconfig .build/debug/eplint-fuzz FILE
# (jws: with EPLINT_FUZZ_JWS_FILES=/tmp/eplint-fuzz/jws-files, the chain the run made)
# Usage: scripts/fuzz/run.sh SECONDS [--all-checks|--structure|--comments|--lsp|--jws|--report|--xcconfig] [extra libFuzzer flags]
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "$(uname -s)" = Darwin ]; then
    # Xcode's Swift toolchain has no libFuzzer runtime for -sanitize=fuzzer.
    echo "scripts/fuzz/run.sh: skipped on macOS: Xcode's Swift toolchain lacks libFuzzer; run it on Linux (or a swift.org toolchain's container)"
    exit 0
fi
seconds=${1:?usage: scripts/fuzz/run.sh SECONDS [--all-checks|--structure|--comments|--lsp|--jws|--report|--xcconfig]}
shift
mode=
case "${1:-}" in
    --all-checks) mode=all; shift ;;
    --structure) mode=structure; shift ;;
    --comments) mode=comments; shift ;;
    --lsp) mode=lsp; shift ;;
    --jws) mode=jws; shift ;;
    --report) mode=report; shift ;;
    --xcconfig) mode=xcconfig; shift ;;
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
# EPLINT_FUZZ_HARNESS: a harness built before (a copy of .build-fuzz/release/eplint-fuzz), so that
# runs started one after another fuzz the same code while the checkout changes.
if [ -n "${EPLINT_FUZZ_HARNESS:-}" ]; then
    harness=$EPLINT_FUZZ_HARNESS
else
    echo "== building the harness (-sanitize=fuzzer,address)"
    "${build[@]}" >/dev/null
    harness=$("${build[@]}" --show-bin-path)/eplint-fuzz
fi

# One run of the harness in a mode with its own seeds, inputs of at most $1 bytes. Inputs of
# megabytes (structures) under AddressSanitizer: a longer timeout than the plain mode's. The
# server's log lines (standard error, --lsp) may quote the input's bytes: grep reads them as text.
fuzz_mode_run() {
    local max_len=$1
    shift
    echo "== fuzzing ($mode) for $seconds s"
    "$harness" "$corpus" "$seeds" -max_len="$max_len" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix=Tests/Fuzz/Findings/ "$@" 2>&1 | grep -aE "INITED|DONE|ERROR|SUMMARY|stat::|Test unit|#[0-9]+ " | tail -40
    status=${PIPESTATUS[0]}
    echo "libFuzzer exit status: $status"
    exit "$status"
}

if [ "$mode" = structure ]; then
    # Seeds: each kind of structure at a few sizes (kind byte, two size bytes, then text).
    python3 - "$seeds" <<'PY'
import os, sys
for kind in range(11):
    for size in (0x20, 0x80, 0xC0, 0xF0):
        open(os.path.join(sys.argv[1], f"recipe-{kind:02d}-{size:02x}"), "wb").write(bytes([kind, size, 0x40, 1, 2, 3, 5, 8]) + b"NL")
PY
    fuzz_mode_run 64 "$@"
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
    fuzz_mode_run 4096 "$@"
fi

if [ "$mode" = jws ]; then
    # A chain (root, intermediate and leaf with Apple's marker extensions) that the harness
    # trusts (root.pem), the header naming it (header.txt), and seeds signed by its leaf.
    export EPLINT_FUZZ_JWS_FILES=$work/jws-files
    mkdir -p "$EPLINT_FUZZ_JWS_FILES"
    python3 - "$seeds" "$EPLINT_FUZZ_JWS_FILES" "$shared/corpus/server-apple-library/mock_signed_data" <<'PY'
import base64, datetime, glob, json, os, sys
from cryptography import x509
from cryptography.x509.oid import NameOID
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
seeds, files, mocks = sys.argv[1:4]
def b64u(data): return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
def cert(name, key, issuer, issuer_key, ca, marker=None):
    builder = (x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)]))
        .issuer_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, issuer)])).public_key(key.public_key())
        .serial_number(x509.random_serial_number()).not_valid_before(datetime.datetime(2023, 1, 1))
        .not_valid_after(datetime.datetime(2033, 1, 1)).add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
    if marker: builder = builder.add_extension(x509.UnrecognizedExtension(x509.ObjectIdentifier(marker), b"\x05\x00"), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())
keys = [ec.generate_private_key(ec.SECP256R1()) for _ in range(3)]
root = cert("Fuzz Root", keys[0], "Fuzz Root", keys[0], True)
intermediate = cert("Fuzz Intermediate", keys[1], "Fuzz Root", keys[0], True, "1.2.840.113635.100.6.2.1")
leaf = cert("Fuzz Leaf", keys[2], "Fuzz Intermediate", keys[1], False, "1.2.840.113635.100.6.11.1")
open(files + "/root.pem", "wb").write(root.public_bytes(serialization.Encoding.PEM))
x5c = [base64.b64encode(c.public_bytes(serialization.Encoding.DER)).decode() for c in (leaf, intermediate, root)]
header = b64u(json.dumps({"alg": "ES256", "x5c": x5c}).encode())
open(files + "/header.txt", "w").write(header)
def jws(payload, alg="ES256"):
    head = (header if alg == "ES256" else b64u(json.dumps({"alg": alg, "x5c": x5c}).encode())) + "." + b64u(json.dumps(payload).encode())
    r, s = decode_dss_signature(keys[2].sign(head.encode(), ec.ECDSA(hashes.SHA256())))
    return head + "." + b64u(r.to_bytes(32, "big") + s.to_bytes(32, "big"))
def notification(environment, signed=1706169600000, **data):
    return {"notificationType": "EXTERNAL_PURCHASE_TOKEN", "subtype": "UNREPORTED",
        "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20", "version": "2.0", "signedDate": signed,
        "externalPurchaseToken": {"externalPurchaseId": "00000000-0000-0000-0000-000000000000",
            "tokenCreationDate": 1706169600000, "appAppleId": 1234, "bundleId": "com.example"},
        "data": dict({"environment": environment, "bundleId": "com.example", "appAppleId": 1234}, **data)}
transaction = jws({"transactionId": "1", "environment": "Sandbox", "signedDate": 1706169600000, "bundleId": "com.example"})
cases = {
    "production": jws(notification("Production")), "sandbox": jws(notification("Sandbox")),
    "xcode": jws(notification("Xcode")), "local": jws(notification("LocalTesting")),
    "nested": jws(notification("Sandbox", signedTransactionInfo=transaction)),
    "min-date": jws(notification("Sandbox", signed=-9223372036854775808)),
    "none": jws(notification("Production"), alg="none"),
}
for name, text in cases.items():
    open(os.path.join(seeds, "jws-" + name), "w").write(text)
    open(os.path.join(seeds, "member-" + name), "w").write(json.dumps({"signedPayload": text}))
# The payloads alone: the harness signs nothing, but puts them under the chain's header.
open(os.path.join(seeds, "payload-sandbox"), "w").write(json.dumps(notification("Sandbox")))
for path in glob.glob(mocks + "/*"):
    open(os.path.join(seeds, "mock-" + os.path.basename(path)), "wb").write(open(path, "rb").read())
PY
    fuzz_mode_run 16384 "$@"
fi

if [ "$mode" = report ]; then
    # Seeds: the report examples of the rule pages after the tokens their pages give, and after none.
    python3 - "$seeds" <<'PY'
import base64, glob, json, os, sys
tokens = []
reports = []
for page in sorted(glob.glob("Rules/EP*.md")):
    lines = open(page, encoding="utf-8").read().split("\n")
    for i, line in enumerate(lines):
        if line.startswith("```text options") or line.startswith("```json report"):
            j = i + 1
            while lines[j] != "```": j += 1
            if "options" in line:
                tokens += [l[len("token: "):] for l in lines[i + 1:j] if l.startswith("token: ")]
            else:
                reports.append("\n".join(lines[i + 1:j]))
token = base64.urlsafe_b64encode(json.dumps({"appAppleId": 1234, "bundleId": "com.example",
    "tokenCreationDate": 1706169600000, "tokenExpirationDate": -9223372036854775808,
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000", "tokenType": "SERVICES"}).encode()).rstrip(b"=").decode()
for n, report in enumerate(reports):
    for k, prefix in enumerate(["", token, "\n".join(tokens[:3])]):
        open(os.path.join(sys.argv[1], "report-%03d-%d" % (n, k)), "w").write(prefix + "\n\n" + report + "\n")
PY
    fuzz_mode_run 16384 "$@"
fi

if [ "$mode" = xcconfig ]; then
    # Seeds: the checkout's xcconfig files, and includes, conditions and references by hand.
    find Tests "$shared/corpus/xcodeproj" -name '*.xcconfig' -size -16k -exec sh -c 'cp "$1" "$2/xc-$$-$RANDOM"' _ {} "$seeds" \; 2>/dev/null || true
    python3 - "$seeds" <<'PY'
import os, sys
parts = [
    ['#include "B.xcconfig"\nREGION = nl\nURL = https://x.com/$(REGION)\nPRODUCT_BUNDLE_IDENTIFIER = com.$(TARGET_NAME:rfc1034identifier)\n',
     'REGION[sdk=iphoneos*][arch=arm64] = $(inherited) fr\n#include? "C.xcconfig"\n', 'URL = $(URL)$(URL)\n'],
    ['#include "sub/C.xcconfig"\nA = $(B:default=x)\nB = $($(A))\n', '', '#include "../A.xcconfig"\n'],
    ['OTHER = $(OTHER) -DX\nREGION = $(REGION:quote)\n// comment\nINFOPLIST_FILE = App/Info.plist\n'],
]
for n, files in enumerate(parts):
    open(os.path.join(sys.argv[1], "xcconfig-%02d" % n), "wb").write(b"\0".join(p.encode() for p in files))
PY
    fuzz_mode_run 16384 "$@"
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
