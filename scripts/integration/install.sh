#!/usr/bin/env bash
# install.sh as users run it, against a release served over HTTP on 127.0.0.1: the release
# scripts/release.sh made (EPLINT_DIST, as release-binary.sh leaves it; built here if unset).
# It must install the archive for this machine into a prefix, and refuse a tampered archive
# (installing nothing). The GitHub Action's shell steps then run against the same server.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
server=
cleanup() { [ -z "$server" ] || kill "$server" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
if [ -z "${EPLINT_DIST:-}" ]; then EPLINT_DIST=$work/dist; bash "$root/scripts/release.sh" "$EPLINT_DIST" >/dev/null; fi
[ -f "$EPLINT_DIST/SHA256SUMS" ] || { echo "FAIL: $EPLINT_DIST has no SHA256SUMS"; exit 1; }
# The release's version, as its bundle says (a tag's may be other than the checked-in one).
version=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["artifacts"]["eplint"]["version"])' "$EPLINT_DIST/eplint.artifactbundle/info.json")

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# Two releases side by side: as built, and with its archive tampered with after SHA256SUMS.
mkdir -p "$work/served/good" "$work/served/tampered"
cp "$EPLINT_DIST"/eplint-*.tar.gz "$EPLINT_DIST/SHA256SUMS" "$work/served/good/"
cp "$EPLINT_DIST"/eplint-*.tar.gz "$EPLINT_DIST/SHA256SUMS" "$work/served/tampered/"
for archive in "$work"/served/tampered/eplint-*.tar.gz; do printf 'x' >> "$archive"; done
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server --bind 127.0.0.1 --directory "$work/served" "$port" >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/good/SHA256SUMS" >/dev/null && break; sleep 0.1; done

echo "== install.sh from the release"
status=0
sh "$root/install.sh" --version "$version" --prefix "$work/prefix" --base-url "http://127.0.0.1:$port/good" >"$work/install.log" 2>&1 || status=$?
[ "$status" -eq 0 ] || fail "install.sh exited $status: $(cat "$work/install.log")"
[ "$("$work/prefix/bin/eplint" --version 2>/dev/null)" = "$version" ] || fail "the installed eplint does not say $version"
status=0; "$work/prefix/bin/eplint" "$root/Examples/CorrectApp" >/dev/null 2>&1 || status=$?
[ "$status" -eq 0 ] || fail "the installed eplint fails on Examples/CorrectApp ($status)"

echo "== install.sh refuses a tampered archive"
status=0
sh "$root/install.sh" --version "$version" --prefix "$work/refused" --base-url "http://127.0.0.1:$port/tampered" >"$work/tampered.log" 2>&1 || status=$?
[ "$status" -ne 0 ] || fail "install.sh installed a tampered archive"
grep -q "checksum mismatch" "$work/tampered.log" || fail "install.sh did not say why: $(cat "$work/tampered.log")"
[ ! -e "$work/refused/bin/eplint" ] || fail "a tampered eplint was installed"

echo "== install.sh refuses a version the server does not have"
status=0
sh "$root/install.sh" --version 0.0.0 --prefix "$work/missing" --base-url "http://127.0.0.1:$port/good" >"$work/missing.log" 2>&1 || status=$?
[ "$status" -ne 0 ] && grep -q "cannot download" "$work/missing.log" || fail "a missing release: $(cat "$work/missing.log")"

echo "== the GitHub Action's shell steps"
python3 "$root/scripts/integration/run-action-steps.py" "$root/action.yml" "$version" "http://127.0.0.1:$port/good" "$work/action" || fail "the action's steps"

echo "== the Homebrew formula of this release (Homebrew itself cannot run here: Ruby's syntax check)"
# sha256sum on Linux, shasum on macOS.
sha256() { if command -v sha256sum >/dev/null; then sha256sum "$1"; else shasum -a 256 "$1"; fi; }
bash "$root/scripts/homebrew-formula.sh" "$version" "$(sha256 "$root/LICENSE" | cut -d' ' -f1)" > "$work/eplint.rb"
if command -v ruby >/dev/null; then ruby -c "$work/eplint.rb" >/dev/null || fail "the formula is not valid Ruby"; else echo "(ruby is not installed: formula not checked)"; fi
grep -q "url \"https://github.com/.*/archive/refs/tags/v$version.tar.gz\"" "$work/eplint.rb" || fail "the formula does not name the tag's source archive"

if [ "$failures" -ne 0 ]; then exit 1; fi
echo "install: all passed"
