#!/usr/bin/env bash
# CPU seconds (user + system, the best of 3) of the read amplification cases of issue 45, each
# a checkout eplint is pointed at as a CI job would be; each must end with a finding or a
# failure of the run (exit 1 or 2) naming the budget or the limit, in well under 2 s:
#   1. xcconfig: 1,000 `#include`s of a 1 MiB file      (the run's 2 MiB budget of xcconfig text)
#   2. xcconfig: one `#include` of a 1 GiB file (sparse)  (the size limit, checked before reading)
#   3. preprocessing: a target with N configurations whose Info.plist includes a 4 MiB header
#      of well-formed comments (two contexts per configuration; the header is read and
#      preprocessed once, against the run's 16 MiB budget of preprocessing input, and the text
#      is parsed and linted once per distinct configuration and platform): the normal lint
#   4. as 3 with 64 configurations, each giving KEY, which a region of the plist names, its own
#      value: each context lints the text again, until the 16 MiB per-file budget of text linted
#      again ends it with an EP007 warning
# It prints each case's seconds and exit status, and for case 3 the ratio of 64 to 8
# configurations (a per-context budget grew linearly with them).
# Usage: scripts/benchmarks/amplification.sh   (EPLINT_BINARY=path times another build)
set -euo pipefail
cd "$(dirname "$0")/../.."
eplint=${EPLINT_BINARY:-}
if [ -z "$eplint" ]; then
    swift build -c release --product eplint -j 1 >/dev/null
    eplint=$PWD/.build/release/eplint
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/eplint-amplification.XXXXXX")
trap 'rm -rf "$work"' EXIT

python3 - "$eplint" "$work" <<'PY'
import os, resource, subprocess, sys
eplint, work = sys.argv[1], sys.argv[2]
plist = ("<plist><dict><key>SKExternalPurchase</key><array><string>nl</string></array>"
         "<key>K</key><string>$(KEY)</string>\n#include \"big.h\"\n</dict></plist>\n")

keyed_plist = ("<plist><dict><key>SKExternalPurchase</key><array><string>nl</string><string>$(KEY)</string>"
               "</array>\n#include \"big.h\"\n</dict></plist>\n")

def pbxproj(configurations, xcconfig, keyed=False):
    names = [f"C{i}" for i in range(configurations)]
    settings = ('INFOPLIST_FILE = App/Info.plist; SDKROOT = iphoneos; INFOPLIST_PREPROCESS = YES; '
                'SUPPORTED_PLATFORMS = "iphoneos iphonesimulator";')
    base = "baseConfigurationReference = F1;" if xcconfig else ""
    objects = [f'F1 = {{isa = PBXFileReference; path = "Base.xcconfig"; sourceTree = "<group>"; }};']
    objects += [f"P{n} = {{isa = XCBuildConfiguration; {base} buildSettings = {{}}; name = {n}; }};" for n in names]
    # keyed: each configuration gives KEY, which the plist names, its own value.
    key = (lambda n: f" KEY = v{n};") if keyed else (lambda n: "")
    objects += [f"T{n} = {{isa = XCBuildConfiguration; buildSettings = {{ {settings}{key(n)} }}; name = {n}; }};" for n in names]
    objects += [
        f"PL = {{isa = XCConfigurationList; buildConfigurations = ({', '.join('P' + n for n in names)}); defaultConfigurationName = C0; }};",
        f"TL = {{isa = XCConfigurationList; buildConfigurations = ({', '.join('T' + n for n in names)}); defaultConfigurationName = C0; }};",
        'T1 = {isa = PBXNativeTarget; buildConfigurationList = TL; name = App; productType = "com.apple.product-type.application"; };',
        "R = {isa = PBXProject; buildConfigurationList = PL; targets = (T1); };",
    ]
    return "// !$*UTF8*$!\n{ archiveVersion = 1; objectVersion = 56; objects = {\n" + "\n".join(objects) + "\n}; rootObject = R; }\n"

def checkout(name, configurations=1, xcconfig=None, header=0, keyed=False):
    root = os.path.join(work, name)
    os.makedirs(os.path.join(root, ".git"))
    os.makedirs(os.path.join(root, "App"))
    os.makedirs(os.path.join(root, "App.xcodeproj"))
    with open(os.path.join(root, "App.xcodeproj", "project.pbxproj"), "w") as f:
        f.write(pbxproj(configurations, xcconfig is not None, keyed))
    with open(os.path.join(root, "App", "Info.plist"), "w") as f:
        f.write(keyed_plist if keyed else plist)
    with open(os.path.join(root, "App", "big.h"), "w") as f:
        # Whole comments, then blanks to the size: a comment cut in two is malformed XML (EP001).
        padding = "<!-- padding -->\n" * (header // 17)
        f.write(padding + " " * (header - len(padding)))
    if xcconfig is not None:
        xcconfig(root)
    return root

def xcconfig_includes(root):
    with open(os.path.join(root, "Base.xcconfig"), "w") as f:
        f.write('#include "big.xcconfig"\n' * 1000)
    with open(os.path.join(root, "big.xcconfig"), "w") as f:
        f.write(("A = 1\n" * ((1 << 20) // 6 + 1))[: 1 << 20])

def xcconfig_huge(root):
    with open(os.path.join(root, "Base.xcconfig"), "w") as f:
        f.write('#include "huge.xcconfig"\n')
    with open(os.path.join(root, "huge.xcconfig"), "w") as f:
        f.truncate(1 << 30)

def seconds(root):
    best, status = None, None
    for _ in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run([eplint, "App.xcodeproj"], cwd=root, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best = cpu if best is None else min(best, cpu)
        status = done.returncode
        said = (done.stderr or done.stdout).decode(errors="replace").strip().splitlines()
    return best, status, (said[0][:150] if said else "")

print(f"{'case':44} {'cpu s':>7} {'exit':>4}  what it said")
for name, root in [
    ("xcconfig: 1,000 includes of 1 MiB", checkout("includes", xcconfig=xcconfig_includes)),
    ("xcconfig: one include of 1 GiB", checkout("huge", xcconfig=xcconfig_huge)),
]:
    cpu, status, said = seconds(root)
    print(f"{name:44} {cpu:7.2f} {status:4}  {said}")
figures = {}
for configurations in (8, 64):
    cpu, status, said = seconds(checkout(f"contexts{configurations}", configurations, header=4 << 20))
    figures[configurations] = cpu
    print(f"{'preprocessing: %d configurations, 4 MiB' % configurations:44} {cpu:7.2f} {status:4}  {said}")
print(f"64 / 8 configurations: {figures[64] / max(figures[8], 0.001):.2f}")
cpu, status, said = seconds(checkout("keyed64", 64, header=4 << 20, keyed=True))
print(f"{'preprocessing: 64 configurations, own $(KEY)':44} {cpu:7.2f} {status:4}  {said}")
PY
