import Foundation
import Testing

/// Every read of a run should go through the run host's file system (`PlanFileSystem`), and what
/// a repository names through its lock (`RunPlan/RepositoryReads.swift`, docs/untrusted-input.md).
/// Reads that still go around it are counted here, per file: a new one (a direct `open`, `stat`,
/// `RegularFile` read, or a global working-directory helper) in the run's libraries makes a
/// count grow and fails this test, which names the door to use; moving one through the host
/// lowers a count, and the table with it.
@Suite struct DirectReadTests {
    static let modules = ["LintRun", "RunPlan", "XcodeProject", "Configuration", "BuiltApps", "LanguageServer"]

    /// What reads around the door: the file system's own calls, the process's reader, the global
    /// helpers of the working directory, and a host file system made in place of the run's.
    static let patterns = [
        "RegularFile.", "currentDirectory()", " absolute(", "(absolute(", "absoluteAsGiven(",
        "HostPlanFileSystem()", " open(", " stat(", "lstat(", "opendir(", "realpath(", "readlink(", "fopen(",
    ]

    /// Direct reads left, by file (Sources/…), as of issue 45. The door itself
    /// (`LintRun/HostFileSystem.swift`, `LintRun/RegularFile.swift`) is where they belong.
    static let allowed: [String: Int] = [
        "BuiltApps/RandomAccessBytes.swift": 2,
        "Configuration/YAMLNode.swift": 2,
        // A local helper named `absolute` (the workspace's spelling of a path), not the global one.
        "LanguageServer/DocumentLint.swift": 1,
        "LanguageServer/ServerHost.swift": 9,
        "LintRun/BundleStore.swift": 1,
        "LintRun/ContextReport.swift": 2,
        "LintRun/EntitlementsPairer.swift": 1,
        "LintRun/EntitlementsTable.swift": 4,
        "LintRun/ExpoConfig.swift": 1,
        "LintRun/FileLinter.swift": 2,
        "LintRun/FindingsPolicy.swift": 2,
        "LintRun/FixMoves.swift": 4,
        "LintRun/FixRun.swift": 5,
        "LintRun/HostFileSystem.swift": 14,
        "LintRun/InputFiles.swift": 5,
        "LintRun/LintRun.swift": 1,
        "LintRun/PairedInfoPlists.swift": 2,
        "LintRun/ProjectConfiguration.swift": 5,
        "LintRun/RegularFile.swift": 3,
        "LintRun/ServerRun.swift": 5,
        // `absoluteAsGiven(` names the requirement, which is the door.
        "RunPlan/PlanFileSystem.swift": 1,
        "RunPlan/XcodeLintPlan.swift": 1,
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
        #expect(
            found.count > 3, "found only \(found.count) files: is \(GeneratedFilesTests.packageDirectory) the package?")
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
