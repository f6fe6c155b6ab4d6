import Foundation
import TestSupport
import Testing

/// A `.eplint.yml` or prefix header that is there but cannot be read stops the run (exit 2)
/// instead of being passed over: under Xcode's user-script sandboxing (on by default) a Run
/// Script phase cannot read a file it did not declare as an input file, and the run went on
/// without the configuration. `RunPlanLibraryTests/UnreadableFileTests` holds the sandbox's
/// EPERM in process; here the binary meets the host's failures.
@Suite struct UnreadableConfigurationTests {
    static let infoPlist = "<plist version=\"1.0\"><dict/></plist>\n"

    /// A folder or a FIFO named `.eplint.yml`: not a regular file, said at once (a FIFO is opened
    /// without blocking, so the run does not hang on it).
    @Test func aConfigurationThatIsNotAFileStopsTheRun() throws {
        let project = try Project()
        try project.write("App/Info.plist", Self.infoPlist)
        try project.write(".eplint.yml/readme.txt", "a folder\n")
        let folder = try project.run(["App"])
        #expect(folder.status == 2)
        #expect(
            folder.standardError == "error: eplint: cannot read configuration file '.eplint.yml': not a regular file\n")

        let fifo = try Project()
        try fifo.write("App/Info.plist", Self.infoPlist)
        #expect(mkfifo(fifo.root.appendingPathComponent("App/.eplint.yml").path, 0o644) == 0)
        let run = try fifo.run(["."], in: "App")
        #expect(run.status == 2)
        #expect(
            run.standardError == "error: eplint: cannot read configuration file '.eplint.yml': not a regular file\n")
    }

    /// A configuration file that does not exist is passed over, as before: the run lints as
    /// without one (exit 0), whichever folder above has none.
    @Test func noConfigurationAnywhereIsNoFailure() throws {
        let project = try Project()
        try project.write("App/Deeper/Info.plist", Self.infoPlist)
        let run = try project.run([".", "--verbose"], in: "App/Deeper")
        #expect(run.status == 0 && !run.standardError.contains("using configuration"), "\(run.standardError)")
    }

    /// Permission denied, as the sandbox denies it: the message says what to declare. Run as
    /// `nobody` when the tests run as root.
    @Test(.enabled(if: getuid() != 0 || RequiredTool.setpriv.runs, Comment(rawValue: RequiredTool.setpriv.reason)))
    func anUnreadableConfigurationOrPrefixHeaderNamesTheSandbox() throws {
        let project = try Project()
        try project.write("App/Info.plist", Self.infoPlist)
        try project.write(".eplint.yml", "disable: [EP206]\n")
        try project.write("Config/InfoPlist.h", "#define STORE 1\n")
        for file in [".eplint.yml", "Config/InfoPlist.h"] {
            try FileManager.default.setAttributes(
                [.posixPermissions: 0], ofItemAtPath: project.root.appendingPathComponent(file).path)
        }
        func run(_ arguments: [String]) throws -> EplintRun { try Eplint.runUnprivileged(arguments, in: project.root) }
        let configuration = try run(["App"])
        #expect(configuration.status == 2)
        #expect(
            configuration.standardError
                == "error: eplint: cannot read configuration file '.eplint.yml': Permission denied (in an Xcode Run"
                + " Script phase, user-script sandboxing lets the script read only its input files: add"
                + " $(SRCROOT)/.eplint.yml to the phase's Input Files)\n")
        // Named with --config, the same.
        let named = try run(["--config", ".eplint.yml", "App"])
        #expect(named.status == 2 && named.standardError == configuration.standardError)
        // The prefix header, the configuration file readable.
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o644], ofItemAtPath: project.root.appendingPathComponent(".eplint.yml").path)
        let header = try run(["--prefix-header", "Config/InfoPlist.h", "App"])
        #expect(header.status == 2)
        #expect(
            header.standardError.hasPrefix(
                "error: eplint: cannot read prefix header 'Config/InfoPlist.h': Permission denied (in an Xcode Run"))
        #expect(header.standardError.contains("add $(SRCROOT)/Config/InfoPlist.h to the phase's Input Files)\n"))
    }
}
