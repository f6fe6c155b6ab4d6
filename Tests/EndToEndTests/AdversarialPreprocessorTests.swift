import Foundation
import Testing

/// The preprocessor's hostile inputs (issue 31), small: each class through the built binary,
/// on the main thread and on two worker threads with 512 KiB stacks, compared whole. Their
/// sizes up to 10^6, timed and measured, are scripts/benchmarks/adversarial.sh's.
extension AdversarialTests {
    static let hiddenKeys = "<key>SKExternalPurchase</key><array><string>NL</string></array>\n"

    static func guarded(_ condition: String, defines: String = "") -> String {
        "<plist><dict>\n" + defines + "#if \(condition)\n" + hiddenKeys + "#endif\n</dict></plist>\n"
    }

    static func inValue(_ text: String, defines: String) -> String {
        "<plist><dict>\n" + defines + "<key>SKExternalPurchase</key><array><string>" + text
            + "</string></array>\n</dict></plist>\n"
    }

    /// The preprocessor's budget for a file (PreprocessingLimits: 2^16 tokens and one per 4 bytes).
    static func budget(_ file: String) -> Int { (1 << 16) + file.utf8.count / 4 }

    static func nested(_ opener: String, _ closer: String, _ depth: Int, around core: String) -> String {
        String(repeating: opener, count: depth) + core + String(repeating: closer, count: depth)
    }

    /// The same findings for one file on the main thread and for two files on workers with
    /// 512 KiB stacks (`workersToo`: false where a debug build's frames would not fit, see
    /// `PreprocessingLimits.nesting`).
    func lintedBothWays(_ text: String, workersToo: Bool = true) throws -> String {
        let directory = try Eplint.temporaryDirectory()
        let first = directory.appendingPathComponent("Info.plist")
        let second = directory.appendingPathComponent("Other-Info.plist")
        try text.write(to: first, atomically: false, encoding: .utf8)
        try text.write(to: second, atomically: false, encoding: .utf8)
        let alone = try Eplint.run(["--color", "never", "Info.plist"], in: directory)
        #expect(alone.status == 1, "\(alone.standardError)")
        if workersToo {
            let both = try Eplint.run(
                ["--color", "never", "Info.plist", "Other-Info.plist"], in: directory,
                environment: ["EPLINT_WORKER_STACK_KIB": "512"])
            #expect(both.status == 1, "\(both.standardError)")
            #expect(
                both.standardOutput == alone.standardOutput
                    + alone.standardOutput.replacingOccurrences(of: "Info.plist:", with: "Other-Info.plist:"))
        }
        return alone.standardOutput
    }

    static let linted = "Info.plist:3:37: error: region 'NL' must be lowercase: 'nl' [EP101]\n"

    /// Nesting in `#if` costs no stack: parentheses, unary operators and `?:` 2,000 deep
    /// (a segmentation fault at a few thousand before; at 500 on a 512 KiB stack).
    @Test func deepConditionsAreEvaluated() throws {
        let expressions = [
            Self.nested("(", ")", 2_000, around: "1"), String(repeating: "- ", count: 2_001) + "1",
            String(repeating: "!", count: 2_000) + "1",
            String(repeating: "~-!+", count: 500) + "1", Self.nested("1 ? ", " : 0", 2_000, around: "1"),
            String(repeating: "0 ? 0 : ", count: 2_000) + "1",
            Self.nested("(1 ? ", " : 0)", 2_000, around: "-!0"),
            Array(repeating: "1", count: 2_000).joined(separator: " + ") + " == 2000",
        ]
        for expression in expressions {
            #expect(try lintedBothWays(Self.guarded(expression)) == Self.linted, "\(expression.prefix(40))")
        }
        // The wrong parity drops the keys: the value is really computed.
        let odd = Self.guarded(String(repeating: "!", count: 2_001) + "1")
            .replacingOccurrences(
                of: "#endif\n", with: "#endif\n" + Self.hiddenKeys.replacingOccurrences(of: "NL", with: "FR"))
        #expect(try lintedBothWays(odd) == "Info.plist:5:37: error: region 'FR' must be lowercase: 'fr' [EP101]\n")
    }

    /// Macro uses nested in arguments: 64 levels expand; one more is EP002 at the outermost
    /// use, and nothing else of the file is linted.
    @Test func nestedMacroUsesStopAtTheirLimit() throws {
        let defines = "#define F(x) x\n"
        #expect(
            try lintedBothWays(
                Self.inValue(Self.nested("F(", ")", 64, around: "NL"), defines: defines), workersToo: false)
                == "Info.plist:3:45: error: region 'NL' must be lowercase: 'nl' (F expands to 'NL') [EP101]\n")
        #expect(
            try lintedBothWays(
                Self.inValue(Self.nested("F(", ")", 65, around: "NL"), defines: defines), workersToo: false)
                == "Info.plist:3:175: error: a limit was exceeded: macro uses nested more than 64 deep in macro arguments; eplint cannot preprocess this file as Xcode would and lints nothing in it [EP002]\n"
        )
        #expect(
            try lintedBothWays(
                Self.guarded(Self.nested("F(", ")", 65, around: "1"), defines: defines), workersToo: false)
                == "Info.plist:3:135: error: a limit was exceeded: macro uses nested more than 64 deep in macro arguments; eplint cannot preprocess this file as Xcode would and lints nothing in it [EP002]\n"
        )
        // Deeper still (clang itself crashes): the budget stops the arguments collected again at each level.
        let deep = Self.inValue(Self.nested("F(", ")", 3_000, around: "NL"), defines: defines)
        #expect(
            try lintedBothWays(deep, workersToo: false)
                == "Info.plist:3:59: error: a limit was exceeded: macro expansion in this file makes or reads more than \(Self.budget(deep)) tokens; eplint cannot preprocess this file as Xcode would and lints nothing in it [EP002]\n"
        )
    }

    /// Chains of macros, each naming the next (linear with clang's disabled macros).
    @Test func longMacroChainsExpand() throws {
        let objects = (1...2_000).map { "#define A\($0) A\($0 - 1)\n" }.joined() + "#define A0 1\n"
        let functions = (1...2_000).map { "#define F\($0)(x) F\($0 - 1)(x)\n" }.joined() + "#define F0(x) x\n"
        #expect(
            try lintedBothWays(Self.guarded("A2000", defines: objects))
                == "Info.plist:2004:37: error: region 'NL' must be lowercase: 'nl' [EP101]\n")
        #expect(
            try lintedBothWays(Self.guarded("F2000(1)", defines: functions))
                == "Info.plist:2004:37: error: region 'NL' must be lowercase: 'nl' [EP101]\n")
        // A macro that names itself at the end of its chain stops there, as in C.
        #expect(
            try lintedBothWays(Self.guarded("A3 == 0", defines: "#define A3 A2\n#define A2 A1\n#define A1 A3\n"))
                == "Info.plist:6:37: error: region 'NL' must be lowercase: 'nl' [EP101]\n")
    }

    /// Wide argument lists, a big stringified argument and pastes in a row.
    @Test func wideArgumentsStringsAndPastes() throws {
        let ten = Array(repeating: "NL", count: 10).joined(separator: ",")
        #expect(
            try lintedBothWays(Self.inValue("V(\(ten))", defines: "#define V(...) __VA_ARGS__\n"))
                == "Info.plist:3:45: error: '\(ten)' is not an ISO 3166-1 alpha-2 region code (V expands to '\(ten)') [EP102]\n"
        )
        let many = Array(repeating: "a", count: 10_000).joined(separator: ",")
        let wide = try lintedBothWays(Self.inValue("V(\(many))", defines: "#define V(...) __VA_ARGS__\n"))
        #expect(
            wide.hasPrefix("Info.plist:3:45: error: 'a,a,a,") && wide.hasSuffix("[EP102]\n")
                && wide.split(separator: "\n").count == 1)
        let big = String(repeating: "a ", count: 50_000)
        let string = try lintedBothWays(Self.inValue("S(\(big))", defines: "#define S(x) #x\n"))
        #expect(
            string.hasPrefix("Info.plist:3:45: error: '\"a a a ") && string.hasSuffix("[EP102]\n")
                && string.split(separator: "\n").count == 1)
        // Each paste makes a longer token: 20,000 of them are paid for by their sizes.
        let pastes = Self.inValue(
            "P(aaaaaaaa)",
            defines: "#define P(x) " + Array(repeating: "x", count: 20_000).joined(separator: "##") + "\n")
        #expect(
            try lintedBothWays(pastes)
                == "Info.plist:3:47: error: a limit was exceeded: macro expansion in this file makes or reads more than \(Self.budget(pastes)) tokens; eplint cannot preprocess this file as Xcode would and lints nothing in it [EP002]\n"
        )
    }
}
