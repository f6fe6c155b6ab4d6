public import EplintBase

/// Whether a fix keeps the meaning the author intended (`--fix`) or changes it (`--unsafe-fixes`).
public enum FixApplicability: String, Sendable, Comparable {
    case safe, unsafe

    public static func < (lhs: FixApplicability, rhs: FixApplicability) -> Bool { lhs == .safe && rhs == .unsafe }
}

/// What a rule proposes, in terms of elements: the file's text is not at hand in a rule, so
/// the exact bytes are found later (`FixResolution` in the command), where the text is.
public enum FixIntent: Sendable, Equatable {
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
public struct TextEdit: Sendable, Equatable {
    /// In the decoded text (what every `SourcePosition` counts).
    public var range: SourceRange
    public var replacement: String
    /// The bytes replaced in the file as stored, and what replaces them in the file's own encoding.
    public var fileBytes: Range<Int>
    public var replacementBytes: [UInt8]
    /// The file edited when it is not the finding's (the destination of a move).
    public var file: String?

    public init(
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
public struct Fix: Sendable, Equatable {
    public var applicability: FixApplicability
    public var intents: [FixIntent]
    /// Empty until resolved; a fix whose intents cannot be mapped 1:1 to the file is dropped.
    public var edits: [TextEdit] = []
    /// Why the rule's usual fix does not apply here (`--verbose` says it); no intents then.
    public var withheldBecause: String?

    public init(_ applicability: FixApplicability, _ intents: [FixIntent]) {
        self.applicability = applicability
        self.intents = intents
    }

    /// The fix changes the file (it is not withheld).
    public var proposesEdits: Bool { !intents.isEmpty }

    /// The other file a move writes to; nil for a fix of the finding's file alone.
    public var destination: String? {
        for case .move(_, let destination, _) in intents { return destination }
        return nil
    }

    public static func safe(_ intents: FixIntent...) -> Fix { Fix(.safe, intents) }
    public static func unsafe(_ intents: FixIntent...) -> Fix { Fix(.unsafe, intents) }

    /// No fix, and why: the text is not the value (a build setting's), so editing it is not the fix.
    public static func withheld(_ reason: String) -> Fix {
        var fix = Fix(.safe, [])
        fix.withheldBecause = reason
        return fix
    }

    /// A move needs a paired file to move to (`--verbose` says which is missing).
    public static func noPairedFile(_ kind: String) -> Fix {
        withheld("no \(kind) is paired with it to move the entry to")
    }

    public static let fromBuildSetting = withheld(
        "its value comes from a build setting ($(NAME)), not from the file's text")
}
