#!/usr/bin/env bash
# Times the adversarial inputs that were once quadratic or slow, on the release build, and
# fails if one takes longer than a generous bound (the tests check their output, not their
# speed: machines are noisy). Each should take about a second or less.
#   1. 40,000 links for one region     (distinct links counted with a set, not a list search)
#   2. 20,000 inline suppressions      (one sweep per rule, not every directive per finding)
#   3. 100,000 findings                (reporting stays linear)
# Usage: Tests/Benchmarks/adversarial.sh [BOUND-SECONDS]   (default 3; the best of 3 runs counts)
set -euo pipefail
cd "$(dirname "$0")/../.."
bound=${1:-3}
work=/tmp/eplint-adversarial
mkdir -p "$work"

echo "== building (release, static Swift runtime: the build users and hooks run)"
swift build -c release --static-swift-stdlib --disable-local-rpath >/dev/null
eplint=$PWD/.build/release/eplint

python3 - "$eplint" "$work" "$bound" <<'PY'
import os, subprocess, sys, time
eplint, work, bound = sys.argv[1], sys.argv[2], float(sys.argv[3])
head = "<plist><dict><key>SKExternalPurchase</key><array><string>nl</string></array>\n"
cases = {
    "links": (head + "<key>SKExternalPurchaseMultiLink</key><dict><key>nl</key><array>\n"
              + "".join(f"<string>https://x.com/{i}</string>\n" for i in range(40_000))
              + "</array></dict></dict></plist>\n", 1, "has 40000 distinct links"),
    "suppressions": (head + "<key>SKExternalPurchaseMultiLink</key><dict>\n"
                     + "".join(f"<!-- eplint:disable-next EP102 EP203 -->\n<key>r{i}</key><array><string>https://x.com/?{i}</string></array>\n"
                               for i in range(20_000))
                     + "</dict></dict></plist>\n", 0, None),
    "findings": ("<plist><dict><key>SKExternalPurchaseMultiLink</key><dict>\n"
                 + "".join(f"<key>r{i}</key><array><string>https://x.com/?{i}</string></array>\n" for i in range(50_000))
                 + "</dict></dict></plist>\n", 100_000, "[EP203]"),
}
failed = False
print(f"| input | lines reported | best of 3 | bound |")
print(f"| --- | --- | --- | --- |")
for name, (text, expected_lines, expected_text) in cases.items():
    path = os.path.join(work, f"{name}.plist")
    with open(path, "w") as file:
        file.write(text)
    best = None
    for _ in range(3):
        start = time.perf_counter()
        run = subprocess.run([eplint, "--color", "never", path], capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    lines = run.stdout.count("\n")
    correct = run.returncode in (0, 1) and lines == expected_lines and (expected_text is None or expected_text in run.stdout)
    verdict = "" if correct and best <= bound else "  <- FAILED" + ("" if correct else f" (exit {run.returncode}, output not as expected)")
    failed = failed or bool(verdict)
    print(f"| {name} | {lines} | {best:.3f} s | {bound:.0f} s |{verdict}")
sys.exit(1 if failed else 0)
PY
