#!/usr/bin/env bash
# The release workflow's last step, `scripts/release.sh merge`, on a release this machine built
# (DIST) and a copy of it posing as another platform (aarch64): one artifact bundle whose
# info.json (SwiftPM's artifact bundle format) lists both variants at files that exist, both
# archives, and a SHA256SUMS that sha256sum -c (shasum -a 256 -c) accepts. Usage: release-merge.sh DIST
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dist=$(cd "${1:?usage: release-merge.sh DIST}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/other"
cp -R "$dist/eplint.artifactbundle" "$work/other/"
python3 - "$work/other/eplint.artifactbundle" <<'PY'
import json, os, sys
bundle = sys.argv[1]
info = json.load(open(bundle + "/info.json"))
variant = info["artifacts"]["eplint"]["variants"][0]
old = variant["path"].split("/")[0]
new = old.replace("x86_64", "aarch64") if "x86_64" in old else old + "-other"
os.rename(os.path.join(bundle, old), os.path.join(bundle, new))
variant["path"] = variant["path"].replace(old, new, 1)
variant["supportedTriples"] = ["aarch64-unknown-linux-gnu"]
json.dump(info, open(bundle + "/info.json", "w"))
PY
for archive in "$dist"/eplint-*.tar.gz; do
    name=$(basename "$archive")
    case "$name" in
    *x86_64*) other=$(echo "$name" | sed 's/x86_64/aarch64/') ;;
    *) other=${name%.tar.gz}-other.tar.gz ;;
    esac
    cp "$archive" "$work/other/$other"
done

bash "$root/scripts/release.sh" merge "$work/merged" "$dist" "$work/other" >/dev/null
cd "$work/merged"
python3 - "$dist/eplint.artifactbundle/info.json" <<'PY'
import json, os, sys
# This platform's triples (two for macOS's universal variant) and the copy's aarch64 Linux one.
built = json.load(open(sys.argv[1]))["artifacts"]["eplint"]["variants"][0]["supportedTriples"]
info = json.load(open("eplint.artifactbundle/info.json"))
assert info["schemaVersion"] == "1.0", info
artifact = info["artifacts"]["eplint"]
assert artifact["type"] == "executable" and artifact["version"], artifact
variants = artifact["variants"]
assert len(variants) == 2, variants
triples = [triple for variant in variants for triple in variant["supportedTriples"]]
assert len(triples) == len(set(triples)) == len(built) + 1, triples
for variant in variants:
    path = os.path.join("eplint.artifactbundle", variant["path"])
    assert os.access(path, os.X_OK), path
PY
# sha256sum on Linux, shasum on macOS (not every shasum has --quiet: its OK lines print).
if command -v sha256sum >/dev/null; then sha256sum -c SHA256SUMS; else shasum -a 256 -c SHA256SUMS; fi
[ "$(grep -c '' SHA256SUMS)" -eq 3 ] || { echo "FAIL: SHA256SUMS should list two archives and the zip"; cat SHA256SUMS; exit 1; }
[ "$(unzip -l eplint.artifactbundle.zip | grep -c '/bin/eplint$')" -eq 2 ] || { echo "FAIL: the zip lacks a variant"; exit 1; }
echo "release merge: one bundle with 2 variants, 2 archives, SHA256SUMS checked"
