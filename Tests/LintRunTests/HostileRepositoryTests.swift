import Foundation
import LintEngine
import LintRun
import Reporters
import RunPlan
import TestSupport
import Testing

@testable import LanguageServer

/// Issue 45's hostile repository, in-process on real folders: a checkout (`repo`, with a `.git`
/// holding a job token) beside a folder it must not reach (`outside`). Every file eplint must
/// not read holds a canary; no format's output, no failure, and nothing the language server
/// sends over the same checkout may carry it.
@Suite struct HostileRepositoryTests {
    static let canary = "CANARY-9d3b7a"

    static func plist(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)"
            + "\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>nl</string>\n\t</array>\n</dict>\n</plist>\n"
    }

    /// The checkout's folder, with `files` (relative to it) and the outside folder beside it;
    /// `@OUTSIDE@` in a file's text is the outside folder's absolute path (as `/etc/passwd` is).
    static func checkout(_ files: [String: String]) throws -> URL {
        let top = try FixRunTests.folder(with: [
            "repo/.git/config": "[http]\n\textraheader = AUTHORIZATION: basic \(canary)\n",
            "repo/.git/HEAD": "ref: refs/heads/main\n",
            "outside/credentials": "KEY = \(canary)\n",
            "outside/macros.h": "#define KEY \(canary)\n",
            "outside/Outside.plist": plist("\t<key>K</key>\n\t<string>\(canary)</string>\n"),
        ])
        let outside = top.appendingPathComponent("outside").path
        for (path, text) in files {
            let text = text.replacingOccurrences(of: "@OUTSIDE@", with: outside)
            let url = top.appendingPathComponent("repo/" + path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return top.appendingPathComponent("repo")
    }

    /// What a run of `paths` in `folder` prints in every format, or its failure's message.
    static func outputs(_ paths: [String], in folder: URL) -> [String] {
        do {
            let run = try FolderRun(paths, in: folder) { $0.format = OutputFormat(rawValue: "markdown")! }
            let presentation = TerminalPresentation(colour: false, showSource: true)
            return ReporterList.all.map { $0.render(run.outcome.report, presentation: presentation) } + [run.notes]
        } catch let failure as RunFailure {
            return [failure.message]
        } catch {
            return ["\(error)"]
        }
    }

    /// What the language server sends over the checkout (`folder` its workspace) when `document`
    /// (relative to it) is opened with `text`: every message, diagnostics and logs.
    static func languageServerOutputs(_ folder: URL, document: String, text: String, fileSystem: any PlanFileSystem)
        -> [String]
    {
        var sent: [String] = []
        let server = LanguageServer(
            root: folder.path, fileSystem: fileSystem, clock: { 0 },
            send: { sent.append(String(decoding: $0, as: UTF8.self)) })
        func send(_ object: [String: Any]) {
            var message = object
            message["jsonrpc"] = "2.0"
            server.handle(Array(try! JSONSerialization.data(withJSONObject: message)))
        }
        send([
            "id": 1, "method": "initialize",
            "params": [
                "rootUri": FileURI.uri(of: folder.path), "capabilities": [:],
                "initializationOptions": ["debounceMilliseconds": 0],
            ],
        ])
        send(["method": "initialized", "params": [:]])
        let uri = FileURI.uri(of: folder.appendingPathComponent(document).path)
        send([
            "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": text]],
        ])
        send(["id": 2, "method": "textDocument/diagnostic", "params": ["textDocument": ["uri": uri]]])
        return sent
    }

    /// The language server's messages over the checkout, its Info.plist opened.
    static func languageServerOutputs(_ folder: URL) -> [String] {
        let file = folder.appendingPathComponent("App/Info.plist")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? plist("")
        return languageServerOutputs(
            folder, document: "App/Info.plist", text: text, fileSystem: HostPlanFileSystem())
    }

    static func expectNoCanary(_ outputs: [String], _ what: String) {
        for output in outputs { #expect(!output.contains(canary), "\(what): \(output)") }
    }

    /// A quoted include of the plist: each is not followed (EP007, which names the path). Xcode's
    /// build reads the file, so the lint did not see what Xcode builds: a warning, which fails
    /// `--strict` (docs/untrusted-input.md).
    @Test func aPlistsIncludesReachNothingOutside() throws {
        let outsideFile = try Self.checkout([:]).deletingLastPathComponent().appendingPathComponent("outside/macros.h")
        for include in ["../.git/config", "../../outside/macros.h", outsideFile.path, "link.h", "gitlink.h"] {
            let folder = try Self.checkout(["App/Info.plist": Self.plist("#include \"\(include)\"\n")])
            let top = folder.deletingLastPathComponent()
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("App/link.h").path,
                withDestinationPath: top.appendingPathComponent("outside/macros.h").path)
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("App/gitlink.h").path, withDestinationPath: "../.git/config")
            let outputs = Self.outputs(["App/Info.plist"], in: folder)
            Self.expectNoCanary(outputs, include)
            let served = Self.languageServerOutputs(folder)
            Self.expectNoCanary(served, "\(include), the language server")
            #expect(
                served.contains { $0.contains("publishDiagnostics") && $0.contains("EP007") }, "\(include): \(served)")
            #expect(outputs[0].contains("is not followed"), "\(include): \(outputs[0])")
            #expect(outputs[0].contains("[EP007]"), "\(include): \(outputs[0])")
            let gcc = try FolderRun(["App/Info.plist"], in: folder) { $0.strict = true }
            let refusals = gcc.outcome.report.diagnostics.filter { $0.message.contains("is not followed") }
            #expect(refusals.map(\.severity) == [Severity.warning], "\(include)")
            #expect(gcc.outcome.status(writeFailed: false) == .findings, "\(include)")
        }
    }

    /// Issue 45's rows: `.eplint.yml` and a project naming files outside the checkout, relative
    /// and absolute (`@OUTSIDE@`, as `/etc/passwd` is). Each case's files and the paths linted.
    static func hostileCases() -> [(name: String, files: [String: String], paths: [String])] {
        let pbxproj = { (settings: [String: String], xcconfig: String?) in
            XcodeProjectText.pbxproj(
                target: ["INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos", "SUPPORTED_PLATFORMS": "iphoneos"]
                    .merging(settings) { $1 }, xcconfig: xcconfig)
        }
        let plist = Self.plist("\t<key>K</key>\n\t<string>$(KEY)</string>\n")
        let cases: [(name: String, files: [String: String], paths: [String])] = [
            (
                "preprocessor-flags",
                [
                    ".eplint.yml": "preprocess: true\npreprocessor-flags: [-include, ../outside/macros.h]\n",
                    "App/Info.plist": plist,
                ], ["App/Info.plist"]
            ),
            (
                "regions", [".eplint.yml": "regions: ../outside/Outside.plist\n", "App/Info.plist": plist],
                ["App/Info.plist"]
            ),
            (
                "xcconfig include",
                [
                    "App.xcodeproj/project.pbxproj": pbxproj([:], "Base.xcconfig"),
                    "Base.xcconfig": "#include \"../outside/credentials\"\n", "App/Info.plist": plist,
                ], ["App.xcodeproj"]
            ),
            (
                "prefix header",
                [
                    "App.xcodeproj/project.pbxproj": pbxproj(
                        ["INFOPLIST_PREPROCESS": "YES", "INFOPLIST_PREFIX_HEADER": "../outside/macros.h"], nil),
                    "App/Info.plist": plist,
                ], ["App.xcodeproj"]
            ),
            (
                "INFOPLIST_FILE",
                ["App.xcodeproj/project.pbxproj": pbxproj(["INFOPLIST_FILE": "../outside/Outside.plist"], nil)],
                ["App.xcodeproj"]
            ),
            (
                "CODE_SIGN_ENTITLEMENTS",
                [
                    "App.xcodeproj/project.pbxproj": pbxproj(
                        ["CODE_SIGN_ENTITLEMENTS": "../outside/Outside.plist"], nil),
                    "App/Info.plist": plist,
                ], ["App.xcodeproj"]
            ),
            (
                "preprocessor-flags, absolute",
                [
                    ".eplint.yml": "preprocess: true\npreprocessor-flags: [-include, @OUTSIDE@/macros.h]\n",
                    "App/Info.plist": plist,
                ], ["App/Info.plist"]
            ),
            (
                "xcconfig include, absolute",
                [
                    "App.xcodeproj/project.pbxproj": pbxproj([:], "Base.xcconfig"),
                    "Base.xcconfig": "#include \"@OUTSIDE@/credentials\"\n", "App/Info.plist": plist,
                ], ["App.xcodeproj"]
            ),
            (
                "CODE_SIGN_ENTITLEMENTS, absolute",
                [
                    "App.xcodeproj/project.pbxproj": pbxproj(
                        ["CODE_SIGN_ENTITLEMENTS": "@OUTSIDE@/Outside.plist"], nil),
                    "App/Info.plist": plist,
                ], ["App.xcodeproj"]
            ),
        ]
        return cases
    }

    /// Files `.eplint.yml` or a project names outside the checkout stop the run (exit 2),
    /// naming the path, never its content; the language server sends none of it either.
    @Test func projectAndConfigurationPathsReachNothingOutside() throws {
        for (name, files, paths) in Self.hostileCases() {
            let folder = try Self.checkout(files)
            let outputs = Self.outputs(paths, in: folder)
            Self.expectNoCanary(outputs, name)
            #expect(outputs.count == 1 && outputs[0].contains("does not follow"), "\(name): \(outputs)")
            let served = Self.languageServerOutputs(folder)
            Self.expectNoCanary(served, "\(name), the language server")
            #expect(served.contains { $0.contains("does not follow") }, "\(name): \(served)")
        }
    }

    /// The markdown report's regions table cuts a long value as messages cut it.
    @Test func theRegionsTableCutsLongValues() throws {
        let long = "https://example.com/" + String(repeating: "a", count: 200)
        let folder = try Self.checkout([
            "App/Info.plist":
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
                + "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>\(long)</string>\n"
                + "\t</dict>\n</dict>\n</plist>\n"
        ])
        let markdown = try FolderRun(["App/Info.plist"], in: folder) { $0.format = OutputFormat(rawValue: "markdown")! }
        let output = MarkdownReporter().render(
            markdown.outcome.report, presentation: .init(colour: false, showSource: false))
        let row = output.split(separator: "\n").first { $0.hasPrefix("| SKExternalPurchaseLink |") }
        #expect(row?.contains(String(long.prefix(80)) + "…") == true, "\(output)")
        #expect(row?.contains(String(long.prefix(81))) == false)
    }
}
