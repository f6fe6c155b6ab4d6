#!/usr/bin/env bash
# Peak memory on hostile input (what a CI runner linting a pull request pays): eplint's
# peak RSS on each generated file, beside the file's size.
#   keys-distinct   2,000,000 distinct top-level keys and a StoreKit key   (target <= 64 MB)
#   keys-repeated   2,000,000 top-level keys, half of them repeats (EP003 for each repeat)
#   comment         one 10 MB XML comment on one line                     (target <= 16 MB)
#   comment-utf8    a 9.5 MB comment of multibyte text and line ends, under libxml2's limit
#                   (so the file is read on past it: its StoreKit key's finding is reported)
#   string-other    a 50 MB <string> under a key eplint does not check    (target <= 16 MB)
#   string-link     a 50 MB <string> that is a SKExternalPurchaseLink URL
# Usage: scripts/benchmarks/memory.sh [EPLINT]   (default: the release build; built if missing)
# The inputs stay in /tmp/eplint-memory for comparing outputs across builds.
set -euo pipefail
cd "$(dirname "$0")/../.."
eplint=${1:-$PWD/.build/release/eplint}
work=/tmp/eplint-memory
mkdir -p "$work"
. scripts/benchmarks/host.sh
[ -x /usr/bin/time ] || install_missing time
[ -x "$eplint" ] || swift build -c release >/dev/null

python3 - "$work" <<'PY'
import os, sys
work = sys.argv[1]
head = '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
tail = '</dict>\n</plist>\n'
storekit = '\t<key>SKExternalPurchase</key>\n\t<array><string>nl</string></array>\n'
def write(name, parts):
    path = os.path.join(work, name + ".plist")
    if os.path.exists(path):
        return
    with open(path + ".tmp", "w") as out:
        for part in parts:
            out.write(part)
    os.replace(path + ".tmp", path)
def keys(count, distinct):
    yield head + storekit
    for i in range(count):
        yield f"\t<key>Key{i % distinct:07d}</key>\n\t<true/>\n"
    yield tail
write("keys-distinct", keys(2_000_000, 2_000_000))
write("keys-repeated", keys(2_000_000, 1_000_000))
write("comment", [head, storekit, "<!-- ", "x" * (10 << 20), " -->\n", tail])
write("comment-utf8", [head, "<!-- ", "\u00e9\u20ac\n" * 1_580_000, " -->\n",
                       '\t<key>SKExternalPurchase</key>\n\t<array><string>NL</string></array>\n', tail])
write("string-other", [head, storekit, "\t<key>Other</key>\n\t<string>", "y" * (50 << 20), "</string>\n", tail])
link = '\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>https://example.com/'
write("string-link", [head, storekit, link, "z" * (50 << 20), "</string>\n\t</dict>\n", tail])
PY

printf '%-15s %10s %14s %10s %10s\n' input "size MB" "peak RSS MB" "time s" findings
for name in keys-distinct keys-repeated comment comment-utf8 string-other string-link; do
    file=$work/$name.plist
    stats=$(measured "$work/$name.json" "$eplint" --format json "$file")
    findings=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["diagnostics"]))' "$work/$name.json" 2>/dev/null || echo "?")
    size=$(file_size "$file")
    awk -v n="$name" -v s="$size" -v r="${stats% *}" -v t="${stats#* }" -v f="$findings" \
        'BEGIN { printf "%-15s %10.1f %14.1f %10.2f %10s\n", n, s / 1048576, r / 1024, t, f }'
done
