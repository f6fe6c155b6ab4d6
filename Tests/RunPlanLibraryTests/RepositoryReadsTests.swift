import Configuration
import Preprocessor
import TestSupport
import Testing

@testable import RunPlan

/// The run's lock (`RepositoryReads`, docs/untrusted-input.md): what a file of the repository
/// names is resolved as the system resolves it and followed only into a regular file inside the
/// run's roots, outside version-control metadata, within the run's budgets. Each file outside
/// the roots holds a canary that no outcome may carry.
@Suite struct RepositoryReadsTests {
    static let canary = "CANARY-5f1e0c"

    /// A checkout at `/work/App` (no `.git`: the roots are the named paths' folders) beside
    /// folders it must not reach.
    static let files: [String: String] = [
        "App/Info.plist": "<plist><dict/></plist>\n",
        "App/inside.h": "#define INSIDE 1\n",
        "inside.h": "#define ABOVE \(canary)\n",
        "AppSecrets/Keys.h": "#define KEY \(canary)\n",
        "outside/credentials": "KEY = \(canary)\n",
        "outside/macros.h": "#define LINK \(canary)\n",
        "outside/Outside.plist": "<plist><dict><key>K</key><string>\(canary)</string></dict></plist>\n",
        "App/.git/config": "[http]\n\textraheader = AUTHORIZATION: basic \(canary)\n",
        "App/.git/HEAD": "ref: refs/heads/main\n",
    ]

    static func planner(
        _ extra: [String: String] = [:], links: [String: String] = [:], paths: [String] = ["App/Info.plist"],
        log: ReadLog? = nil, change: (inout PlanOptions) -> Void = { _ in }
    ) -> RunPlanner {
        var options = PlanOptions()
        options.paths = paths
        change(&options)
        var fileSystem = MemoryFileSystem(files.merging(extra) { $1 }, links: links)
        fileSystem.log = log
        return RunPlanner(options: options, fileSystem: fileSystem, note: { _ in })
    }

    /// What a quoted include of `App/Info.plist` reads, as the preprocessor asks (the name
    /// joined to the including file's folder).
    static func include(_ name: String, links: [String: String] = [:], in planner: RunPlanner? = nil)
        -> IncludeReader.Outcome
    {
        let planner = planner ?? Self.planner(links: links)
        return planner.includeReader().read(name.hasPrefix("/") ? name : "App/" + name, 1 << 20)
    }

    static func text(_ outcome: IncludeReader.Outcome) -> String? {
        if case .read(let bytes, _) = outcome { return String(decoding: bytes, as: UTF8.self) }
        return nil
    }

    static func failure(_ body: () throws(PlanFailure) -> Void) -> String? { UnreadableFileTests.failure(body) }

    @Test func anIncludeInsideTheRootIsRead() {
        #expect(Self.text(Self.include("inside.h")) == "#define INSIDE 1\n")
    }

    /// A sibling folder that shares the root's name as a prefix (`/work/App` and
    /// `/work/AppSecrets`) is outside: the bound compares whole components.
    @Test func aSiblingFolderSharingThePrefixIsOutside() {
        guard case .refused(let why) = Self.include("../AppSecrets/Keys.h") else {
            Issue.record("read \(Self.include("../AppSecrets/Keys.h"))")
            return
        }
        #expect(why.contains("leads outside the folders this run reads"))
        #expect(!why.contains(Self.canary))
    }

    /// clang: `fatal error: '.' file not found`, and for a folder `nodir` that is not there,
    /// `nodir/../inside.h` is not found either (the system resolves `nodir` first).
    @Test func aFolderAndADotDotAfterAMissingFolderAreNotFound() {
        #expect(Self.include(".") == .missing)
        #expect(Self.include("nodir/../inside.h") == .missing)
        #expect(Self.include("inside.h/.") == .missing)
    }

    /// `l/../inside.h` with `l` a link to `../elsewhere` is `elsewhere/../inside.h`, as clang
    /// reads it: `/work/inside.h`, outside the root `/work/App` (never the lexical
    /// `App/inside.h`); with the root above, it is that file that is read.
    @Test func dotDotAfterALinkGoesWhereTheSystemGoes() {
        let links = ["App/l": "../elsewhere"]
        let extra = ["elsewhere/x": ""]
        guard case .refused = Self.include("l/../inside.h", in: Self.planner(extra, links: links)) else {
            Issue.record("not refused")
            return
        }
        let wide = Self.planner(extra, links: links, paths: ["App/Info.plist", "."])
        #expect(Self.text(Self.include("l/../inside.h", in: wide)) == "#define ABOVE \(Self.canary)\n")
        // A link inside the root to a file outside is outside; one to a file inside is read.
        let outward = Self.planner(links: ["App/out.h": "../outside/macros.h", "App/in.h": "inside.h"])
        #expect(Self.text(Self.include("out.h", in: outward)) == nil)
        #expect(Self.text(Self.include("in.h", in: outward)) == "#define INSIDE 1\n")
    }

    /// `.git/config` holds the CI job's token: never read as content, even inside the root.
    @Test func versionControlMetadataIsNeverRead() {
        for name in [".git/config", "./.git/HEAD", "sub/../.git/config", ".GIT/config"] {
            let planner = Self.planner(["App/sub/x": "", "App/.GIT/config": Self.canary])
            guard case .refused(let why) = Self.include(name, in: planner) else {
                Issue.record("\(name) not refused")
                continue
            }
            #expect(why.contains("version-control metadata"))
        }
        let link = Self.planner(links: ["App/git.h": ".git/config"])
        #expect(Self.text(Self.include("git.h", in: link)) == nil)
    }

    /// The working directory is a root only through the repository that holds it: run from
    /// `/` (a container's default) on `work/App/Info.plist`, `/` gives no power.
    @Test func theWorkingDirectoryAloneIsNoRoot() {
        var fileSystem = MemoryFileSystem(Self.files)
        fileSystem.workingDirectory = "/"
        var options = PlanOptions()
        options.paths = ["work/App/Info.plist"]
        let planner = RunPlanner(options: options, fileSystem: fileSystem, note: { _ in })
        #expect(Self.text(planner.includeReader().read("/work/outside/credentials", 1 << 20)) == nil)
        #expect(Self.text(planner.includeReader().read("work/App/inside.h", 1 << 20)) == "#define INSIDE 1\n")
        // With a `.git` above it, the working directory's repository is a root.
        var repository = MemoryFileSystem(Self.files.merging([".git/HEAD": ""]) { $1 })
        repository.workingDirectory = "/work"
        let inRepository = RunPlanner(options: options, fileSystem: repository, note: { _ in })
        #expect(inRepository.reads.roots.contains("/work"))
    }

    static let project: [String: String] = ["SDKROOT": "iphoneos", "SUPPORTED_PLATFORMS": "iphoneos"]

    /// The plan of a project at `/work/App/App.xcodeproj` with `target`'s settings.
    static func plan(
        _ target: [String: String], extra: [String: String] = [:], xcconfig: String? = nil, log: ReadLog? = nil,
        budgets: [RepositoryReads.Budget: Int] = [:]
    ) throws(PlanFailure) -> [TargetLintContext] {
        var files = extra
        files["App/App.xcodeproj/project.pbxproj"] = XcodeProjectText.pbxproj(
            target: project.merging(["INFOPLIST_FILE": "Info.plist"]) { $1 }.merging(target) { $1 },
            xcconfig: xcconfig)
        let planner = Self.planner(files, paths: ["App/App.xcodeproj"], log: log) { $0.readBudgets = budgets }
        return try planner.xcodeLintPlan(planner.runConfiguration(nil), configurationFile: nil)
            .contexts(of: "/work/App/Info.plist") ?? []
    }

    @Test func projectNamedFilesOutsideTheRootsStopTheRun() throws {
        let cases: [(settings: [String: String], origin: String)] = [
            (["INFOPLIST_FILE": "../outside/Outside.plist"], "INFOPLIST_FILE of App/Debug"),
            (["CODE_SIGN_ENTITLEMENTS": "../outside/credentials"], "CODE_SIGN_ENTITLEMENTS of App/Debug"),
            (["INFOPLIST_PREFIX_HEADER": "../outside/macros.h"], "INFOPLIST_PREFIX_HEADER of App/Debug"),
            (
                ["INFOPLIST_OTHER_PREPROCESSOR_FLAGS": "-traditional -include ../outside/macros.h"],
                "-include in INFOPLIST_OTHER_PREPROCESSOR_FLAGS of App/Debug"
            ),
            (["INFOPLIST_FILE": ".git/config"], "INFOPLIST_FILE of App/Debug"),
        ]
        for (settings, origin) in cases {
            let message = Self.failure { () throws(PlanFailure) in _ = try Self.plan(settings) }
            #expect(message?.hasPrefix(origin + " names ") == true, "\(settings): \(message ?? "no failure")")
            #expect(message?.contains("which eplint does not follow") == true)
            #expect(message?.contains(Self.canary) == false)
        }
        // Inside the root, each is followed.
        let contexts = try Self.plan(
            [
                "INFOPLIST_PREFIX_HEADER": "inside.h",
                "INFOPLIST_OTHER_PREPROCESSOR_FLAGS": "-traditional -include defs.h",
            ], extra: ["App/defs.h": "#define DEFS 1\n"])
        #expect(
            contexts.first?.configuration.preprocessing.prefixHeaders.map(\.path) == ["App/inside.h", "App/defs.h"])
        #expect(contexts.first?.configuration.preprocessing.flags == ["-traditional"])
    }

    @Test func anXcconfigIncludeOutsideTheRootsStopsTheRun() {
        for include in ["/work/outside/credentials", "../outside/credentials", "../App/.git/config"] {
            let message = Self.failure { () throws(PlanFailure) in
                _ = try Self.plan(
                    [:], extra: ["App/Base.xcconfig": "#include \"\(include)\"\nKEY = 1\n"], xcconfig: "Base.xcconfig")
            }
            #expect(
                message?.contains("which eplint does not follow") == true
                    || message?.contains("does not follow") == true,
                "\(include): \(message ?? "no failure")")
            #expect(message?.contains(Self.canary) == false)
        }
    }

    /// 1,000 includes of one file: the run's budget for xcconfig text ends it (here lowered to
    /// 64 KiB and a 16 KiB file, the default 2 MiB being slow to parse in a debug build), and
    /// the file is read once.
    @Test func xcconfigIncludesShareOneBudgetPerRun() {
        let big = String(repeating: "A = 1\n", count: (16 << 10) / 6)
        let includes = String(repeating: "#include \"big.xcconfig\"\n", count: 1000)
        let log = ReadLog()
        let message = Self.failure { () throws(PlanFailure) in
            _ = try Self.plan(
                [:], extra: ["App/Base.xcconfig": includes, "App/big.xcconfig": big], xcconfig: "Base.xcconfig",
                log: log, budgets: [.xcconfig: 64 << 10])
        }
        #expect(message?.contains("past the run's budget of 65536 bytes of xcconfig files") == true, "\(message ?? "")")
        #expect(log.paths.filter { $0.hasSuffix("/big.xcconfig") }.count == 1)
    }

    @Test func theConfigurationsPathsGoThroughTheLock() throws {
        let configuration = try ConfigurationFile(
            text: "regions: ../outside/Outside.plist\n", path: "App/.eplint.yml", directory: "/work/App")
        let message = Self.failure { () throws(PlanFailure) in _ = try Self.planner().runConfiguration(configuration) }
        #expect(message?.hasPrefix("regions: in App/.eplint.yml names ") == true, "\(message ?? "no failure")")
        #expect(message?.contains(Self.canary) == false)
        let flags = try ConfigurationFile(
            text: "preprocess: true\npreprocessor-flags: [-include, /work/outside/macros.h]\n", path: "App/.eplint.yml",
            directory: "/work/App")
        let flagged = Self.failure { () throws(PlanFailure) in _ = try Self.planner().runConfiguration(flags) }
        #expect(flagged?.hasPrefix("preprocessor-flags: in App/.eplint.yml names ") == true, "\(flagged ?? "")")
        // The user's own flag reads where it points.
        let typed = try Self.planner { $0.preprocessorFlags = ["-include", "/work/outside/macros.h"] }
            .runConfiguration(nil)
        #expect(typed.preprocessing.prefixHeaders.map(\.path) == ["/work/outside/macros.h"])
    }

    /// Every read a project's plan makes is inside the roots (the recording file system), and
    /// each included file is read once however many contexts include it.
    @Test func everyReadOfAPlanPassedTheLock() throws {
        let log = ReadLog()
        let contexts = try Self.plan(
            ["INFOPLIST_PREFIX_HEADER": "inside.h", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator"],
            extra: [
                "App/Base.xcconfig": "#include \"More.xcconfig\"\n#include \"More.xcconfig\"\n",
                "App/More.xcconfig": "B = 1\n",
            ],
            xcconfig: "Base.xcconfig", log: log)
        #expect(contexts.count == 4)
        #expect(!log.paths.isEmpty)
        #expect(log.paths.allSatisfy { $0.hasPrefix("/work/App/") && !$0.contains("/.git/") }, "\(log.paths)")
        #expect(log.paths.filter { $0.hasSuffix("/More.xcconfig") }.count == 1)
        #expect(log.paths.filter { $0.hasSuffix("/inside.h") }.count == 1)
    }
}
