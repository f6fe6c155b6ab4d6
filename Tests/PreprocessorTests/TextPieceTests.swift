import Foundation
import Testing

@testable import Preprocessor

/// Text is expanded and printed in pieces (so that a megabyte of text is not held as tokens),
/// cut after any token that is no macro's name. Where it is cut must change nothing: every
/// differential case, with pieces of one and of two tokens, gives the same text, positions,
/// notes and failure as in one piece. (No clang needed: the differential tests hold the
/// one-piece run to clang.)
struct TextPieceTests {
    static let cases: [DifferentialCase] = {
        let all =
            DifferentialCases.handWritten + DifferentialCases.buildFailures + PreprocessorDifferentialTests.generated
        return all
            + all.prefix(60).map {
                var crlf = $0
                crlf.source = $0.source.replacingOccurrences(of: "\n", with: "\r\n")
                return crlf
            } + extraCases
    }()

    /// Uses that span pieces and lines, and uses that expand to nothing where a piece ends.
    static let extraCases: [DifferentialCase] = [
        "#define F(x) <string>x</string>\n#define E()\n#define O F\n<plist><array>F(\nNL\n) E()F(a)\nE() x O\n(b) E()\n</array></plist>\n",
        "#define E()\n#define G(a, b) a b\n<plist><array><string>E()x E() y\nE()z G(E(),\n1)G(2,E())</string></array></plist>\n",
        "#define F(x) x\n<plist><array><string>F(F(F(a\n#define Y 2\n)Y)b)</string></array></plist>\n",
        "#define E()\n#define F(x) [x]\n<plist>\n  <array> E()  <string>F(a)\n    F(\n  b )</string>\n\t E() </array>\n</plist>\n",
    ].enumerated().flatMap { index, source in
        [[], ["-traditional"]].map { DifferentialCase(name: "pieces-\(index) \($0)", source: source, flags: $0) }
    }

    @Test func whereTextIsCutChangesNothing() {
        var compared = 0
        for testCase in Self.cases {
            let source = Array(testCase.source.utf8)
            let options = PreprocessorDifferentialTests.options(testCase)
            let whole = CPreprocessor.run(source, fileName: "Info.plist", options: options)
            for piece in [1, 2] {
                let cut = CPreprocessor.run(source, fileName: "Info.plist", options: options, textPiece: piece)
                let same =
                    cut.text == whole.text && cut.problems == whole.problems
                    && cut.fatalProblem == whole.fatalProblem
                    && (0...cut.text.count).map { cut.map.sourcePosition(ofOutput: $0) }
                        == (0...whole.text.count).map { whole.map.sourcePosition(ofOutput: $0) }
                #expect(
                    same,
                    """
                    \(testCase.name), pieces of \(piece):
                    \(String(decoding: cut.text, as: UTF8.self))--- in one piece:
                    \(String(decoding: whole.text, as: UTF8.self))--- problems \(cut.problems.count) \(whole.problems.count)
                    """)
                compared += 1
            }
        }
        #expect(compared == 2 * Self.cases.count)
    }
}
