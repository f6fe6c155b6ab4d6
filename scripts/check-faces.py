#!/usr/bin/env python3
"""Each module's face: a declaration is `package` only if another module names it. Prints each
`package` declaration that must not be (FILE:LINE: kind name); exits 1 if there is any.
scripts/apply-faces.py removes those `package`s (and makes the tests that name them
`@testable import`).

Who counts as "another module": every target that is not a test target: libraries, executables
(eplint, eplint-fuzz, eplint-codegen), plugins, and TestSupport (a library target, built by a plain
`swift build -c release` too, so it cannot `@testable import`). Test targets do not: they reach a
module's internals through `@testable import`, which every test build here allows (debug builds
compile with testing enabled; nothing builds the tests in release). TestSupport's own face is what
the test targets name, since serving them is its purpose.

A `package` declaration stays when, by name (identifiers, so a name used for something else
keeps a declaration: lenient, and the compiler catches nothing it would miss):
- a module that counts names it, and the type (or extension's type) holding it keeps `package`;
- it is named in the signature of a declaration of its module that stays: a header from
  `package` to its body (parameters, results, types, default values, superclasses), a kept enum's
  cases, a kept protocol's requirements (a `package` signature cannot use an internal type);
- it is a member of a type that stays, named as a requirement of a protocol (the package's, or
  one of the standard library's below: a witness is as visible as its type and protocol);
- it is an initializer, a subscript or an operator of a type that stays (named by the type,
  brackets or symbol, which this test cannot tell apart);
- scripts/faces-keep.txt names it (what the compiler forced and no rule above sees).
Members of a type that loses `package` lose it too (it said nothing). Generated files are
skipped: their face is their generator's (every rule ID is offered, used or not).

Usage: scripts/check-faces.py [REPOSITORY] [--counts]
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
edges = __import__("check-edges")

TYPE_KINDS = ("struct", "class", "enum", "protocol", "actor")
MODIFIER = (
    r"(?:(?:static|final|override|mutating|nonmutating|indirect|convenience|required|lazy|weak|unowned|"
    r"class|dynamic|nonisolated|isolated|private|fileprivate|internal)(?:\s*\([^)]*\))?\s+)"
)
DECLARATION = re.compile(
    r"\bpackage\s+" + MODIFIER + r"*(struct|class|enum|protocol|actor|typealias|func|var|let|init|subscript)\b"
    r"\s*(`[^`]+`|[A-Za-z_]\w*|[^\sA-Za-z_(]+)?"
)
SCOPE = re.compile(r"\b(struct|class|enum|protocol|actor|extension)\s+([A-Za-z_][\w.]*)")
REQUIREMENT = re.compile(r"\b(?:func|var|let|associatedtype)\s+([A-Za-z_]\w*)")
WORD = re.compile(r"[A-Za-z_]\w*")
# Requirements of the standard library's protocols a `package` type may conform to.
STANDARD = {
    "description", "debugDescription", "hash", "hashValue", "encode", "errorDescription", "makeIterator",
    "next", "startIndex", "endIndex", "index", "rawValue", "allCases", "id", "count", "isEmpty",
    "underestimatedCount", "formIndex", "distance", "Element", "Index", "Iterator", "SubSequence",
    "Indices", "indices", "RawValue", "AllCases", "ID", "failureReason", "recoverySuggestion",
}


def sanitized(text):
    """The text with comments and string literals blanked (same offsets), interpolations kept."""
    out = list(text)
    index, length = 0, len(text)
    # Each open string: (quote, hashes); an interpolation inside it pushes its paren depth.
    stack = []  # ("code", depth) or ("string", quote, hashes)
    state = ("code", 0)

    def blank(start, end):
        for position in range(start, end):
            if out[position] != "\n":
                out[position] = " "

    while index < length:
        character = text[index]
        if state[0] == "code":
            if text.startswith("//", index):
                end = text.find("\n", index)
                end = length if end < 0 else end
                blank(index, end)
                index = end
                continue
            if text.startswith("/*", index):
                depth, position = 1, index + 2
                while position < length and depth:
                    if text.startswith("/*", position):
                        depth, position = depth + 1, position + 2
                    elif text.startswith("*/", position):
                        depth, position = depth - 1, position + 2
                    else:
                        position += 1
                blank(index, position)
                index = position
                continue
            match = re.match(r'(#*)("""|")', text[index : index + 12])
            if match and (match.group(1) or character == '"'):
                stack.append(state)
                state = ("string", match.group(2), match.group(1))
                index += len(match.group(0))
                continue
            if character == "(":
                state = ("code", state[1] + 1)
            elif character == ")":
                if state[1] == 0 and stack and stack[-1][0] == "string":
                    state = stack.pop()
                    out[index] = " "
                    index += 1
                    continue
                state = ("code", state[1] - 1)
            index += 1
            continue
        quote, hashes = state[1], state[2]
        if character == "\\" and text.startswith("\\" + hashes + "(", index):
            blank(index, index + len(hashes) + 2)
            stack.append(state)
            state = ("code", 0)
            index += len(hashes) + 2
            continue
        if character == "\\" and not hashes:
            blank(index, index + 2)
            index += 2
            continue
        if text.startswith(quote + hashes, index):
            index += len(quote) + len(hashes)
            state = stack.pop() if stack else ("code", 0)
            continue
        if character != "\n":
            out[index] = " "
        index += 1
    return "".join(out)


def braces(code):
    """Each `{` offset's matching `}` offset."""
    pairs, stack = {}, []
    for index, character in enumerate(code):
        if character == "{":
            stack.append(index)
        elif character == "}" and stack:
            pairs[stack.pop()] = index
    return pairs


def header(code, start, bodied=False):
    """A declaration's signature: from start to its body's `{` (or, when it may have none, the end
    of its statement)."""
    depth, index = 0, start
    while index < len(code):
        character = code[index]
        if character in "([":
            depth += 1
        elif character in ")]":
            depth -= 1
        elif depth <= 0 and (character == "{" or character == "}"):
            return code[start:index], index if character == "{" else None
        elif not bodied and depth <= 0 and character == "\n" and not re.match(r"\s*(->|where\b|[:,&=.{])", code[index:]):
            if not re.search(r"([,:=&(]|->)\s*$", code[start:index]):
                return code[start:index], None
        index += 1
    return code[start:], None


class Scan:
    """One file: its `package` declarations, its scopes (types and extensions), its words."""

    def __init__(self, path, module):
        self.path, self.module = path, module
        text = open(path, encoding="utf-8").read()
        self.text = text
        code = sanitized(text)
        self.code = code
        pairs = braces(code)
        self.scopes = []  # (start, end, kind, name)
        self.requirements = set()
        for match in SCOPE.finditer(code):
            before = code[max(0, match.start() - 12) : match.start()]
            if match.group(1) == "class" and re.match(r"\s*(func|var|let|subscript|class)\b", code[match.end() :]):
                continue
            if re.search(r"[.\w]$", before):
                continue
            _, body = header(code, match.start(), True)
            if body is None or body not in pairs:
                continue
            name = match.group(2).split(".")[-1]
            self.scopes.append((body, pairs[body], match.group(1), name))
            if match.group(1) == "protocol":
                inner = code[body + 1 : pairs[body]]
                self.requirements.update(REQUIREMENT.findall(inner))
                self.requirements.update(re.findall(r"\b(init|subscript)\b", inner))
        self.declarations = []
        for match in DECLARATION.finditer(code):
            kind, name = match.group(1), (match.group(2) or "").strip("`")
            if kind in ("init", "subscript"):
                name = kind
            signature, body = header(code, match.start(), kind not in ("var", "let", "typealias"))
            line = code.count("\n", 0, match.start()) + 1
            enclosing = self.enclosing(match.start())
            extra = ""
            if body is not None and kind in ("enum", "protocol"):
                inner = code[body + 1 : pairs.get(body, body)]
                extra = inner if kind == "protocol" else " ".join(re.findall(r"\bcase\b[^\n]*", inner))
            self.declarations.append(
                {
                    "file": self, "offset": match.start(), "line": line, "kind": kind, "name": name,
                    "enclosing": enclosing, "signature": signature + " " + extra,
                    "operator": bool(name) and not WORD.fullmatch(name),
                }
            )
        self.words = set(WORD.findall(code))

    def enclosing(self, offset):
        """The innermost type or extension holding offset: (kind, name) or None."""
        best = None
        for start, end, kind, name in self.scopes:
            if start < offset < end and (best is None or start > best[0]):
                best = (start, kind, name)
        return best and (best[1], best[2])


def analyse(root=None):
    if root:
        edges.ROOT = os.path.abspath(root)
    targets = edges.targets()
    scans = {}
    for name, target in targets.items():
        if target["kind"] == "systemLibrary":
            continue
        scans[name] = [Scan(path, name) for path in edges.swift_files(target["folder"])]
    words = {name: set().union(*(scan.words for scan in files)) if files else set() for name, files in scans.items()}
    requirements = set(STANDARD).union(*(scan.requirements for files in scans.values() for scan in files))
    keep = set()
    keep_file = os.path.join(edges.ROOT, "scripts", "faces-keep.txt")
    if os.path.exists(keep_file):
        for line in open(keep_file, encoding="utf-8"):
            line = line.split("#")[0].strip()
            if line:
                keep.add(line)
    listed, total = [], 0
    for module, target in sorted(targets.items()):
        if target["kind"] != "target" or module not in scans:
            continue
        supports_tests = target["folder"].startswith("Tests/")
        elsewhere = set()
        for other, bag in words.items():
            if other != module and (supports_tests or targets[other]["kind"] != "testTarget"):
                elsewhere |= bag
        declarations = [d for scan in scans[module] if "/Generated/" not in scan.path for d in scan.declarations]
        total += len(declarations)
        # Types this module declares, and those of them that keep `package` (grows to a fixpoint).
        types = {}
        for scan in scans[module]:
            for match in re.finditer(r"\b(struct|class|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)", scan.code):
                if match.group(1) == "class" and re.match(r"\s*(func|var|let|subscript)\b", scan.code[match.end() :]):
                    continue
                types.setdefault(match.group(2), False)
        for scan in scans[module]:
            if "/Generated/" in scan.path:
                for d in scan.declarations:
                    if d["kind"] in TYPE_KINDS + ("typealias",):
                        types[d["name"]] = True
        kept = set()
        changed = True
        while changed:
            changed = False
            signatures = set()
            for d in declarations:
                if id(d) in kept:
                    signatures.update(WORD.findall(d["signature"]))
            for scan in scans[module]:
                if "/Generated/" in scan.path:
                    for d in scan.declarations:
                        signatures.update(WORD.findall(d["signature"]))
            kept_types = {name for name, stays in types.items() if stays}
            for d in declarations:
                if id(d) in kept:
                    continue
                holder = d["enclosing"]
                holder_stays = holder is None or holder[1] not in types or holder[1] in kept_types
                if not holder_stays:
                    continue
                name = d["name"]
                stays = (
                    (name and name in elsewhere)
                    or name in signatures
                    or (holder is not None and name in requirements)
                    or (holder is not None and (d["kind"] in ("init", "subscript") or d["operator"]))
                    or f"{module}.{name}" in keep
                    or (holder is not None and f"{module}.{holder[1]}.{name}" in keep)
                )
                if stays:
                    kept.add(id(d))
                    changed = True
                    if d["kind"] in TYPE_KINDS + ("typealias",):
                        types[name] = True
        for d in declarations:
            if id(d) not in kept:
                listed.append(d)
    listed.sort(key=lambda d: (d["file"].path, d["offset"]))
    return listed, total, scans


def main():
    arguments = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    listed, total, _ = analyse(arguments[0] if arguments else None)
    if "--counts" not in sys.argv:
        for d in listed:
            print(f"{os.path.relpath(d['file'].path, edges.ROOT)}:{d['line']}: {d['kind']} {d['name']}")
    print(f"faces: {total} package declarations, {len(listed)} named by no other module", file=sys.stderr)
    return 1 if listed else 0


if __name__ == "__main__":
    sys.exit(main())
