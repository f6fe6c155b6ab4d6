// swift-tools-version: 6.0
import PackageDescription

// Tests/Fuzz/run.sh sets EPLINT_FUZZ: the library code is instrumented for libFuzzer and
// AddressSanitizer, and eplint-fuzz links libFuzzer's main. Build tools stay plain.
let fuzzing = Context.environment["EPLINT_FUZZ"] != nil
// Generic types such as [RegionEntry] get their metadata from direct accessor calls, not from
// mangled names that the runtime demangles at first use. The runtime also checks conformances
// against every conformance in the static standard library. On a small file that cost 0.7 M
// of 5 M instructions.
let startup: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]
let instrumented: [SwiftSetting] = startup + (fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"])] : [])
// The parser's per-element state lives in objects confined to one parse on one thread;
// run-time exclusivity checks on them cost a fifth of the parse of a big file.
let parserSettings: [SwiftSetting] = instrumented + [.unsafeFlags(["-enforce-exclusivity=unchecked"])]

let package = Package(
    name: "eplint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "eplint", targets: ["eplint"]),
    ],
    // No Swift package dependencies: the command line is parsed from plain tables
    // (Sources/eplint/CommandSpec.swift) and YAML by libyaml, so the binary carries neither
    // run-time reflection nor Foundation, and starts in about the time xmllint does.
    targets: [
        // libxml2, imported by PlistSyntax alone, behind `internal import`.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // libyaml, for .eplint.yml and baselines. Imported by Configuration alone. A C library,
        // not a Swift YAML package: those bring Foundation, which triples start-up time.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // A POSIX thread, a counting semaphore and the processor count: what the parse pipeline
        // and the parallel file walk need, without libdispatch's start-up cost.
        .target(name: "Threads", swiftSettings: instrumented),
        // Bytes → typed plist values carrying source positions. Knows nothing of rules.
        .target(name: "PlistSyntax", dependencies: ["CLibXML2", "Threads"], swiftSettings: parserSettings),
        // Rule protocol, context, diagnostics, rule metadata and region data (embedded from Rules/).
        .target(
            name: "LintEngine",
            dependencies: ["PlistSyntax"],
            swiftSettings: instrumented,
            plugins: ["EmbedRuleData"]
        ),
        // One file per rule; the list of rules is generated at build time from the file names.
        .target(
            name: "EplintRules",
            dependencies: ["LintEngine", "PlistSyntax"],
            swiftSettings: instrumented,
            plugins: ["RegisterRules"]
        ),
        // Server side: an exact JSON reader with positions, Base64URL, and the EP6xx/EP7xx rules
        // on external purchase tokens, report bodies and notifications.
        .target(name: "ServerSide", dependencies: ["LintEngine", "PlistSyntax"], swiftSettings: instrumented),
        // .eplint.yml, xcconfig files, globs and baselines: what a project tells eplint.
        .target(name: "Configuration", dependencies: ["CYAML", "LintEngine", "Reporters"], swiftSettings: startup),
        // Diagnostics + rule metadata → text. Sees nothing of the parser.
        .target(name: "Reporters", dependencies: ["LintEngine", "PlistSyntax"], swiftSettings: instrumented),
        // Keeps argc and argv from glibc's start-up, so the static Swift runtime need not find
        // them in /proc/self/maps (Sources/CStartup/ArgumentVector.c). Linked, never imported.
        .target(name: "CStartup"),
        .executableTarget(
            name: "eplint",
            dependencies: [
                "PlistSyntax", "LintEngine", "EplintRules", "Reporters", "Configuration", "Threads", "CStartup", "ServerSide",
            ],
            exclude: ["startup-order.txt"],
            swiftSettings: startup,
            // The release build that users and `language: swift` pre-commit hooks run carries
            // the Swift runtime inside: ~3 ms to start instead of ~10 ms on Linux. lld puts the
            // functions a run executes next to each other (Tests/Benchmarks/startup-order.sh
            // lists them), so start-up maps fewer pages of code.
            linkerSettings: [.unsafeFlags([
                "-static-stdlib", "-Xlinker", "-no-pie", "-use-ld=lld",
                "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/eplint/startup-order.txt",
                "-Xlinker", "--no-warn-symbol-ordering",
            ], .when(platforms: [.linux], configuration: .release))]
        ),
        // The fuzzing harness: bytes → parser → every rule → every reporter. Built by
        // Tests/Fuzz/run.sh with -sanitize=fuzzer,address; otherwise a reproducer that runs
        // the same path once on each file it is given.
        .executableTarget(
            name: "eplint-fuzz",
            dependencies: ["PlistSyntax", "LintEngine", "EplintRules", "Reporters", "ServerSide"],
            swiftSettings: fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"]), .define("EPLINT_FUZZ")] : [],
            // lld: gold crashes while reporting link errors of libFuzzer builds.
            linkerSettings: fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address", "-use-ld=lld"])] : []
        ),
        // Build-time code generator used by the two plugins below.
        .executableTarget(name: "EplintCodegen"),
        .plugin(
            name: "EmbedRuleData",
            capability: .buildTool(),
            dependencies: ["EplintCodegen"]
        ),
        .plugin(
            name: "RegisterRules",
            capability: .buildTool(),
            dependencies: ["EplintCodegen"]
        ),
        .testTarget(
            name: "PlistSyntaxTests",
            dependencies: ["PlistSyntax"]
        ),
        .testTarget(name: "ThreadsTests", dependencies: ["Threads"]),
        .testTarget(name: "ServerSideTests", dependencies: ["ServerSide", "LintEngine", "PlistSyntax", "Reporters"]),
        .testTarget(
            name: "EplintRulesTests",
            dependencies: ["PlistSyntax", "LintEngine", "EplintRules", "Reporters", "ServerSide"]
        ),
        .testTarget(
            name: "ConfigurationTests",
            dependencies: ["Configuration", "LintEngine"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["eplint", "Reporters"],
            // Read from disk by the tests, not built.
            exclude: ["Golden", "Snapshots"]
        ),
    ]
)
