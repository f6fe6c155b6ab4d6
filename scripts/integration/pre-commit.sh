#!/usr/bin/env bash
# The real pre-commit (from PyPI) runs eplint's hook from this repository at HEAD: it must
# fail on a broken Info.plist with eplint's findings, then pass once the plist is fixed.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
rev=$(git -C "$repo" rev-parse HEAD)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q pre-commit
export PRE_COMMIT_HOME="$work/cache"
precommit="$work/venv/bin/pre-commit"

mkdir -p "$work/app/App/Tests/Fixtures"
cd "$work/app"
git init -q
git config user.email ci@example.invalid
git config user.name ci
cp "$repo/Examples/BrokenApp/Info.plist" App/Info.plist
# Excluded by the project's configuration even though pre-commit names it.
cp "$repo/Examples/BrokenApp/Info.plist" App/Tests/Fixtures/Info.plist
printf 'exclude: ["App/Tests/Fixtures/**"]\n' > .eplint.yml
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $repo
    rev: $rev
    hooks:
      - id: eplint
YAML
git add -A
git commit -qm "a broken Info.plist"

passed=0
failed=0
if "$precommit" run --all-files > broken.txt 2>&1; then
    echo "FAIL: the hook passed on a broken Info.plist"; cat broken.txt; failed=$((failed + 1))
elif grep -q "App/Info.plist:11:3: error: \[\*\] region 'NL' must be lowercase: 'nl' \[EP101\]" broken.txt \
        && ! grep -q "Fixtures" broken.txt && ! grep -q $'\e\[' broken.txt; then
    passed=$((passed + 1))
else
    echo "FAIL: the hook failed without eplint's findings (or with excluded files, or colour)"; cat broken.txt; failed=$((failed + 1))
fi

cp "$repo/Examples/CorrectApp/Info.plist" App/Info.plist
git add -A
git commit -qm "fixed"
if "$precommit" run --all-files > fixed.txt 2>&1; then
    passed=$((passed + 1))
else
    echo "FAIL: the hook failed on a correct Info.plist"; cat fixed.txt; failed=$((failed + 1))
fi
# eplint-fix lowercases the regions: the run fails (files changed), the file is fixed, and
# a second run passes.
cp "$repo/Examples/BrokenApp/Info.plist" App/Info.plist
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $repo
    rev: $rev
    hooks:
      - id: eplint-fix
YAML
git add -A
git commit -qm "broken again, with the fixing hook"
if "$precommit" run --all-files > fixing.txt 2>&1; then
    echo "FAIL: the fixing hook passed on a broken Info.plist"; cat fixing.txt; failed=$((failed + 1))
elif grep -q "<string>nl</string>" App/Info.plist && ! grep -q "<string>NL</string>" App/Info.plist \
        && grep -q "files were modified by this hook" fixing.txt; then
    passed=$((passed + 1))
else
    echo "FAIL: the fixing hook did not fix the regions"; cat fixing.txt; failed=$((failed + 1))
fi
echo "pre-commit: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
