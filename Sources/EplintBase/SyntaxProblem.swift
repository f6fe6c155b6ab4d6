/// Something wrong with the input itself, before any rule looks at it. Here, not in
/// PlistSyntax, because the preprocessor reports its problems into the parser's list.
package struct SyntaxProblem: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// Not well-formed XML or not a valid XML property list. Fatal.
        case malformed
        /// Not an XML property list at all (binary plist, JSON, …) or over a limit. Fatal.
        case unsupported
        /// A binary property list over `BinaryPlistReader.maximumByteCount`. Fatal.
        case binaryPropertyList
        /// Something of the C preprocessor's that eplint cannot know or cpp stops at (EP007). Parsing goes on.
        case unevaluatedDirective
        /// A C comment cpp removes from the plist's text (EP010). Parsing goes on.
        case preprocessorComment
    }

    package var kind: Kind
    package var message: String
    package var position: SourcePosition
    /// `plutil -convert xml1` would turn the input into something eplint reads.
    package var suggestsConversion = false
    /// A file Xcode's build reads that eplint refused to read (a quoted include outside the
    /// run's roots): the lint cannot see what Xcode builds, so EP007 is a warning here.
    package var hidesBuildInput = false

    package init(kind: Kind, message: String, position: SourcePosition) {
        self.kind = kind
        self.message = message
        self.position = position
    }

    package var isFatal: Bool { kind != .unevaluatedDirective && kind != .preprocessorComment }
}
