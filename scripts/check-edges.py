#!/usr/bin/env python3
"""The package's edges are real: every dependency a target declares in Package.swift is imported
by one of its files, every module a file imports is declared, and a file that imports one of the
package's modules names something that module declares `package` (or `public`).

The last check is textual, so it is lenient: a name the file happens to use for something else
counts as a use. It catches the imports that survive only as imports (a module whose names the
file no longer mentions at all). Prints each problem as FILE: message; exits 1 if there is any.

Usage: scripts/check-edges.py [REPOSITORY]   (default: the repository holding this script)
"""
import os
import re
import sys

ARGUMENTS = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
ROOT = os.path.abspath(ARGUMENTS[0] if ARGUMENTS else os.path.join(os.path.dirname(__file__), ".."))

TARGET_START = re.compile(r"\.(target|executableTarget|testTarget|systemLibrary|plugin)\(\s*name:\s*\"([^\"]+)\"")
DEPENDENCIES = re.compile(r"dependencies:\s*\[(.*?)\]", re.S)
PATH = re.compile(r"path:\s*\"([^\"]+)\"")
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+|internal\s+|package\s+|public\s+|private\s+|fileprivate\s+)*import\s+(\w+)")
DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(package|public|internal|)\s*(?:(?:static|final|override|mutating|nonmutating|indirect|convenience|required|"
    r"nonisolated|lazy|weak|unowned|class|dynamic|@\w+)\s+)*"
    r"(?:struct|class|enum|protocol|actor|typealias|func|var|let|case|init|subscript|extension)\s*([A-Za-z_]\w*)?"
)
WORD = re.compile(r"[A-Za-z_]\w*")


def calls(text, start):
    """Each `.kind(` call's text from start, to its balanced closing parenthesis (strings skipped)."""
    depth, index, inside = 0, start, False
    while index < len(text):
        character = text[index]
        if character == '"':
            inside = not inside
        elif not inside and character == "(":
            depth += 1
        elif not inside and character == ")":
            depth -= 1
            if depth == 0:
                return text[start : index + 1]
        index += 1
    return text[start:]


def targets():
    text = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    found = {}
    for match in TARGET_START.finditer(text):
        kind, name = match.groups()
        call = calls(text, match.start() + 1 + len(kind))
        dependencies = DEPENDENCIES.search(call)
        names = re.findall(r"\"([^\"]+)\"", dependencies.group(1)) if dependencies else []
        path = PATH.search(call)
        folder = path.group(1) if path else ("Tests/" if kind == "testTarget" else "Sources/") + name
        if kind == "plugin":
            folder = "Plugins/" + name
        found[name] = {"kind": kind, "dependencies": names, "folder": folder}
    return found


def swift_files(folder):
    for directory, subfolders, files in os.walk(os.path.join(ROOT, folder)):
        subfolders.sort()
        for file in sorted(files):
            if file.endswith(".swift"):
                yield os.path.join(directory, file)


def code_lines(path):
    """The file's lines outside multi-line string literals (test files hold Python and Swift in them)."""
    inside = False
    for line in open(path, encoding="utf-8"):
        if line.count('"""') % 2 == 1:
            inside = not inside
            continue
        if not inside:
            yield line


def declared_names(folder, testable):
    """The top-level names the module offers another: package and public ones, and with
    `@testable import` every name it declares (internal ones, members too)."""
    names = set()
    for path in swift_files(folder):
        for line in code_lines(path):
            # Only top-level declarations: without the MemberImportVisibility feature a member
            # (or an extension's member) is visible wherever its module is loaded at all, so only a
            # top-level name needs the import. Operators are named by their symbol.
            # With `@testable import` the file may name only internal members (of a value whose
            # type it never spells): those need the import, so they count too.
            if line[:1].isspace() and not testable:
                continue
            match = DECLARATION.match(line.lstrip() if testable else line)
            if match and match.group(2) and (testable or match.group(1) in ("package", "public")):
                names.add(match.group(2))
            for operator in re.findall(r"\b(?:package|public)\s+(?:static\s+)?func\s*([^\sA-Za-z_(<]+)", line):
                names.add(operator)
    return names


def main():
    package = targets()
    modules = {name for name, target in package.items() if target["kind"] in ("target", "systemLibrary")}
    # A C target (no Swift file: libyaml) is named through its headers, as a system library is.
    exported = {
        (name, testable): declared_names(package[name]["folder"], testable)
        for name in modules
        if package[name]["kind"] == "target" and any(swift_files(package[name]["folder"]))
        for testable in (False, True)
    }
    problems = []
    for name, target in sorted(package.items()):
        if target["kind"] in ("systemLibrary", "plugin"):
            continue
        imported = set()
        for path in swift_files(target["folder"]):
            lines = list(code_lines(path))
            body_words = None
            for line in lines:
                match = IMPORT.match(line)
                if not match or match.group(1) not in modules:
                    continue
                module = match.group(1)
                offered = exported.get((module, "@testable" in line))
                imported.add(module)
                relative = os.path.relpath(path, ROOT)
                if module not in target["dependencies"]:
                    problems.append(f"{relative}: imports {module}, which {name} does not declare in Package.swift")
                if offered is not None:
                    if body_words is None:
                        body_words = set()
                        for other in lines:
                            if not IMPORT.match(other):
                                body_words.update(WORD.findall(other))
                                body_words.update(re.findall(r"[^\sA-Za-z_0-9(){}\[\],.:;\"'`]+", other))
                    if not (offered & body_words):
                        problems.append(f"{relative}: imports {module} but names nothing it declares")
        for dependency in target["dependencies"]:
            if dependency in modules and dependency not in imported:
                problems.append(f"Package.swift: {name} declares {dependency}, which none of its files imports")
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} edge(s) that are not real", file=sys.stderr)
        return 1
    print(f"edges: {len(package)} targets, every declared dependency imported and every import used")
    return 0


if __name__ == "__main__":
    sys.exit(main())
