#!/usr/bin/env python3
"""Gives each module its face: removes `package` from every declaration scripts/check-faces.py
lists (no other module names it), then makes `@testable import M` each test file's `import M`
that names one of the declarations M no longer offers. Idempotent: a second run changes nothing.
Prints each change; then run scripts/check-faces.py (0 left) and build with the tests.

Where the compiler still needs a declaration `package` (a use it sees and the check's textual
rules do not), name it in scripts/faces-keep.txt and run this again on a fresh tree.

Usage: scripts/apply-faces.py [REPOSITORY]
"""
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
faces = __import__("check-faces")
edges = faces.edges

PACKAGE = re.compile(r"package\s+")


def main():
    arguments = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    listed, _, scans = faces.analyse(arguments[0] if arguments else None)
    by_file = {}
    lost = {}
    lost_types = {(d["file"].module, d["name"]) for d in listed if d["kind"] in faces.TYPE_KINDS + ("typealias",)}
    for d in listed:
        by_file.setdefault(d["file"].path, []).append(d)
        # A member of a type that is no longer package is reached by naming that type.
        holder = d["enclosing"]
        if d["name"] and (holder is None or (d["file"].module, holder[1]) not in lost_types):
            lost.setdefault(d["file"].module, set()).add(d["name"])
    for path, declarations in sorted(by_file.items()):
        text = declarations[0]["file"].text
        # From the end, so that the earlier offsets stay right.
        for d in sorted(declarations, key=lambda d: d["offset"], reverse=True):
            match = PACKAGE.match(text, d["offset"])
            text = text[: d["offset"]] + text[match.end() :]
            print(f"{os.path.relpath(path, edges.ROOT)}:{d['line']}: {d['kind']} {d['name']}: no longer package")
        write(path, text)
    # The tests that name what a module no longer offers reach it through @testable import, also
    # those that reach its members through an inferred type without importing it.
    targets = edges.targets()
    formatted = []
    for name, target in sorted(targets.items()):
        if target["kind"] != "testTarget":
            continue
        for path in edges.swift_files(target["folder"]):
            text = open(path, encoding="utf-8").read()
            words = set(faces.WORD.findall(faces.sanitized(text)))
            changed = text
            for module, names in sorted(lost.items()):
                if module not in target["dependencies"] or not names & words:
                    continue
                if re.search(rf"(?m)^@testable import {module}$", changed):
                    continue
                if re.search(rf"(?m)^import {module}$", changed):
                    changed = re.sub(rf"(?m)^import {module}$", f"@testable import {module}", changed)
                else:
                    last = list(re.finditer(r"(?m)^(?:@testable )?import \w+\n", changed))
                    at = last[-1].end() if last else 0
                    changed = changed[:at] + f"@testable import {module}\n" + changed[at:]
                print(f"{os.path.relpath(path, edges.ROOT)}: @testable import {module}")
            if changed != text:
                write(path, changed)
                formatted.append(path)
    # The formatter groups @testable imports after the others (.swift-format's OrderedImports).
    if formatted and shutil.which("swift"):
        subprocess.run(["swift", "format", "format", "--in-place", *formatted], check=True, cwd=edges.ROOT)
    print(f"faces: {len(listed)} declarations no longer package", file=sys.stderr)
    return 0


def write(path, text):
    temporary = path + ".faces"
    with open(temporary, "w", encoding="utf-8") as file:
        file.write(text)
    os.replace(temporary, path)


if __name__ == "__main__":
    sys.exit(main())
