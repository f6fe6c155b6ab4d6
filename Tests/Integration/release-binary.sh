#!/usr/bin/env bash
# The release binary is linked differently from the debug one the tests run: the Swift runtime
# is static, lld orders its code, and argc/argv come from Sources/CStartup rather than from
# the runtime. Each invocation here must give the debug binary's output and exit status.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product eplint >/dev/null
swift build -c release --static-swift-stdlib --disable-local-rpath --product eplint >/dev/null
debug=.build/debug/eplint
release=.build/release/eplint

passed=0
failed=0
same() { # ARGUMENTS... (standard input from the file named by $input, if set)
    local expected actual
    expected=$("$debug" "$@" < "${input:-/dev/null}" 2>&1; echo "exit $?")
    actual=$("$release" "$@" < "${input:-/dev/null}" 2>&1; echo "exit $?")
    if [ "$expected" = "$actual" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: eplint $*"
        diff <(echo "$expected") <(echo "$actual") | head -20
    fi
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
echo "release binary: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
