import EplintBase

// Quoted includes: where clang looks, the budgets, include guards.
extension PreprocessorRun {
    /// `#include "name"`: clang looks for it in the including file's folder first, then in
    /// the `-iquote`, `-I`, `-isystem` and `-idirafter` folders; not found, it is a fatal error. The included text is
    /// preprocessed where the directive is; its positions map to the plist's `#include` that
    /// brought it in (to the plist's start below a prefix header), and a note in it names
    /// the file and line.
    mutating func include(_ name: String, directive: String, hash: CppToken, reader: IncludeReader) {
        let including = hash.file == 0 ? fileName : headerLines[hash.file]?.path ?? ""
        let folder = including.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(including[...$0]) } ?? ""
        var path = name.hasPrefix("/") ? name : folder + name
        guard includeDepth < PreprocessingLimits.includeDepth else {
            expander.fail(
                "quoted includes nested more than \(PreprocessingLimits.includeDepth) deep (\(path); a header that includes itself without a guard?)",
                at: hash)
            return
        }
        guard includedFiles < PreprocessingLimits.includedFiles else {
            expander.fail("more than \(PreprocessingLimits.includedFiles) files read by quoted includes", at: hash)
            return
        }
        var outcome = reader.read(path, PreprocessingLimits.includedBytes - includedBytes)
        // Then the -iquote, -I, -isystem and -idirafter folders, in that order, as clang looks.
        if outcome == .missing && !name.hasPrefix("/") {
            for folder in Self.searchFolders(options.flags) {
                let candidate = (folder.hasSuffix("/") ? folder : folder + "/") + name
                let found = reader.read(candidate, PreprocessingLimits.includedBytes - includedBytes)
                guard found == .missing else {
                    (outcome, path) = (found, candidate)
                    break
                }
            }
        }
        switch outcome {
        case .missing:
            // (clang -E goes on after it, and so does its output.)
            fail("'\(name)' file not found (at \(path))", at: hash)
        case .tooLarge:
            expander.fail(
                "quoted includes read more than \(PreprocessingLimits.includedBytes) bytes (\(path))", at: hash)
        case .refused(let why):
            // Xcode's build reads what this lint does not see: a warning, so `--strict` fails.
            note(
                "#\(directive) \"\(name)\" is not followed\(place(of: hash)): \(why); what it defines is unknown",
                at: hash)
            notes[notes.count - 1].hidesBuildInput = true
        case .unreadable(let why):
            note(
                "#\(directive) \"\(name)\" is not followed\(place(of: hash)): \(why); what it defines is unknown",
                at: hash)
        case .read(let bytes, let identity):
            // Not entered again: no change of file for the printer either.
            guard !readOnce.contains(identity), !(includeGuards[identity].map(macros.isDefined) ?? false) else {
                return
            }
            if directive == "import" { readOnce.insert(identity) }
            includedFiles += 1
            includedBytes += bytes.count
            let file = nextIncludedFile
            nextIncludedFile += 1
            let lines = LineTable(bytes)
            headerLines[file] = (path, lines)
            fileIdentities[file] = identity
            readingOrder[file] = (readingOrder[hash.file] ?? [Int.max]) + [hash.origin]
            if let site = hash.file == 0 ? hash.origin : printer.includeSites[hash.file] {
                printer.includeSites[file] = site
            }
            expander.includedFileNames[file] = path
            printer.renumber(to: 1)
            includeDepth += 1
            entering = open(
                LogicalText(bytes), lines: lines, file: file, exit: (identity, bytes, lineAfter: hash.line + 1))
        }
    }

    /// The folders clang searches for a quoted include after the including file's own, in its
    /// order: `-iquote`, then `-I`, then `-isystem`, then `-idirafter` (each as `-I DIR` or `-IDIR`).
    static func searchFolders(_ flags: [String]) -> [String] {
        let kinds = ["-iquote", "-I", "-isystem", "-idirafter"]
        var found: [String: [String]] = [:]
        var index = 0
        while index < flags.count {
            let flag = flags[index]
            // The longest spelling first: `-isystem` is not `-I` followed by "system".
            if let kind = kinds.sorted(by: { $0.count > $1.count }).first(where: { flag.hasPrefix($0) }) {
                if flag == kind {
                    index += 1
                    if index < flags.count { found[kind, default: []].append(flags[index]) }
                } else {
                    found[kind, default: []].append(String(flag.dropFirst(kind.count)))
                }
            }
            index += 1
        }
        return kinds.flatMap { found[$0] ?? [] }
    }

    /// NAME when all of a file's tokens are inside one `#ifndef NAME` (or `#if !defined(NAME)`)
    /// group without `#else` or `#elif`: clang does not enter the file again once NAME is defined.
    static func includeGuard(of bytes: [UInt8], traditional: Bool) -> String? {
        var lexer = CppLexer(
            LogicalText(bytes), lines: LineTable(bytes), traditional: traditional, lineComments: true, file: -1,
            spellingBase: 0)
        var line: [CppToken] = []
        var guardName: String?
        var depth = 0
        var closed = false
        while let token = lexer.next() {
            if token.kind != .newline {
                if !token.isBlank { line.append(token) }
                continue
            }
            defer { line.removeAll(keepingCapacity: true) }
            guard let first = line.first else { continue }
            if closed { return nil }
            let isDirective = first.isPunctuator("#") || first.isPunctuator("%:")
            let name = isDirective && line.count > 1 ? line[1].text : ""
            if guardName == nil {
                let words = line.dropFirst(2).map(\.text)
                if name == "ifndef", words.count == 1 {
                    guardName = words[0]
                } else if name == "if", words.count >= 3, words[0] == "!", words[1] == "defined" {
                    let rest = Array(words.dropFirst(2))
                    guard rest.count == 1 || (rest.count == 3 && rest[0] == "(" && rest[2] == ")") else { return nil }
                    guardName = rest.count == 1 ? rest[0] : rest[1]
                } else {
                    return nil
                }
                depth = 1
                continue
            }
            switch name {
            case "if", "ifdef", "ifndef": depth += 1
            case "else", "elif", "elifdef", "elifndef": if depth == 1 { return nil }
            case "endif":
                depth -= 1
                closed = depth == 0
            default: break
            }
        }
        // (A last line without its line end.)
        if !line.isEmpty {
            let isEndif = line.count > 1 && line[1].text == "endif"
            if closed || !isEndif || depth != 1 { return nil }
            closed = true
        }
        return closed ? guardName : nil
    }
}
