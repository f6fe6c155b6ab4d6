import EplintBase

/// Whether a fix keeps the meaning the author intended (`--fix`) or changes it (`--unsafe-fixes`).
package enum FixApplicability: String, Sendable, Comparable {
    case safe, unsafe

    package static func < (lhs: FixApplicability, rhs: FixApplicability) -> Bool { lhs == .safe && rhs == .unsafe }
}

/// What a rule proposes, in terms of elements: the file's text is not at hand in a rule, so
/// the exact bytes are found later (`FixResolution` in the command), where the text is.
package enum FixIntent: Sendable, Equatable {
    /// The character data of the `<string>` or `<key>` element at `element`, which must read
    /// literally `old` (no entity, no CDATA), becomes `new`.
    case replaceText(element: SourceRange, old: String, new: String)
    /// The elements from `range.start` to `range.end` go (an array element, or a key with its
    /// value), with their whole lines when they stand on lines of their own.
    case remove(SourceRange)
    /// The top-level entry from `entry.start` (its `<key>`) to `entry.end` (its value's end)
    /// goes, with its whole lines, to the end of the top-level dict at `dictionary` in the
    /// file `destination` (the paired Info.plist or entitlements file): a two-file edit.
    case move(entry: SourceRange, destination: String, dictionary: SourceRange)
}

/// One replacement in a file, resolved from an intent against the file's text.
package struct TextEdit: Sendable, Equatable {
    /// In the decoded text (what every `SourcePosition` counts).
    package var range: SourceRange
    package var replacement: String
    /// The bytes replaced in the file as stored, and what replaces them in the file's own encoding.
    package var fileBytes: Range<Int>
    package var replacementBytes: [UInt8]
    /// The file edited when it is not the finding's (the destination of a move).
    package var file: String?

    package init(
        range: SourceRange, replacement: String, fileBytes: Range<Int>, replacementBytes: [UInt8], file: String? = nil
    ) {
        self.range = range
        self.replacement = replacement
        self.fileBytes = fileBytes
        self.replacementBytes = replacementBytes
        self.file = file
    }
}

/// A finding's repair: what the rule intends, and once resolved against the file, the edits.
package struct Fix: Sendable, Equatable {
    package var applicability: FixApplicability
    package var intents: [FixIntent]
    /// Empty until resolved; a fix whose intents cannot be mapped 1:1 to the file is dropped.
    package var edits: [TextEdit] = []
    /// Why the rule's usual fix does not apply here (`--verbose` says it); no intents then.
    package var withheldBecause: String?

    package init(_ applicability: FixApplicability, _ intents: [FixIntent]) {
        self.applicability = applicability
        self.intents = intents
    }

    /// The fix changes the file (it is not withheld).
    package var proposesEdits: Bool { !intents.isEmpty }

    /// Whether `--fix` applies it when it allows `applicability`: resolved to edits of the file
    /// (an unresolved or withheld fix has none) and no less safe than allowed.
    package func isApplied(allowing applicability: FixApplicability) -> Bool {
        !edits.isEmpty && self.applicability <= applicability
    }

    /// The other file a move writes to; nil for a fix of the finding's file alone.
    package var destination: String? {
        for case .move(_, let destination, _) in intents { return destination }
        return nil
    }

    package static func safe(_ intents: FixIntent...) -> Fix { Fix(.safe, intents) }
    package static func unsafe(_ intents: FixIntent...) -> Fix { Fix(.unsafe, intents) }

    /// No fix, and why: the text is not the value (a build setting's), so editing it is not the fix.
    package static func withheld(_ reason: String) -> Fix {
        var fix = Fix(.safe, [])
        fix.withheldBecause = reason
        return fix
    }

    /// A move needs a paired file to move to (`--verbose` says which is missing).
    package static func noPairedFile(_ kind: String) -> Fix {
        withheld("no \(kind) is paired with it to move the entry to")
    }

    package static let fromBuildSetting = withheld(
        "its value comes from a build setting ($(NAME)), not from the file's text")
}
