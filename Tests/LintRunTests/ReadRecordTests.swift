import Foundation
import LintRun
import Reporters
import ServerSide
import TestSupport
import Testing

/// Every read of lint, `context`, the server commands and the language server goes through the
/// run host's file system (a recording one here), and passed the lock: each read is of a path
/// the user named (or a walk under one), or of a file of the repository inside a root; none is
/// outside the roots or in VCS metadata. A read that goes around the host is not recorded,
/// and the reads of a normal checkout below then miss it; `DirectReadTests` names such reads.
@Suite struct ReadRecordTests {
    typealias Hostile = HostileRepositoryTests

    /// `configurationSearch`: `.eplint.yml` looked for in the working directory's parents (a
    /// configuration above the checkout is the user's, and the repository cannot put one there).
    enum Origin: Equatable { case commandLine, repository, configurationSearch }

    /// One read of the record: the real path reached, where the path came from, and whether it
    /// is inside a root.
    struct Read: CustomStringConvertible {
        var path: String
        var origin: Origin
        var insideRoot: Bool
        var description: String { "\(path) (\(origin), \(insideRoot ? "inside" : "OUTSIDE") the roots)" }
    }

    static func isUnder(_ path: String, _ folder: String) -> Bool { path == folder || path.hasPrefix(folder + "/") }

    /// The record of `fileSystem`: from the command line when the read is of a path the user
    /// named or under one (a walk), else named by a file of the repository. The root is the
    /// checkout (its `.git` makes it the repository).
    static func reads(_ fileSystem: RecordingFileSystem, named: [String], checkout: URL) -> [Read] {
        let root = fileSystem.canonicalFolder(checkout.path)
        let named = named.map { fileSystem.canonicalFolder($0) }
        return fileSystem.reads.map { path in
            let inside = isUnder(path, root)
            let searched = path.hasSuffix("/.eplint.yml") && isUnder(root, String(path.dropLast("/.eplint.yml".count)))
            let origin: Origin =
                named.contains { isUnder(path, $0) }
                ? .commandLine
                : !inside && searched ? .configurationSearch : .repository
            return Read(path: path, origin: origin, insideRoot: inside)
        }
    }

    /// What each command read, by command: lint, `context`, `report`, `notification`, `token`
    /// and the language server, each over its own recording file system. `paths` are relative
    /// to the checkout.
    static func record(_ checkout: URL, lint paths: [String]) -> [(command: String, reads: [Read], output: [String])] {
        let named = paths.map { checkout.appendingPathComponent($0).path }
        func run(_ command: String, _ named: [String], _ body: (TestHost) throws -> [String]) -> (
            String, [Read], [String]
        ) {
            let fileSystem = RecordingFileSystem(workingDirectory: checkout)
            let host = TestHost(fileSystem: fileSystem)
            let output: [String]
            do { output = try body(host) + host.notes } catch let failure as RunFailure {
                output = [failure.message]
            } catch { output = ["\(error)"] }
            return (command, reads(fileSystem, named: named, checkout: checkout), output)
        }
        var options = LintOptions()
        options.plan.paths = named
        let report = checkout.appendingPathComponent("reports/a.json").path
        let notification = checkout.appendingPathComponent("notifications/n.json").path
        func server(_ kind: ServerDocumentKind, _ inputs: [String]) -> (TestHost) throws -> [String] {
            { host in
                var server = ServerRunOptions(kind: kind, common: LintOptions())
                server.inputs = inputs
                return [GCCReporter.render(try ServerRun(server).run(host: host).run.report)]
            }
        }
        let lspFileSystem = RecordingFileSystem(workingDirectory: checkout)
        let plist = checkout.appendingPathComponent("App/Info.plist")
        let served = Hostile.languageServerOutputs(
            checkout, document: "App/Info.plist",
            text: (try? String(contentsOf: plist, encoding: .utf8)) ?? Hostile.plist(""), fileSystem: lspFileSystem)
        return [
            run("lint", named) { [GCCReporter.render(try LintRun.run(options, host: $0).report)] },
            run("context", named) { [try ContextReport.render(options, as: .json, host: $0)] },
            run("report", [report], server(.report, [report])),
            run("notification", [notification], server(.notification, [notification])),
            run("token", [], server(.token, [SeedTokens.production])),
            // The workspace folder is the client's: the user's own, as a named folder is.
            ("language server", reads(lspFileSystem, named: [plist.path], checkout: checkout), served),
        ]
    }

    static func expectLocked(_ record: [(command: String, reads: [Read], output: [String])], _ what: String) {
        for (command, reads, output) in record {
            for read in reads {
                #expect(read.insideRoot || read.origin == .configurationSearch, "\(what), \(command): \(read)")
                #expect(!read.path.split(separator: "/").contains(".git"), "\(what), \(command): \(read)")
            }
            Hostile.expectNoCanary(output, "\(what), \(command)")
        }
    }

    /// A checkout with a project whose files name each other: every command reads through the
    /// host, both what the user named and what the repository named, and nothing else.
    @Test func everyReadOfANormalCheckoutPassedTheLock() throws {
        let project = XcodeProjectText.pbxproj(
            target: [
                "INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos", "SUPPORTED_PLATFORMS": "iphoneos",
                "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements", "INFOPLIST_PREPROCESS": "YES",
                "INFOPLIST_PREFIX_HEADER": "App/Prefix.h",
            ], xcconfig: "Base.xcconfig")
        let entitlements =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
            + "\t<key>com.apple.developer.storekit.external-purchase</key>\n\t<true/>\n</dict>\n</plist>\n"
        let checkout = try Hostile.checkout([
            ".eplint.yml": "severity: {EP707: warning}\n",
            "App.xcodeproj/project.pbxproj": project,
            "Base.xcconfig": "#include \"Shared.xcconfig\"\n",
            "Shared.xcconfig": "KEY = value\n",
            "App/Prefix.h": "#define NAME App\n",
            "App/App.entitlements": entitlements,
            "App/Info.plist": Hostile.plist("\t<key>K</key>\n\t<string>$(KEY) NAME</string>\n"),
            "reports/a.json": #"{"requestIdentifier": "r"}"#,
            "notifications/n.json": #"{"signedPayload": "x"}"#,
        ])
        let record = Self.record(checkout, lint: ["App.xcodeproj"])
        Self.expectLocked(record, "a normal checkout")
        let byCommand = Dictionary(uniqueKeysWithValues: record.map { ($0.command, $0.reads) })
        let root = checkout.resolvingSymlinksInPath().path
        func read(_ command: String, _ file: String) -> Read? {
            byCommand[command]?.first { $0.path == root + "/" + file }
        }
        // Named on the command line: the project; named by the repository: the rest.
        #expect(read("lint", "App.xcodeproj/project.pbxproj")?.origin == .commandLine, "\(byCommand["lint"]!)")
        for file in [".eplint.yml", "Base.xcconfig", "Shared.xcconfig", "App/Info.plist", "App/App.entitlements"] {
            #expect(read("lint", file)?.origin == .repository, "lint \(file): \(byCommand["lint"]!)")
        }
        #expect(read("context", "Shared.xcconfig")?.origin == .repository, "\(byCommand["context"]!)")
        #expect(read("report", "reports/a.json")?.origin == .commandLine, "\(byCommand["report"]!)")
        #expect(read("notification", "notifications/n.json")?.origin == .commandLine)
        #expect(read("token", ".eplint.yml")?.origin == .repository, "\(byCommand["token"]!)")
        for file in [".eplint.yml", "App.xcodeproj/project.pbxproj", "Shared.xcconfig", "App/App.entitlements"] {
            #expect(read("language server", file) != nil, "language server \(file): \(byCommand["language server"]!)")
        }
    }

    /// Issue 45's rows, each over every command: nothing outside the roots is read, and the
    /// canary of the outside files is in no output.
    @Test func noReadOfAHostileCheckoutLeavesTheRoots() throws {
        let cases =
            Hostile.hostileCases() + [
                (
                    "root-certificates",
                    [
                        ".eplint.yml": "root-certificates: [@OUTSIDE@/Outside.plist]\n",
                        "App/Info.plist": Hostile.plist(""),
                    ], ["App/Info.plist"]
                ),
                (
                    "a plist's include of .git/config",
                    ["App/Info.plist": Hostile.plist("#include \"../.git/config\"\n")], ["App/Info.plist"]
                ),
            ]
        for (name, files, paths) in cases {
            var files = files
            files["reports/a.json"] = #"{"requestIdentifier": "r"}"#
            files["notifications/n.json"] = #"{"signedPayload": "x"}"#
            let record = Self.record(try Hostile.checkout(files), lint: paths)
            Self.expectLocked(record, name)
            #expect(record.allSatisfy { !$0.reads.isEmpty }, "\(name): \(record.map { ($0.command, $0.reads) })")
        }
    }
}
