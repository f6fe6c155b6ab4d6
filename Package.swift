// swift-tools-version: 6.0
import PackageDescription

// Tests/Fuzz/run.sh sets EPLINT_FUZZ: the library code is instrumented for libFuzzer and
// AddressSanitizer, and eplint-fuzz links libFuzzer's main. Build tools stay plain.
let fuzzing = Context.environment["EPLINT_FUZZ"] != nil
let instrumented: [SwiftSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"])] : []
// The parser's per-element state lives in objects confined to one parse on one thread;
// run-time exclusivity checks on them cost a fifth of the parse of a big file.
let parserSettings: [SwiftSetting] = instrumented + [.unsafeFlags(["-enforce-exclusivity=unchecked"])]

let package = Package(
    name: "eplint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "eplint", targets: ["eplint"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // The only C surface: libxml2. Imported by PlistSyntax alone, behind `internal import`.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // Bytes → typed plist values carrying source positions. Knows nothing of rules.
        .target(name: "PlistSyntax", dependencies: ["CLibXML2"], swiftSettings: parserSettings),
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
        // .eplint.yml, xcconfig files, globs and baselines: what a project tells eplint.
        .target(name: "Configuration", dependencies: ["LintEngine", "Reporters", .product(name: "Yams", package: "Yams")]),
        // Diagnostics + rule metadata → text. Sees nothing of the parser.
        .target(name: "Reporters", dependencies: ["LintEngine", "PlistSyntax"], swiftSettings: instrumented),
        .executableTarget(
            name: "eplint",
            dependencies: [
                "PlistSyntax", "LintEngine", "EplintRules", "Reporters", "Configuration",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The fuzzing harness: bytes → parser → every rule → every reporter. Built by
        // Tests/Fuzz/run.sh with -sanitize=fuzzer,address; otherwise a reproducer that runs
        // the same path once on each file it is given.
        .executableTarget(
            name: "eplint-fuzz",
            dependencies: ["PlistSyntax", "LintEngine", "EplintRules", "Reporters"],
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
        .testTarget(
            name: "EplintRulesTests",
            dependencies: ["PlistSyntax", "LintEngine", "EplintRules", "Reporters"]
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
