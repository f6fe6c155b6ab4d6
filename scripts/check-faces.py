#!/usr/bin/env python3
"""Each module's face: a declaration is `package` only if another module (a test target counts)
names it. Prints each `package` declaration whose name no file outside its module mentions, as
FILE:LINE: name; exits 1 if there is any.

What stays `package` whatever is named: initializers (the type's name is what is named),
`package extension`s, members a protocol of another module requires (their name is named
in that protocol, so the textual test counts them as used), and generated code. The test is textual, so it is
lenient: a name that another module uses for something else keeps a declaration `package`.

Usage: scripts/check-faces.py [REPOSITORY] [--counts]
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
edges = __import__("check-edges")

DECLARATION = re.compile(
    r"\bpackage\s+(?:(?:static|final|override|mutating|nonmutating|indirect|convenience|required|nonisolated|"
    r"lazy|weak|unowned|class|dynamic|private\(set\)|fileprivate\(set\)|internal\(set\))\s+)*"
    r"(struct|class|enum|protocol|actor|typealias|func|var|let|subscript|case)\s*([A-Za-z_]\w*|`[^`]+`)?"
)
WORD = re.compile(r"[A-Za-z_]\w*")


def main():
    counts_only = "--counts" in sys.argv
    package = edges.targets()
    words = {}
    for name, target in package.items():
        if target["kind"] in ("systemLibrary",):
            continue
        bag = set()
        for path in edges.swift_files(target["folder"]):
            for line in edges.code_lines(path):
                bag.update(WORD.findall(line))
        words[name] = bag
    problems = []
    total = 0
    for name, target in sorted(package.items()):
        if target["kind"] != "target":
            continue
        elsewhere = set()
        for other, bag in words.items():
            if other != name:
                elsewhere |= bag
        for path in edges.swift_files(target["folder"]):
            # Generated code's face is its generator's (every rule ID is offered, used or not).
            if "/Generated/" in path:
                continue
            for number, line in enumerate(open(path, encoding="utf-8"), start=1):
                for match in DECLARATION.finditer(line):
                    kind, declared = match.groups()
                    if kind == "subscript":
                        continue
                    total += 1
                    declared = (declared or "").strip("`")
                    if declared and declared not in elsewhere:
                        problems.append(f"{os.path.relpath(path, edges.ROOT)}:{number}: {declared}")
    if not counts_only:
        for problem in problems:
            print(problem)
    print(f"faces: {total} package declarations, {len(problems)} named by no other module", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
