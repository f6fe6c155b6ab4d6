import Foundation
import TestSupport
import Testing

/// A working directory longer than PATH_MAX (1,024 bytes on macOS, 4,096 on Linux): eplint
/// got it into a PATH_MAX buffer and, when that failed, went on from `/`, so `eplint .`
/// searched the whole disk for Xcode projects and looked for `.eplint.yml` only at `/`.
@Suite struct LongWorkingDirectoryTests {
    /// 21 folders of 200-byte names: 4,221 bytes below the scratch folder.
    static let name = String(repeating: "d", count: 200)
    static let depth = 21
    static let linkPlist =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>SKExternalPurchaseLink</key>\n"
        + "\t<dict>\n\t\t<key>nl</key>\n\t\t<string>https://x.com/nl?a=1</string>\n\t</dict>\n</dict>\n</plist>\n"

    /// Runs `command` (arguments after `$4`) in the deep folder below `root`, made first if
    /// `makes`. Folders are entered one name at a time (`cd -P` passes each to chdir as it is),
    /// as no path of the deep folder is short enough for chdir or posix_spawn.
    static func inDeepFolder(_ root: URL, makes: Bool, _ command: [String]) throws -> EplintRun {
        let script = """
            set -e
            name=$1; depth=$2; makes=$3; shift 3
            i=0
            while [ "$i" -lt "$depth" ]; do
                if [ "$makes" = yes ]; then mkdir "$name"; fi
                cd -P "$name"
                i=$((i + 1))
            done
            exec "$@"
            """
        let outcome = try ChildProcess.run(
            "/bin/sh", ["-c", script, "sh", name, String(depth), makes ? "yes" : "no"] + command, in: root,
            output: .captured, error: .captured)
        return EplintRun(
            status: outcome.status, standardOutput: String(decoding: outcome.standardOutput, as: UTF8.self),
            standardError: String(decoding: outcome.standardError, as: UTF8.self))
    }

    @Test func eplintLintsALongWorkingDirectoryAndReadsOnlyItsParentsConfiguration() throws {
        let project = try Project()
        // Above the deep folder: the configuration, which applies (the working directory's
        // parents are searched for it), and an Xcode project beside it, which must not.
        try project.write(".eplint.yml", "severity: {EP203: warning}\n")
        try project.write(
            "Side/App.xcodeproj/project.pbxproj",
            XcodeProjectText.pbxproj(target: ["INFOPLIST_FILE": "Info.plist", "SDKROOT": "iphoneos"]))
        let made = try Self.inDeepFolder(
            project.root, makes: true, ["/bin/sh", "-c", "printf '%s' \"$1\" > Info.plist", "sh", Self.linkPlist])
        #expect(made.status == 0, "\(made.standardError)")

        let run = try Self.inDeepFolder(project.root, makes: false, [Eplint.executable.path, "--verbose", "."])
        #expect(
            run.standardOutput
                == "./Info.plist:7:3: warning: link 'https://x.com/nl?a=1' has a query ('?a=1'); destination URLs must not have query parameters [EP203]\n",
            "\(run.standardError)")
        #expect(run.status == 0)
        let parents = String(repeating: "../", count: Self.depth)
        #expect(
            run.standardError.contains("eplint: using configuration \(parents).eplint.yml\n"), "\(run.standardError)")
        #expect(!run.standardError.contains("Xcode project"), "\(run.standardError)")
    }

    /// A working directory that cannot be had (removed while eplint was in it) is a failed run,
    /// exit 2, never `/` in its place; the version and the rule catalog need none.
    @Test func noWorkingDirectoryIsAFailedRun() throws {
        let project = try Project()
        func inRemovedFolder(_ arguments: [String]) throws -> EplintRun {
            let outcome = try ChildProcess.run(
                "/bin/sh",
                ["-c", "mkdir gone && cd gone && rmdir ../gone && exec \"$@\"", "sh", Eplint.executable.path]
                    + arguments,
                in: project.root, output: .captured, error: .captured)
            return EplintRun(
                status: outcome.status, standardOutput: String(decoding: outcome.standardOutput, as: UTF8.self),
                standardError: String(decoding: outcome.standardError, as: UTF8.self))
        }
        let lint = try inRemovedFolder(["--verbose", "."])
        #expect(lint.status == 2 && lint.standardOutput == "")
        #expect(
            lint.standardError.hasPrefix("error: eplint: cannot get the working directory: "), "\(lint.standardError)")
        let version = try inRemovedFolder(["--version"])
        #expect(version.status == 0 && !version.standardOutput.isEmpty)
        let explain = try inRemovedFolder(["explain", "EP203"])
        #expect(explain.status == 0 && explain.standardOutput.contains("EP203"))
    }
}
