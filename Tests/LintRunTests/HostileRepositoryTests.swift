import Foundation
import LintEngine
import LintRun
import Reporters
import TestSupport
import Testing

/// Issue 45's hostile repository, in-process on real folders: a checkout (`repo`, with a `.git`
/// holding a job token) beside a folder it must not reach (`outside`). Every file eplint must
/// not read holds a canary; no format's output, and no failure, may carry it.
@Suite struct HostileRepositoryTests {
    static let canary = "CANARY-9d3b7a"

    static func plist(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)"
            + "\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>nl</string>\n\t</array>\n</dict>\n</plist>\n"
    }

    /// The checkout's folder, with `files` (relative to it) and the outside folder beside it.
    static func checkout(_ files: [String: String]) throws -> URL {
        let top = try FixRunTests.folder(with: [
            "repo/.git/config": "[http]\n\textraheader = AUTHORIZATION: basic \(canary)\n",
            "repo/.git/HEAD": "ref: refs/heads/main\n",
            "outside/credentials": "KEY = \(canary)\n",
            "outside/macros.h": "#define KEY \(canary)\n",
            "outside/Outside.plist": plist("\t<key>K</key>\n\t<string>\(canary)</string>\n"),
        ])
        for (path, text) in files {
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
            #expect(outputs[0].contains("is not followed"), "\(include): \(outputs[0])")
            #expect(outputs[0].contains("[EP007]"), "\(include): \(outputs[0])")
            let gcc = try FolderRun(["App/Info.plist"], in: folder) { $0.strict = true }
            let refusals = gcc.outcome.report.diagnostics.filter { $0.message.contains("is not followed") }
            #expect(refusals.map(\.severity) == [Severity.warning], "\(include)")
            #expect(gcc.outcome.status(writeFailed: false) == .findings, "\(include)")
        }
    }

    /// Files `.eplint.yml` or a project names outside the checkout stop the run (exit 2),
    /// naming the path, never its content.
    @Test func projectAndConfigurationPathsReachNothingOutside() throws {
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
        ]
        for (name, files, paths) in cases {
            let outputs = Self.outputs(paths, in: try Self.checkout(files))
            Self.expectNoCanary(outputs, name)
            #expect(outputs.count == 1 && outputs[0].contains("does not follow"), "\(name): \(outputs)")
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
