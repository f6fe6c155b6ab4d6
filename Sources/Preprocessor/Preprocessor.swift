import EplintBase

/// What the C preprocessor made of a plist: the text Xcode's build reads, where each part
/// of it came from, and what eplint has to say about the preprocessing itself.
package struct PreprocessedText: Sendable {
    /// cpp's output, UTF-8.
    package var text: [UInt8]
    package var map: PreprocessorPositionMap
    /// EP007 (`.unevaluatedDirective`) and EP010 (`.preprocessorComment`) findings, at
    /// positions in the source, in source order.
    package var problems: [SyntaxProblem]
    /// Flags of `PreprocessingOptions.flags` that do not change what eplint lints.
    package var ignoredFlags: [String]
    /// Where each directive line of the plist (taken or not) has its `#`, in order.
    package var directiveLines: [SourcePosition]
    /// EP002: a limit of eplint's exceeded, or an error that certainly fails the build, where
    /// it happened; then the file is not linted (the text is what was made up to there).
    package var fatalProblem: SyntaxProblem?
    /// The run looked up one of the platform's predefined `TARGET_OS_*` macros: on another
    /// platform it may make another text (`PreprocessedTexts`).
    var readsPlatformMacros = false
}

/// `cc -E -P -x c -Wno-trigraphs` as Xcode runs it on an Info.plist (see `PreprocessorRun`).
/// Nothing is read here: a quoted `#include` or `#import` is followed through
/// `PreprocessingOptions.includeReader` (within `PreprocessingLimits`), a `<…>` one never.
package enum CPreprocessor {
    static let directiveNames: Set<String> = [
        "if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif", "define", "undef", "include", "import",
        "include_next", "pragma", "error", "warning", "line",
    ]

    /// Whether a line of the text is a directive (`#` and a directive's name, blanks
    /// allowed around the `#`): then Xcode must have preprocessed the file.
    package static func hasDirectiveLine(_ text: [UInt8]) -> Bool {
        var index = 0
        let count = text.count
        while index < count {
            var cursor = index
            while cursor < count, text[cursor] == 0x20 || text[cursor] == 0x09 { cursor += 1 }
            if cursor < count, text[cursor] == UInt8(ascii: "#") {
                cursor += 1
                while cursor < count, text[cursor] == 0x20 || text[cursor] == 0x09 { cursor += 1 }
                let start = cursor
                while cursor < count, CppLexer.isIdentifierBody(text[cursor]) { cursor += 1 }
                if directiveNames.contains(String(decoding: text[start..<cursor], as: UTF8.self)) { return true }
            }
            while index < count, text[index] != 0x0A, text[index] != 0x0D { index += 1 }
            index += 1
        }
        return false
    }

    /// Whether preprocessing `source` with `options` can depend on `options.platform`: only
    /// where `TARGET_`, which begins every platform macro's name, is spelled in the file, a
    /// prefix header, a definition or a flag, or where one of them may include a file, which is
    /// not read here. (A name pasted by `##` from pieces that do not spell it is not seen.)
    package static func mayReadPlatformMacros(_ source: [UInt8], options: PreprocessingOptions) -> Bool {
        func spells(_ word: String, _ bytes: [UInt8]) -> Bool {
            let word = Array(word.utf8)
            guard bytes.count >= word.count else { return false }
            return (0...(bytes.count - word.count)).contains { start in
                bytes[start] == word[0] && bytes[start..<(start + word.count)].elementsEqual(word)
            }
        }
        let texts = [source] + options.prefixHeaders.map(\.text)
        return texts.contains { spells("TARGET_", $0) }
            || (options.includeReader != nil && texts.contains { spells("include", $0) || spells("import", $0) })
            || (options.definitions + options.flags).contains { $0.contains("TARGET_") }
    }

    /// The flags of `options` that change nothing eplint lints (for `--verbose`).
    package static func ignoredFlags(_ options: PreprocessingOptions) -> [String] {
        run([], fileName: "", options: options).ignoredFlags
    }

    /// Preprocesses a plist's decoded text (UTF-8). `fileName` is what `__FILE__` gives.
    /// `textPiece`: how many tokens of text are expanded and printed at once (tests make it
    /// tiny to show that where text is cut changes nothing).
    package static func run(
        _ source: [UInt8], fileName: String, options: PreprocessingOptions, textPiece: Int = 4_096
    ) -> PreprocessedText {
        guard let preprocessed = options.preprocessed else {
            var run = PreprocessorRun(source: source, fileName: fileName, options: options, textPiece: textPiece)
            return run.run()
        }
        return preprocessed.text(source, fileName: fileName, options: options) {
            var run = PreprocessorRun(source: source, fileName: fileName, options: options, textPiece: textPiece)
            return run.run()
        }
    }
}

/// One run of the preprocessor over a plist and its prefix headers.
struct PreprocessorRun {
    struct Conditional {
        /// Its `#if`, where clang names an unterminated one.
        var hash: CppToken
        var parentActive: Bool
        /// One of the group's branches was taken (or is being).
        var taken: Bool
        var active: Bool
        var sawElse = false
    }

    let source: [UInt8]
    let sourceLines: LineTable
    let options: PreprocessingOptions
    let traditional: Bool
    var lineComments = true
    var macros: MacroTable
    var expander: MacroExpander
    var printer: OutputPrinter
    var conditionals: [Conditional] = []
    var notes: [PreprocessorNote] = []
    var commentProblems: [SyntaxProblem] = []
    var ignoredFlags: [String] = []
    /// Prefix headers (1…) and included files (after them, in the order read).
    var headerLines: [Int: (path: String, lines: LineTable)] = [:]
    let fileName: String
    /// Per file: where clang meets it, as offsets from the first file it reads (a prefix
    /// header is read before the plist, an included file at its `#include`): notes are
    /// ordered by it (`firstBuildStop`).
    var readingOrder: [Int: [Int]] = [:]
    var nextIncludedFile = 1
    var includeDepth = 0
    var includedFiles = 0
    var includedBytes = 0
    /// Identities of the files `#pragma once` or `#import` keep from being read again.
    var readOnce: Set<String> = []
    var fileIdentities: [Int: String] = [:]
    /// The `#if`s of the files that include the one being read: its `#endif` cannot close them.
    var conditionalFloor = 0
    /// Included files whose text is all inside `#ifndef NAME`: clang reads such a file again
    /// only while NAME is not defined (its multiple-include optimisation).
    var includeGuards: [String: String] = [:]
    /// The included file `read` goes on with, once its `#include` is done.
    var entering: OpenFile?
    var nextSpellingBase = 0
    var directiveLines: [Int] = []
    var pushedMacros: [String: [Macro?]] = [:]
    /// The `#if` being evaluated names what eplint takes a guess at (a target macro, a
    /// `__has_…` test): an error in it may be eplint's guess, not the build's (EP007).
    var guessedInCondition = false

    /// Tokens of text expanded and printed at once (more while a macro use waits: `printPiece`).
    let textPiece: Int

    init(source: [UInt8], fileName: String, options: PreprocessingOptions, textPiece: Int) {
        self.textPiece = textPiece
        self.fileName = fileName
        self.source = source
        sourceLines = LineTable(source)
        self.options = options
        traditional = options.isTraditional
        macros = MacroTable(
            traditional: traditional, platform: options.predefinesPlatformMacros ? options.platform : nil)
        expander = MacroExpander(
            traditional: traditional, fileName: fileName,
            sourceBytes: source.count + options.prefixHeaders.reduce(0) { $0 + $1.text.count })
        printer = OutputPrinter(traditional: traditional)
    }

    var isActive: Bool { conditionals.last?.active ?? true }

    mutating func run() -> PreprocessedText {
        applyCommandLine()
        nextIncludedFile = options.prefixHeaders.count + 1
        for (index, header) in options.prefixHeaders.enumerated() where !stopped {
            let lines = LineTable(header.text)
            headerLines[index + 1] = (header.path, lines)
            readingOrder[index + 1] = [index + 1]
            process(LogicalText(header.text), lines: lines, file: index + 1)
        }
        printer.enterFile()
        if !stopped { process(LogicalText(source), lines: sourceLines, file: 0) }
        let readsPlatformMacros = macros.platformReads.happened
        // The definitions are done with: their memory is given back before the results are made.
        macros = MacroTable(traditional: traditional)
        let text = printer.finish()
        return PreprocessedText(
            text: text, map: positionMap(), problems: problems(), ignoredFlags: ignoredFlags,
            directiveLines: directiveLines.map(sourceLines.position(of:)),
            fatalProblem: (expander.fatal ?? firstBuildStop()).map { problem(.unsupported, $0) },
            readsPlatformMacros: readsPlatformMacros)
    }

    /// The run ends at a limit; an error that fails the build lets it go on, as cpp does.
    var stopped: Bool { expander.fatal != nil }
}
