#!/usr/bin/env bash
# Times the adversarial inputs that were once quadratic or slow, on the release build. The tests
# check their output, not their speed (machines are noisy); this script fails if one of them
#   - takes longer than a generous bound (about a second is expected), or
#   - grows faster than linearly: 4 times the input may take at most 8 times as long (linear
#     or n·log n gives about 4; quadratic 16) — a check that load on the machine cannot fool.
#   1. 40,000 links for one region     (distinct links counted with a set, not a list search)
#   2. 20,000 inline suppressions      (one sweep per rule, not every directive per finding)
#   3. 100,000 findings                (reporting stays linear)
#   4. 10,000 files in one folder, each named (as pre-commit names them: the folder is looked
#      at once for an enclosing Xcode project, not once per file)
#   5. the preprocessor's hostile inputs (issue 31), every class of preprocessor_inputs.py at
#      sizes 10 to 10^5: under 2 s and the memory bound (32 MB + 16 bytes per input byte) each, growth at most linear, no signal
#      on the main thread, with `ulimit -s 512`, and on two worker threads with 512 KiB stacks
#      (adversarial_preprocessor.py; EPLINT_ADVERSARIAL=preprocessor runs only this part).
#      EPLINT_ADVERSARIAL_LARGEST=1000000 adds 10^6 (inputs of 1 to 10 MB): those end
#      correctly, grow linearly and stay under 2 s and the memory bound too (0.1 to 0.9 s, best of 3)
# Usage: scripts/benchmarks/adversarial.sh [BOUND-SECONDS]   (default 5; the best of 3 runs counts)
set -euo pipefail
cd "$(dirname "$0")/../.."
bound=${1:-5}
work=/tmp/eplint-adversarial
mkdir -p "$work"

# EPLINT_BINARY=path times another build (e.g. an older one, to see the check fail).
eplint=${EPLINT_BINARY:-}
if [ -z "$eplint" ]; then
    echo "== building (release, static Swift runtime: the build users and hooks run)"
    swift build -c release --static-swift-stdlib --disable-local-rpath --product eplint >/dev/null
    eplint=$PWD/.build/release/eplint
fi

status=0
if [ "${EPLINT_ADVERSARIAL:-}" != preprocessor ]; then
python3 - "$eplint" "$work" "$bound" <<'PY'
import os, subprocess, sys, time
eplint, work, bound = sys.argv[1], sys.argv[2], float(sys.argv[3])
head = "<plist><dict><key>SKExternalPurchase</key><array><string>nl</string></array>\n"

def links(n):
    return (head + "<key>SKExternalPurchaseMultiLink</key><dict><key>nl</key><array>\n"
            + "".join(f"<string>https://x.com/{i}</string>\n" for i in range(n))
            + "</array></dict></dict></plist>\n", 1, f"has {n} distinct links")

def suppressions(n):
    return (head + "<key>SKExternalPurchaseMultiLink</key><dict>\n"
            + "".join(f"<!-- eplint:disable-next EP102 EP203 -->\n<key>r{i}</key><array><string>https://x.com/?{i}</string></array>\n"
                      for i in range(n))
            + "</dict></dict></plist>\n", 0, None)

def findings(n):  # two findings per entry
    return ("<plist><dict><key>SKExternalPurchaseMultiLink</key><dict>\n"
            + "".join(f"<key>r{i}</key><array><string>https://x.com/?{i}</string></array>\n" for i in range(n // 2))
            + "</dict></dict></plist>\n", n, "[EP203]")

def named_files(n):  # one finding per file, every file named on the command line
    return ("<plist><dict><key>SKExternalPurchase</key><array><string>NL</string></array></dict></plist>\n", n, "[EP101]")

def best_of_3(name, case):
    text, expected_lines, expected_text = case
    if name.startswith("files"):
        folder = os.path.join(work, name)
        os.makedirs(folder, exist_ok=True)
        paths = [os.path.join(folder, f"f{i:05d}.plist") for i in range(expected_lines)]
        for path in paths:
            if not os.path.exists(path):
                with open(path, "w") as file:
                    file.write(text)
        arguments = [os.path.basename(path) for path in paths]
    else:
        folder = work
        arguments = [f"{name}.plist"]
        with open(os.path.join(work, arguments[0]), "w") as file:
            file.write(text)
    best = None
    for _ in range(3):
        start = time.perf_counter()
        run = subprocess.run([eplint, "--color", "never"] + arguments, capture_output=True, text=True, cwd=folder)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    lines = run.stdout.count("\n")
    correct = run.returncode in (0, 1) and lines == expected_lines and (expected_text is None or expected_text in run.stdout)
    return best, lines, correct

failed = False
print("| input | lines reported | best of 3 | a quarter of it | growth (4x input) |")
print("| --- | --- | --- | --- | --- |")
for name, make, size in [("links", links, 40_000), ("suppressions", suppressions, 20_000), ("findings", findings, 100_000),
                         ("files", named_files, 10_000)]:
    full, lines, correct = best_of_3(name, make(size))
    quarter, _, quarter_correct = best_of_3(name + "-quarter", make(size // 4))
    growth = full / quarter
    problems = []
    if not (correct and quarter_correct): problems.append("output not as expected")
    if full > bound: problems.append(f"over the {bound:.0f} s bound")
    if growth > 8: problems.append("grows faster than n·log n")
    failed = failed or bool(problems)
    print(f"| {size:,} {name} | {lines} | {full:.3f} s | {quarter:.3f} s | {growth:.1f}x |" + (f"  <- FAILED: {'; '.join(problems)}" if problems else ""))
sys.exit(1 if failed else 0)
PY
fi || status=1
python3 scripts/benchmarks/adversarial_preprocessor.py "$eplint" "$work/preprocessor" 2 "${EPLINT_ADVERSARIAL_LARGEST:-100000}" || status=1
exit $status
