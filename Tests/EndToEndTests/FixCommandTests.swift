import Foundation
import TestSupport
import Testing

/// `eplint --fix`, `--unsafe-fixes` and `--diff`, run as a user runs them.
@Suite struct FixCommandTests {
    typealias Texts = FixTexts

    func write(_ text: String, _ name: String = "Info.plist", in directory: URL) throws -> URL {
        let file = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// What a user sees of `--fix`: the refused fix and the summary on standard error, the
    /// report on standard output, the file written in place with its mode kept. What is fixed,
    /// refused and left is LintRunTests' FixFindingsTests, in-process.
    @Test func fixWritesTheFileAndReportsWhatRemains() throws {
        let directory = try Eplint.temporaryDirectory()
        let file = try write(Texts.broken, in: directory)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let safe = try Eplint.run(["--fix", "Info.plist"], in: directory)
        #expect(safe.status == 0, "\(safe.standardError)")
        #expect(
            safe.standardError == Texts.refusedRename + "4 fixed, 1 remaining\n")
        // Still marked: its fix was left out, as standard error says.
        #expect(safe.standardOutput.hasPrefix("Info.plist:11:2: warning: [*] 'SKExternalPurchaseMultilink'"))
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == Texts.regionsFixed)
        let strict = try Eplint.run(["--fix", "--strict", "Info.plist"], in: directory)
        #expect(
            strict.status == 1 && strict.standardError.hasSuffix("0 fixed, 1 remaining\n"), "\(strict.standardError)")

        try Data(Texts.broken.utf8).write(to: file)
        let run = try Eplint.run(["--fix", "--unsafe-fixes", "Info.plist"], in: directory)
        #expect(run.status == 0 && run.standardOutput == "", "\(run.standardError)")
        #expect(run.standardError == "5 fixed, 0 remaining\n")
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == Texts.unsafelyFixed)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
    }

    @Test func standardInputIsFixedToStandardOutput() throws {
        let run = try Eplint.run(
            ["--fix", "--unsafe-fixes", "--stdin-filename", "Info.plist", "-"], input: Data(Texts.broken.utf8))
        #expect(run.status == 0)
        #expect(run.standardOutput == Texts.unsafelyFixed)
        #expect(run.standardError == "5 fixed, 0 remaining\n")
        let clean = try Eplint.run(["--fix", "-"], input: Data(Texts.unsafelyFixed.utf8))
        #expect(clean.status == 0 && clean.standardOutput == Texts.unsafelyFixed)
        let remaining = try Eplint.run(
            ["--fix", "--stdin-filename", "Info.plist", "-"],
            input: Data(Texts.unsafelyFixed.replacingOccurrences(of: ">nl<", with: ">zz<").utf8))
        #expect(remaining.status == 1)
        #expect(
            remaining.standardError.contains(
                "Info.plist:8:3: error: 'zz' is not an ISO 3166-1 alpha-2 region code [EP102]"))
    }

    @Test func unsafeFixesNeedFixOrDiff() throws {
        let run = try Eplint.run(["--unsafe-fixes", "Info.plist"], in: try Eplint.temporaryDirectory())
        #expect(run.status == 2 && run.standardError == "error: eplint: --unsafe-fixes needs --fix or --diff\n")
    }

    /// The stored forms of `broken`: line ends and encodings, as files keep them.
    static let storages: [(name: String, encode: @Sendable (String) -> Data)] = [
        ("LF", { Data($0.utf8) }),
        ("CRLF", { Data($0.replacingOccurrences(of: "\n", with: "\r\n").utf8) }),
        ("CR", { Data($0.replacingOccurrences(of: "\n", with: "\r").utf8) }),
        ("no final line end", { Data($0.dropLast().utf8) }),
        (
            "UTF-16LE",
            {
                Data([0xFF, 0xFE]) + $0.replacingOccurrences(of: "UTF-8", with: "UTF-16").data(
                    using: .utf16LittleEndian)!
            }
        ),
        (
            "Latin-1",
            {
                $0.replacingOccurrences(of: "UTF-8", with: "ISO-8859-1").replacingOccurrences(
                    of: "regions", with: "régions"
                ).data(using: .isoLatin1)!
            }
        ),
    ]

    @Test(arguments: storages.indices) func diffAppliesAndEqualsFix(_ index: Int) throws {
        let (name, encode) = Self.storages[index]
        let directory = try Eplint.temporaryDirectory()
        let original = encode(Texts.broken)
        let file = directory.appendingPathComponent("Info.plist")
        try original.write(to: file)
        let diff = try Eplint.run(["--diff", "--unsafe-fixes", "Info.plist"], in: directory)
        #expect(diff.status == 1, "\(name): \(diff.standardError)")
        #expect(diff.standardError == "5 would be fixed, 0 would remain\n")
        #expect(try Data(contentsOf: file) == original, "\(name): --diff changed the file")
        try diff.standardOutputData.write(to: directory.appendingPathComponent("fix.patch"))

        _ = try Eplint.run(["--fix", "--unsafe-fixes", "Info.plist"], in: directory)
        let fixed = try Data(contentsOf: file)
        #expect(fixed == encode(Texts.unsafelyFixed), "\(name)")

        // Applied by a real tool: under strict mode one must be there (else the loop proves nothing).
        #expect(!Eplint.patchTools.isEmpty || !RequiredTool.strict, "neither patch nor git is installed")
        for tool in Eplint.patchTools {
            try original.write(to: file)
            #expect(try Eplint.runTool(tool, in: directory) == 0, "\(name): \(tool[0]) failed")
            #expect(try Data(contentsOf: file) == fixed, "\(name): \(tool[0]) gave another result than --fix")
        }
        let clean = try Eplint.run(["--diff", "Info.plist"], in: directory)
        #expect(clean.status == 0 && clean.standardOutput == "")
    }

    /// SIGINT while --fix writes many files (once the first is written, and once before any
    /// is): each is the old or the new text, none half written, and no temporary file is left.
    @Test func interruptedFixLeavesEachFileOldOrNew() throws {
        let directory = try Eplint.temporaryDirectory()
        let names = (0..<400).map { "App\($0)-Info.plist" }
        let first = directory.appendingPathComponent(names[0])
        var mixed = 0
        for waitsForTheFirstWrite in [true, false] {
            for name in names { _ = try write(Texts.broken, name, in: directory) }
            let process = try ChildProcess.start(
                Eplint.executable.path, ["--fix", "--unsafe-fixes"] + names, in: directory)
            if waitsForTheFirstWrite {
                // Files are written in the order named, each synced to disk: the rest are still to come.
                let deadline = Date().addingTimeInterval(30)
                while (try? Data(contentsOf: first)) == Data(Texts.broken.utf8) && process.isRunning
                    && Date() < deadline
                { usleep(500) }
            }
            process.signal(SIGINT)
            #expect(process.wait().signaled, "eplint ended before SIGINT came")
            var fixedFiles = 0
            for name in names {
                let text = String(decoding: try Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
                #expect(
                    text == Texts.broken || text == Texts.unsafelyFixed, "\(name) is neither old nor new after SIGINT")
                if text == Texts.unsafelyFixed { fixedFiles += 1 }
            }
            if fixedFiles > 0 && fixedFiles < names.count { mixed += 1 }
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
                $0.hasSuffix(".tmp")
            }
            #expect(left.isEmpty, "\(left)")
        }
        // The first run was stopped among the writes, as the test means it to be.
        #expect(mixed == 1)
    }

    static let shared: URL? = SharedData.Item.realWorld.isPresent ? SharedData.Item.corpus.url : nil

    /// The real-world plists and the peer suites have nothing to fix: --fix leaves every byte.
    @Test(
        .requires(.realWorld),
        arguments: ["real-world", "peer-suites"])
    func corpusComesOutByteIdentical(_ name: String) throws {
        let source = try #require(Self.shared).appendingPathComponent(name)
        let copy = try Eplint.temporaryDirectory().appendingPathComponent(name)
        try FileManager.default.copyItem(at: source, to: copy)
        let run = try Eplint.run(["--fix", "--unsafe-fixes", "."], in: copy)
        // Nothing to fix: the summary is the last line, and it begins "0 fixed" ("10 fixed" must not pass).
        #expect(run.standardError.split(separator: "\n").last?.hasPrefix("0 fixed, ") == true, "\(run.standardError)")
        let files = FileManager.default.enumerator(atPath: source.path)!.compactMap { $0 as? String }
        #expect(files.count > 100)
        for file in files {
            var isDirectory: ObjCBool = false
            guard
                FileManager.default.fileExists(
                    atPath: source.appendingPathComponent(file).path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            #expect(
                try Data(contentsOf: copy.appendingPathComponent(file))
                    == Data(contentsOf: source.appendingPathComponent(file)), "\(file)")
        }
        #expect(
            try FileManager.default.subpathsOfDirectory(atPath: copy.path).count
                == FileManager.default.subpathsOfDirectory(atPath: source.path).count)
    }
}
