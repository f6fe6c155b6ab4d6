// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "eplint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "eplint", targets: ["eplint"]),
        // `swift package eplint [PATH…]` in a package that depends on this one.
        .plugin(name: "EplintCommandPlugin", targets: ["EplintCommandPlugin"]),
        // Lints a target's Info.plist and *.entitlements files at every build (SwiftPM and Xcode).
        .plugin(name: "EplintBuildToolPlugin", targets: ["EplintBuildToolPlugin"]),
    ],
    // No Swift package dependencies: the command line is parsed from plain tables
    // (Sources/eplint/CommandSpec.swift) and YAML by libyaml, so the binary carries neither
    // run-time reflection nor Foundation, and starts in about the time xmllint does.
    targets: [
        // libxml2, imported by PlistSyntax alone, behind `internal import`. shim.h adapts
        // to the libxml2 version (2.9 through 2.15).
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // libyaml 0.2.5, for .eplint.yml and baselines. Imported by Configuration alone. A C library,
        // not a Swift YAML package: those bring Foundation, which triples start-up time. Its sources
        // are vendored (Sources/CYAML/README.md), so that neither Xcode nor Linux needs it installed;
        // the defines are those its own build passes.
        .target(
            name: "CYAML",
            exclude: ["License", "README.md"],
            cSettings: [
                .define("YAML_VERSION_MAJOR", to: "0"), .define("YAML_VERSION_MINOR", to: "2"),
                .define("YAML_VERSION_PATCH", to: "5"), .define("YAML_VERSION_STRING", to: "\"0.2.5\""),
                .define("YAML_DECLARE_STATIC"),
            ]
        ),
        // zlib, for the deflated entries of an .ipa. Imported by BuiltApps alone.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // A POSIX thread, a counting semaphore and the processor count: what the parallel file
        // walk needs, without libdispatch's start-up cost.
        .target(name: "Threads"),
        // What several stages share, and nothing else: source positions and line starts,
        // SyntaxProblem (the preprocessor's and the parser's), byte sources (files, descriptors,
        // buffers: the parser's, the language server's framing, the host's), the exact JSON reader
        // with positions (server documents, JSON-RPC, Expo) and the JSON value reports and
        // baselines are written from, path globs and ConfigurationError. Imports no eplint module.
        .target(name: "EplintBase"),
        // eplint's own C preprocessor, run as Xcode's build runs clang's on an Info.plist: decoded
        // text → preprocessed text, a map of positions back to the source, EP007/EP010 problems.
        .target(name: "Preprocessor", dependencies: ["EplintBase"]),
        // Bytes → typed plist values carrying source positions. Knows nothing of rules.
        .target(name: "PlistSyntax", dependencies: ["EplintBase", "Preprocessor", "CLibXML2"]),
        // Rule protocol, context, diagnostics, rule metadata and region data (embedded from
        // Rules/ by scripts/generate.sh into Generated/).
        .target(name: "LintEngine", dependencies: ["EplintBase", "Preprocessor", "PlistSyntax"]),
        // One file per rule; Generated/AllRules.swift lists them (scripts/generate.sh).
        .target(name: "EplintRules", dependencies: ["EplintBase", "LintEngine", "PlistSyntax"]),
        // Server side: Base64URL, compact JWS, and the EP6xx/EP7xx rules
        // on external purchase tokens, report bodies and notifications.
        .target(name: "ServerSide", dependencies: ["EplintBase", "LintEngine", "Signatures"]),
        // Signed payloads verified as Apple's App Store Server Library does, offline: OpenSSL's
        // libcrypto opened with dlopen only when a signature is checked (nothing linked, start-up
        // unchanged) and Apple Root CA - G3 embedded. Imports nothing of eplint.
        .target(name: "Signatures"),
        // .eplint.yml and baselines: what a project tells eplint in eplint's own files.
        .target(name: "Configuration", dependencies: ["CYAML", "EplintBase", "LintEngine", "Preprocessor"]),
        // project.pbxproj, workspaces, xcconfig files and Xcode's build-setting resolution: the
        // context of each target. Knows nothing of .eplint.yml.
        .target(name: "XcodeProject", dependencies: ["EplintBase", "LintEngine", "Preprocessor"]),
        // The run plan: every input's contexts (configuration, entitlements, preprocessing) from one
        // precedence, decided before linting through one injected file system.
        .target(
            name: "RunPlan",
            dependencies: ["EplintBase", "LintEngine", "Preprocessor", "Configuration", "XcodeProject"]),
        // Built apps: the zip of an .ipa, Mach-O code signatures and provisioning profiles.
        .target(name: "BuiltApps", dependencies: ["CZlib", "EplintBase", "PlistSyntax"]),
        // Diagnostics + rule metadata → text. Sees nothing of the parser.
        .target(name: "Reporters", dependencies: ["EplintBase", "LintEngine"]),
        // The run: options and a host in, a run outcome out. Inputs and the walk, contexts, pairing,
        // linting (files, built apps, Expo, server documents), fixes and moves, and the one findings
        // policy. The executable, the language server and tests call it.
        .target(
            name: "LintRun",
            dependencies: [
                "EplintBase", "Preprocessor", "PlistSyntax", "LintEngine", "EplintRules", "Reporters", "Configuration",
                "Threads", "XcodeProject", "ServerSide", "BuiltApps", "RunPlan",
            ]
        ),
        // `eplint lsp`: the Language Server Protocol over standard input/output, linting each open
        // document's unsaved text through the run library, as the command line lints the file.
        .target(
            name: "LanguageServer",
            dependencies: ["EplintBase", "LintEngine", "RunPlan", "LintRun"]),
        // The command line: arguments parsed into options, the process as the run's host, reports written.
        .executableTarget(
            name: "eplint",
            dependencies: [
                "EplintBase", "Preprocessor", "LintEngine", "Reporters", "Threads", "ServerSide",
                "RunPlan",
                "LintRun", "LanguageServer",
            ]
        ),
        // The fuzzing harness: bytes → parser → every rule → every reporter. scripts/fuzz/run.sh
        // builds it with -sanitize=fuzzer,address and -DEPLINT_FUZZ on the command line;
        // otherwise a reproducer that runs the same path once on each file it is given.
        .executableTarget(
            name: "eplint-fuzz",
            dependencies: [
                "Signatures",
                "EplintBase", "Preprocessor", "PlistSyntax", "LintEngine", "EplintRules", "Reporters", "ServerSide",
                "BuiltApps", "XcodeProject", "LanguageServer", "LintRun",
            ]
        ),
        // The generator of the checked-in Swift files under Generated/ (scripts/generate.sh),
        // shared with the test that checks they are up to date. Not part of any product.
        .target(name: "RuleCodegen"),
        .executableTarget(name: "eplint-codegen", dependencies: ["RuleCodegen"]),
        .plugin(
            name: "EplintCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "eplint",
                    description:
                        "Lint external purchase: the StoreKit external-purchase configuration of Info.plist and .entitlements files"
                )
            ),
            dependencies: ["eplint"]
        ),
        .plugin(name: "EplintBuildToolPlugin", capability: .buildTool(), dependencies: ["eplint"]),
        // Helpers shared by test targets (a test target cannot depend on another), among them an
        // in-memory file system and a whole run over it (MemoryRun).
        .target(
            name: "TestSupport",
            dependencies: ["LintEngine", "ServerSide", "EplintBase", "RunPlan", "LintRun"],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "PlistSyntaxTests",
            dependencies: ["EplintBase", "Preprocessor", "PlistSyntax", "TestSupport"]
        ),
        .testTarget(name: "ThreadsTests", dependencies: ["Threads"]),
        .testTarget(
            name: "ServerSideTests",
            dependencies: ["EplintBase", "ServerSide", "Signatures", "LintEngine", "Reporters", "TestSupport"]),
        .testTarget(name: "BuiltAppsTests", dependencies: ["BuiltApps", "PlistSyntax", "TestSupport"]),
        .testTarget(
            name: "EplintRulesTests",
            dependencies: [
                "EplintBase", "LintEngine", "EplintRules", "Reporters", "TestSupport", "BuiltApps", "PlistSyntax",
            ]
        ),
        .testTarget(name: "LintEngineTests", dependencies: ["EplintBase", "LintEngine", "PlistSyntax", "TestSupport"]),
        .testTarget(
            name: "PreprocessorTests",
            dependencies: [
                "EplintBase", "Preprocessor", "PlistSyntax", "LintEngine", "EplintRules", "Reporters", "TestSupport",
            ]
        ),
        .testTarget(
            name: "ConfigurationTests",
            dependencies: ["Configuration", "CYAML", "EplintBase", "LintEngine", "TestSupport"]
        ),
        .testTarget(
            name: "XcodeProjectTests", dependencies: ["EplintBase", "XcodeProject", "TestSupport"]),
        .testTarget(
            name: "RunPlanLibraryTests",
            dependencies: ["Preprocessor", "RunPlan", "EplintBase", "Configuration", "LintEngine", "TestSupport"]),
        // The run in-process: options and a test host in, the outcome checked (no process spawned).
        .testTarget(
            name: "LintRunTests",
            dependencies: [
                "LintRun", "RunPlan", "EplintBase", "LintEngine", "Preprocessor", "Reporters", "ServerSide",
                "TestSupport", "LanguageServer",
            ]),
        .testTarget(name: "CodegenTests", dependencies: ["RuleCodegen"]),
        // Each library's own tests, in the target named after it.
        .testTarget(name: "EplintBaseTests", dependencies: ["EplintBase"]),
        .testTarget(name: "ReportersTests", dependencies: ["EplintBase", "LintEngine", "Reporters"]),
        .testTarget(
            name: "SignaturesTests", dependencies: ["Signatures", "ServerSide", "TestSupport"],
            // Read from disk by the tests (scripts/signature-fixtures.py made them), not built.
            exclude: ["Fixtures"]),
        // The server in-process: framing, messages, documents and edits, diagnostics.
        .testTarget(
            name: "LanguageServerTests",
            dependencies: ["LintEngine", "LanguageServer", "EplintBase", "TestSupport", "LintRun", "RunPlan"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["LintEngine", "eplint", "Reporters", "TestSupport"],
            // Read from disk by the tests, not built.
            exclude: ["Golden", "Snapshots", "Schemas", "XcodeTruth", "LanguageServer"]
        ),
    ]
)
