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
if [ -z "${EPLINT_DIST:-}" ]; then dist=$(mktemp -d); trap 'rm -rf "$dist"' EXIT; else dist=$EPLINT_DIST; fi
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
same() { # ARGUMENTS... (standard input from the file named by $input, if set)
    local expected actual
    expected=$("$debug" "$@" < "${input:-/dev/null}" 2>&1; echo "exit $?")
    for release in .build/release/eplint "$bundled"; do
        actual=$("$release" "$@" < "${input:-/dev/null}" 2>&1; echo "exit $?")
        if [ "$expected" = "$actual" ]; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "FAIL: $release $*"
            diff <(echo "$expected") <(echo "$actual") | head -20
        fi
    done
}

same --version
same --help
same Examples/BrokenApp/Info.plist
same --format json Examples/BrokenApp Examples/CorrectApp
same --format sarif --color never Examples/BrokenApp/Info.plist Examples/CorrectApp/Info.plist Examples/BrokenApp/Info.plist
same --format github Examples
same explain EP101
same --no-such-option Examples
input=Examples/BrokenApp/Info.plist same --format gcc -
echo "release binaries: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
# The release workflow's merge of the platforms' outputs, on this one.
bash scripts/integration/release-merge.sh "$dist"
