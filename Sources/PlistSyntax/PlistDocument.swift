import EplintBase

/// What the parser made of one input.
package struct PlistDocument: Sendable {
    /// The root value, or nil when the input could not be parsed (see `problems`).
    package var root: PlistNode?
    /// Problems found while reading, in document order. At most one of them is fatal.
    package var problems: [SyntaxProblem]
    /// XML comments outside the root's leaf elements, in document order.
    package var comments: [PlistComment]
    /// Bytes of long comments that libxml2 was not handed (for tests of `CommentCutter`).
    package var bytesCutFromComments = 0
    /// Read from a binary plist: its values have no lines (all are at 1:1).
    package var isBinary = false

    package init(root: PlistNode?, problems: [SyntaxProblem], comments: [PlistComment]) {
        self.root = root
        self.problems = problems
        self.comments = comments
    }

    package var fatalProblem: SyntaxProblem? { problems.first { $0.isFatal } }
}

/// An XML comment and where it starts.
package struct PlistComment: Sendable {
    /// The comment's text, or its first `textLimit` bytes (whole characters) when it is longer.
    package var text: String
    package var range: SourceRange
    /// The first element that starts after the comment, whole (for `disable-next`); for a
    /// `<key>`, the key and its value.
    package var nextElement: SourceRange?
    /// `text` is the whole comment.
    package var isWhole: Bool

    /// What is kept of a comment's text: far more than any directive needs, and a bound on
    /// what a hostile comment costs.
    package static let textLimit = 65_536

    package init(text: String, range: SourceRange, nextElement: SourceRange? = nil, isWhole: Bool = true) {
        self.text = text
        self.range = range
        self.nextElement = nextElement
        self.isWhole = isWhole
    }
}

/// What the parser keeps of the values it reads.
package struct PlistParseOptions: Sendable {
    package enum Retention: Sendable {
        /// Every value, however deep.
        case everything
        /// The root and full content only for the values of these top-level keys (all
        /// others: kind and range). The root dict's entries are those of these keys, of
        /// keys `keepsTopLevelEntry` accepts, and every occurrence of a repeated key (and
        /// possibly a few more keys): a top-level dict may hold millions of keys, and
        /// memory must not grow with them.
        case topLevelKeys(Set<String>)
    }

    package var retention: Retention
    /// The deepest element nesting accepted (`<plist>` counts).
    package var maximumDepth: Int
    /// Under `.topLevelKeys`: other top-level keys whose entries (key, range, value's kind
    /// and range) the caller needs.
    package var keepsTopLevelEntry: (@Sendable (String) -> Bool)?
    /// Long comments are cut from what libxml2 reads (`CommentCutter`); off only for the test
    /// that holds the cutting to the parse without it.
    package var cutsLongComments = true

    package init(
        retention: Retention = .everything, maximumDepth: Int = 256,
        keepsTopLevelEntry: (@Sendable (String) -> Bool)? = nil
    ) {
        self.retention = retention
        self.maximumDepth = maximumDepth
        self.keepsTopLevelEntry = keepsTopLevelEntry
    }
}
