import Foundation
import Testing

/// What stops `clang -E` stops Xcode's build: through the built binary, an Info.plist whose
/// preprocessing clang refuses gets EP002 at the line clang names, exit 1, whether or not
/// the file holds a StoreKit key (without one, eplint has nothing else to say about it).
struct PreprocessorBuildStopTests {
    /// A line that makes clang fail, the line eplint names, and what its message says.
    static let rows: [(line: String, at: String, says: String)] = [
        ("#ifndef X", "3:1", "this conditional has no #endif before the end of the file"),
        ("#error stop", "3:1", "#error stop"),
        ("#endif", "3:1", "#endif without #if"),
        ("#if\n#endif", "3:1", "'#if': #if with no expression"),
        ("#if 1 +\n#endif", "3:1", "'#if 1 +': expected a value at the end of the expression"),
        (
            "#define F(a) a\n<key>F(1,2)</key><string>x</string>", "4:6",
            "too many arguments for macro 'F' (2 given, 1 expected)"
        ),
        ("#if CHECK(1)\n#endif", "3:1", "'#if CHECK(1)': function-like macro 'CHECK' is not defined"),
        // clang looks for a quoted include beside the plist: the run reads it there, or fails as clang.
        ("#include \"missing.h\"", "3:1", "'missing.h' file not found (at missing.h)"),
        // clang's errors, not EP007's notes (issue 46).
        ("#include \"\"", "3:1", "#include \"\": empty filename"),
        (
            "#include \"inside.h", "3:1",
            "#include \"inside.h: expected \"FILENAME\" or <FILENAME> (the quote is not closed)"
        ),
        (
            "#line 9223372036854775807\n<key>X</key><true/>", "3:1",
            "#line 9223372036854775807 is beyond 4294967295: #line directive requires a positive integer argument"
        ),
    ]

    static let storeKitKey = "<key>SKExternalPurchase</key><array><string>nl</string></array>\n"

    func lint(_ line: String, storeKitKey: Bool) throws -> EplintRun {
        let directory = try Eplint.temporaryDirectory()
        let text =
            "<plist>\n<dict>\n" + line + "\n" + (storeKitKey ? Self.storeKitKey : "<key>Other</key><true/>\n")
            + "</dict>\n</plist>\n"
        try text.write(to: directory.appendingPathComponent("Info.plist"), atomically: false, encoding: .utf8)
        return try Eplint.run(["--color", "never", "Info.plist"], in: directory)
    }

    @Test(arguments: [true, false]) func buildStopsAreErrors(storeKitKey: Bool) throws {
        for row in Self.rows {
            let run = try lint(row.line, storeKitKey: storeKitKey)
            #expect(run.status == 1, "\(row.line): \(run.standardError)")
            #expect(
                run.standardOutput
                    == "Info.plist:\(row.at): error: \(row.says); cpp stops with an error here, so Xcode's build fails [EP002]\n",
                "\(row.line)")
        }
    }

    /// A quoted include is read from the run's roots only (docs/untrusted-input.md), a regular
    /// file: anything else is a warning naming why, with or without a StoreKit key (Xcode's
    /// build reads the file, which may hold them), and fails `--strict`; a folder is where clang
    /// finds no file (EP002).
    @Test func aQuotedIncludeOutsideTheRunsFoldersIsAWarningNamingWhy() throws {
        let root = try Eplint.temporaryDirectory()
        let app = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Folder.h"), withIntermediateDirectories: true)
        try "<key>Outside</key><true/>\n".write(
            to: root.appendingPathComponent("Outside.h"), atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            at: app.appendingPathComponent("Link.h"), withDestinationURL: root.appendingPathComponent("Outside.h"))
        let outside =
            "leads outside the folders this run reads (the repository, the folders and files named on the command"
            + " line, the configuration's and the projects' folders)"
        let cases = [
            ("#include \"../Outside.h\"", "'../Outside.h' \(outside)"),
            ("#include \"Link.h\"", "'Link.h' \(outside)"),
        ]
        for storeKitKey in [true, false] {
            func run(_ line: String, strict: Bool = false) throws -> EplintRun {
                let text =
                    "<plist>\n<dict>\n" + line + "\n"
                    + (storeKitKey ? Self.storeKitKey : "<key>Other</key><true/>\n") + "</dict>\n</plist>\n"
                try text.write(to: app.appendingPathComponent("Info.plist"), atomically: false, encoding: .utf8)
                return try Eplint.run(["--color", "never"] + (strict ? ["--strict"] : []) + ["Info.plist"], in: app)
            }
            for (line, why) in cases {
                let outcome = try run(line)
                #expect(outcome.status == 0, "\(line): \(outcome.standardError)")
                #expect(
                    outcome.standardOutput
                        == "Info.plist:3:1: warning: \(line) is not followed: \(why); what it defines is unknown [EP007]\n",
                    "\(line)")
                #expect(try run(line, strict: true).status == 1, "\(line)")
            }
            let folder = try run("#include \"Folder.h\"")
            #expect(folder.status == 1)
            #expect(
                folder.standardOutput
                    == "Info.plist:3:1: error: 'Folder.h' file not found (at Folder.h); cpp stops with an error here, so Xcode's build fails [EP002]\n"
            )
        }
    }

    /// A header beside the plist is read: its keys are linted, at the plist's `#include`.
    @Test func aQuotedIncludeIsRead() throws {
        let directory = try Eplint.temporaryDirectory()
        try "<key>SKExternalPurchase</key><array><string>NL</string></array>\n".write(
            to: directory.appendingPathComponent("Keys.h"), atomically: false, encoding: .utf8)
        try "<plist>\n<dict>\n#include \"Keys.h\"\n</dict>\n</plist>\n".write(
            to: directory.appendingPathComponent("Info.plist"), atomically: false, encoding: .utf8)
        let run = try Eplint.run(["--color", "never", "Info.plist"], in: directory)
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("Info.plist:3:1: error: "), "\(run.standardOutput)")
        #expect(run.standardOutput.hasSuffix("[EP101]\n"), "\(run.standardOutput)")
    }

    /// `#warning` is clang's warning (the build goes on); `__has_include` is not an undefined macro.
    @Test func warningsAndBuiltinTestsDoNotStopTheBuild() throws {
        let builtins = [
            "__has_include(\"x.h\")", "__has_feature(y)", "__is_target_os(ios)", "__has_builtin(z)",
            "__has_attribute(w)", "__is_identifier(v)", "__building_module(u)",
        ]
        for line in ["#warning check", "#if " + builtins.joined(separator: " || ") + "\n#endif"] {
            let run = try lint(line, storeKitKey: false)
            #expect(run.status == 0, "\(line)")
            #expect(run.standardOutput.isEmpty, "\(line): \(run.standardOutput)")
        }
    }

    /// An error in an `#if` that tests a target-dependent macro may be eplint's guess (the
    /// macro taken as undefined), not the build's: a note, the build not said to stop.
    @Test func anErrorNextToATargetMacroIsANote() throws {
        let run = try lint("#if defined(__arm64__) && 1 +\n#endif", storeKitKey: true)
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n")
        #expect(
            lines.count == 2 && lines.allSatisfy { $0.hasPrefix("Info.plist:3:1: note: ") && $0.hasSuffix("[EP007]") })
        #expect(lines.last?.contains("cannot evaluate '#if defined(__arm64__) && 1 +'") == true)
    }
}
