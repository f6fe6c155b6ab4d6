#!/usr/bin/env bash
# eplint as iOS teams adopt a linter: a consumer package in a temporary directory depends on a
# tagged copy of this repository by `from:` (a file:// URL), runs the command plugin
# (`swift package eplint`) and builds a target whose Info.plist has a mistake with the
# build-tool plugin. The build must fail with eplint's finding at its line and no other error;
# once the mistake is fixed, both must pass, and the product holds nothing of eplint's. With a
# release bundle (EPLINT_DIST, as release-binary.sh leaves it), a second consumer takes the
# plugins package scripts/plugins-package.sh writes, its eplint the bundle (`binaryTarget(path:)`).
# The app also has a C library target with the build-tool plugin (SwiftPM compiles no
# generated C: its run declares no output), which must build, and fail with its finding.
# Tests what is committed: the copy is a clone of HEAD.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# The physical path: SwiftPM reports files by it (macOS's mktemp gives /var/folders/…, a link
# to /private/var/folders/…), and the findings below are compared line by line.
work=$(cd "$(mktemp -d)" && pwd -P)
trap 'rm -rf "$work"' EXIT

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect_status() { # EXPECTED ACTUAL WHAT
    [ "$1" = "$2" ] || fail "$3: exit status $2, expected $1"
}
# Every line of $1 that reports an error must be eplint's finding $2 (or, for the command
# plugin, its one-line summary): nothing spurious from SwiftPM or the compiler.
only_errors() { # LOG FINDING [ALSO-ALLOWED]
    grep -F -- "$2" "$1" >/dev/null || fail "the finding is missing from $1: $2"
    local other
    other=$(grep -E '(^|: )(error|fatal error):' "$1" | grep -vxF -- "$2" | grep -vxF -- "${3:-$2}" || true)
    [ -z "$other" ] || fail "other errors in $1:"$'\n'"$other"
}

# A tagged copy: SwiftPM resolves `from: "0.1.0"` against its tags.
git clone -q "$root" "$work/eplint"
git -C "$work/eplint" tag -f 0.1.0 >/dev/null

echo "== scripts/plugins-package.sh: the command plugin's description is this package's"
# As SwiftPM reads both manifests; a release's URL and checksum need no bundle here.
bash "$root/scripts/plugins-package.sh" "$work/UrlPlugins" --url https://example.invalid/eplint.artifactbundle.zip \
    --checksum "$(printf '%064d' 0)" >/dev/null
description() { # PACKAGE-DIRECTORY
    swift package --package-path "$1" dump-package | python3 -c 'import json, sys
plugins = [t for t in json.load(sys.stdin)["targets"] if t["name"] == "EplintCommandPlugin"]
print(plugins[0]["pluginCapability"]["command"][0]["custom"]["description"])'
}
ours=$(description "$work/eplint")
written=$(description "$work/UrlPlugins")
[ -n "$written" ] && [ "$written" = "$ours" ] || fail "the plugins package's description is '$written', Package.swift's '$ours'"

app="$work/App"
mkdir -p "$app/Sources/App" "$app/Sources/Native/include"
cat > "$app/Package.swift" <<SWIFT
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "App",
    dependencies: [.package(url: "file://$work/eplint", from: "0.1.0")],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: ["Native"],
            exclude: ["Info.plist"],
            plugins: [.plugin(name: "EplintBuildToolPlugin", package: "eplint")]
        ),
        .target(
            name: "Native",
            exclude: ["Info.plist"],
            plugins: [.plugin(name: "EplintBuildToolPlugin", package: "eplint")]
        ),
    ]
)
SWIFT
printf 'import Native\n\nprint(native_word() == 1 ? "built" : "wrong")\n' > "$app/Sources/App/main.swift"
echo 'int native_word(void);' > "$app/Sources/Native/include/native.h"
echo 'int native_word(void) { return 1; }' > "$app/Sources/Native/native.c"
cat > "$app/Sources/App/Info.plist" <<'PLIST'
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundleIdentifier</key>
	<string>com.example.app</string>
	<key>SKExternalPurchase</key>
	<array>
		<string>NL</string>
	</array>
</dict>
</plist>
PLIST
finding="$app/Sources/App/Info.plist:9:3: error: [*] region 'NL' must be lowercase: 'nl' [EP101]"
# The C target's Info.plist is right until its own section below.
sed 's|<string>NL</string>|<string>nl</string>|' "$app/Sources/App/Info.plist" > "$app/Sources/Native/Info.plist"
cd "$app"

echo "== swift package eplint (the package's targets)"
status=0; swift package eplint > "$work/command.log" 2>&1 || status=$?
expect_status 1 "$status" "swift package eplint"
only_errors "$work/command.log" "$finding" "error: eplint found errors"

echo "== swift package eplint Sources/App/Info.plist --format json"
status=0; swift package eplint Sources/App/Info.plist --format json > "$work/command-json.log" 2>&1 || status=$?
expect_status 1 "$status" "swift package eplint PATH --format json"
grep -q '"ruleID" *: *"EP101"\|"rule" *: *"EP101"\|"EP101"' "$work/command-json.log" || fail "no EP101 in the JSON report"

echo "== swift build (the build-tool plugin)"
status=0; swift build > "$work/build.log" 2>&1 || status=$?
[ "$status" -ne 0 ] || fail "swift build passed with a mistake in Info.plist"
only_errors "$work/build.log" "$finding"

echo "== the package's .eplint.yml makes EP101 a warning"
echo "severity: {EP101: warning}" > .eplint.yml
status=0; swift build > "$work/build-configured.log" 2>&1 || status=$?
expect_status 0 "$status" "swift build with EP101 as a warning"
grep -qxF -- "${finding/: error: /: warning: }" "$work/build-configured.log" || fail "the build log lacks the finding as a warning"
rm .eplint.yml

echo "== the mistake fixed by the command plugin (--fix: on macOS, inside SwiftPM's sandbox)"
status=0; swift package --allow-writing-to-package-directory eplint --fix > "$work/command-fix.log" 2>&1 || status=$?
expect_status 0 "$status" "swift package eplint --fix"
grep -q '<string>nl</string>' Sources/App/Info.plist || fail "swift package eplint --fix did not write the fix: $(cat "$work/command-fix.log")"
status=0; swift build > "$work/build-fixed.log" 2>&1 || status=$?
expect_status 0 "$status" "swift build of the fixed app"
[ "$(swift run -q App 2>/dev/null)" = "built" ] || fail "the fixed app does not run"
# The plugin builds nothing into the product: no resource bundle (SwiftPM makes one for a
# build command's report, with the build machine's paths in it) and no eplint file beside it.
bin=$(swift build --show-bin-path)
shipped=$(find "$bin" -maxdepth 1 \( -name 'App_*.resources' -o -name 'App_*.bundle' -o -name 'eplint-App*' \))
[ -z "$shipped" ] || fail "the build-tool plugin put files into the product: $shipped"
if find "$bin/App.build" "$bin/Native.build" -name 'resource_bundle_accessor*' | grep -q .; then fail "a target got a Bundle.module from the plugin"; fi
status=0; swift package eplint > "$work/command-fixed.log" 2>&1 || status=$?
expect_status 0 "$status" "swift package eplint on the fixed app"

echo "== the C target: its Info.plist's mistake fails the build, and its fix passes"
sed -i.bak 's|<string>nl</string>|<string>NL</string>|' Sources/Native/Info.plist && rm Sources/Native/Info.plist.bak
native_finding="$app/Sources/Native/Info.plist:9:3: error: [*] region 'NL' must be lowercase: 'nl' [EP101]"
status=0; swift build > "$work/build-c.log" 2>&1 || status=$?
[ "$status" -ne 0 ] || fail "swift build passed with a mistake in the C target's Info.plist"
only_errors "$work/build-c.log" "$native_finding"
sed -i.bak 's|<string>NL</string>|<string>nl</string>|' Sources/Native/Info.plist && rm Sources/Native/Info.plist.bak
status=0; swift build > "$work/build-c-fixed.log" 2>&1 || status=$?
expect_status 0 "$status" "swift build with the C target's Info.plist fixed"
if grep -E 'warning: .*(generation not enabled|unhandled)' "$work/build-c-fixed.log"; then fail "SwiftPM dropped or did not handle the plugin's output"; fi
[ "$(swift run -q App 2>/dev/null)" = "built" ] || fail "the app with the C target does not run"
shipped=$(find "$bin" -maxdepth 1 -name 'App_Native.*')
[ -z "$shipped" ] || fail "the build-tool plugin put files into the C target's product: $shipped"

if [ -n "${EPLINT_DIST:-}" ] && [ -f "$EPLINT_DIST/eplint.artifactbundle/info.json" ]; then
    echo "== the plugins package with the release bundle (scripts/plugins-package.sh --path)"
    bash "$root/scripts/plugins-package.sh" "$work/EplintPlugins" --path "$EPLINT_DIST/eplint.artifactbundle" >/dev/null
    bundled="$work/Bundled"
    mkdir -p "$bundled/Sources/Bundled"
    cat > "$bundled/Package.swift" <<SWIFT
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Bundled",
    dependencies: [.package(path: "$work/EplintPlugins")],
    targets: [
        .executableTarget(
            name: "Bundled",
            exclude: ["Info.plist"],
            plugins: [.plugin(name: "EplintBuildToolPlugin", package: "EplintPlugins")]
        ),
    ]
)
SWIFT
    echo 'print("built")' > "$bundled/Sources/Bundled/main.swift"
    sed 's|<string>nl</string>|<string>NL</string>|' "$app/Sources/App/Info.plist" > "$bundled/Sources/Bundled/Info.plist"
    bundled_finding="$bundled/Sources/Bundled/Info.plist:9:3: error: [*] region 'NL' must be lowercase: 'nl' [EP101]"
    cd "$bundled"
    status=0; swift package eplint > "$work/bundled-command.log" 2>&1 || status=$?
    expect_status 1 "$status" "the prebuilt eplint's command plugin"
    only_errors "$work/bundled-command.log" "$bundled_finding" "error: eplint found errors"
    status=0; swift build > "$work/bundled-build.log" 2>&1 || status=$?
    [ "$status" -ne 0 ] || fail "swift build with the prebuilt eplint passed with a mistake in Info.plist"
    only_errors "$work/bundled-build.log" "$bundled_finding"
    # Nothing of eplint is compiled: the tool is the bundle's binary.
    if grep -q "Compiling eplint\|Compiling PlistSyntax" "$work/bundled-build.log"; then fail "the build compiled eplint"; fi
    sed -i.bak 's|<string>NL</string>|<string>nl</string>|' Sources/Bundled/Info.plist && rm Sources/Bundled/Info.plist.bak
    status=0; swift build > "$work/bundled-fixed.log" 2>&1 || status=$?
    expect_status 0 "$status" "swift build with the prebuilt eplint, fixed"
    bin=$(swift build --show-bin-path)
    shipped=$(find "$bin" -maxdepth 1 \( -name 'Bundled_*.resources' -o -name 'Bundled_*.bundle' -o -name 'eplint-Bundled*' \))
    [ -z "$shipped" ] || fail "the prebuilt plugin put files into the product: $shipped"
fi

if [ "$failures" -ne 0 ]; then
    echo "plugins: $failures failure(s); logs:"
    for log in "$work"/*.log; do echo "--- $log"; grep -v '^\[' "$log" | tail -30; done
    exit 1
fi
echo "plugins: all passed"
