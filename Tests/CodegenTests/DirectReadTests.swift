import Foundation
import Testing

/// Every read of a run should go through the run host's file system (`PlanFileSystem`), and what
/// a repository names through its lock (`RunPlan/RepositoryReads.swift`, docs/untrusted-input.md).
/// Reads around it are counted here, per file: outside the door itself, none is left (issue 45
/// moved about 60), so a new one (a direct `open`, `stat`, `RegularFile` read, a listing, or a
/// global working-directory helper) in the run's libraries fails this test, which names the door
/// to use. A read the patterns miss is caught by `LintRunTests/ReadRecordTests`: it goes around
/// the recording file system and is missing from the reads recorded.
@Suite struct DirectReadTests {
    static let modules = ["LintRun", "RunPlan", "XcodeProject", "Configuration", "BuiltApps", "LanguageServer"]

    /// What reads around the door: the file system's own calls, the process's reader, the global
    /// helpers of the working directory, and a host file system made in place of the run's.
    static let patterns = [
        "RegularFile.", "currentDirectory()", " absolute(", "(absolute(", "absoluteAsGiven(",
        "HostPlanFileSystem()", " open(", " stat(", "lstat(", "opendir(", "realpath(", "readlink(", "fopen(",
        "(absolute)", "HostFileSystem.", "InputCollector.listing(", "FileBytes(", "pread(",
    ]

    /// The door itself, where the reads belong: the host's file system, the one way eplint opens
    /// a file, and the protocol's own helpers. Every other file of these modules reads nothing
    /// around the host (issue 45 moved the last ~60 reads behind it).
    static let allowed: [String: Int] = [
        // `HostPlanFileSystem`: stat, lstat, readlink, opendir, pread, realpath, the working directory.
        "LintRun/HostFileSystem.swift": 21,
        // `RegularFile`: open(2) read-only, non-blocking, regular files only.
        "LintRun/RegularFile.swift": 4,
        // `absoluteAsGiven(` is the protocol's own helper, called inside the protocol's extension.
        "RunPlan/PlanFileSystem.swift": 1,
    ]

    @Test func noNewReadGoesAroundTheHost() throws {
        var found: [String: Int] = [:]
        for module in Self.modules {
            let folder = GeneratedFilesTests.packageDirectory + "/Sources/" + module
            let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
            for name in files where name.hasSuffix(".swift") {
                let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
                let count = Self.directReads(in: text)
                if count > 0 { found[module + "/" + name] = count }
            }
        }
        // The door's own reads are seen: the scan reads the package's sources.
        #expect(
            found["LintRun/HostFileSystem.swift"] != nil,
            "no read found in the door: is \(GeneratedFilesTests.packageDirectory) the package?")
        for (file, count) in found.sorted(by: { $0.key < $1.key }) where count != Self.allowed[file] ?? 0 {
            Issue.record(
                """
                Sources/\(file) has \(count) direct reads, the table \(Self.allowed[file] ?? 0): read through the \
                run host's file system (RunHost.fileSystem), and what a repository names through \
                RunPlanner.reads (docs/untrusted-input.md); if one went away, lower the table: "\(file)": \(count),
                """)
        }
        for (file, _) in Self.allowed where found[file] == nil {
            Issue.record("Sources/\(file) has no direct read left: remove it from the table")
        }
    }

    /// Occurrences of the patterns outside comments, but a method of a value (`fileSystem.open(`)
    /// and a declaration (`func absolute(`).
    static func directReads(in text: String) -> Int {
        var count = 0
        for line in text.split(separator: "\n") {
            let code = line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            for pattern in patterns {
                for range in code.ranges(of: pattern) {
                    let before = code[..<range.lowerBound]
                    if before.hasSuffix(".") || before.hasSuffix("func") || before.hasSuffix("func ") { continue }
                    count += 1
                }
            }
        }
        return count
    }

    @Test func theCountSeesReadsAndSkipsComments() {
        let text = """
            let bytes = RegularFile.contents(path) // RegularFile.read in a comment
            /// stat(2) in documentation
            guard stat(path, &info) == 0 else { return nil }
            let here = currentDirectory()
            let folder = fileSystem.absoluteAsGiven(path)
            private func absolute(_ path: String) -> String { path }
            """
        #expect(Self.directReads(in: text) == 3)
    }
}
