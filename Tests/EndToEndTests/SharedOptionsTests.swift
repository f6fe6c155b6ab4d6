import Testing

/// `context`, `token`, `report` and `notification` take some of lint's options, declared once
/// (`LintOption` in Sources/eplint): each shows them exactly as lint's help does, and has them
/// all, so an option renamed or reworded in lint is so in every command that shares it.
@Suite struct SharedOptionsTests {
    static let planOptions: Set<String> = [
        "config", "xcconfig", "xcconfig-condition", "entitlements", "deployment-target", "regions", "define",
        "preprocess", "preprocessor-flag", "prefix-header", "platform", "xcode-version", "music-streaming",
        "project", "target", "configuration", "xcode-environment", "stdin-filename",
    ]
    static let reportingOptions: Set<String> = [
        "format", "output", "report", "srcroot", "color", "config", "baseline", "write-baseline",
        "stdin-filename", "strict", "verbose", "error-on-empty",
    ]

    /// `--name` → its rows in the OPTIONS section (the label line and its wrapped help).
    static func options(_ arguments: [String]) throws -> [String: String] {
        let help = try Eplint.run(arguments)
        #expect(help.status == 0, "\(arguments)")
        var rows: [String: String] = [:]
        var current: String?
        var inOptions = false
        for line in help.standardOutput.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("OPTIONS:") {
                inOptions = true
            } else if inOptions && line.hasPrefix("  --") {
                let name = String(line.dropFirst(4).prefix { $0 != " " })
                current = name
                rows[name] = String(line)
            } else if inOptions, let current, line.hasPrefix("   ") {
                rows[current, default: ""] += "\n" + line
            } else {
                inOptions = false
            }
        }
        return rows
    }

    @Test(arguments: [
        ("context", planOptions), ("token", reportingOptions), ("report", reportingOptions),
        ("notification", reportingOptions),
    ])
    func sharedOptionsAreLintsOwn(command: String, shared: Set<String>) throws {
        let lint = try Self.options(["lint", "--help"])
        let own = try Self.options([command, "--help"])
        for name in shared.sorted() {
            #expect(lint[name] != nil, "lint has no --\(name)")
            #expect(own[name] == lint[name], "eplint \(command) --\(name) differs from lint's")
        }
    }
}
