/// Every report format, in the order help lists them: the command line's `--format` and
/// `--report` choices, their help and errors come from this list. A new format is a
/// `Reporter` added here.
package enum ReporterList {
    package static let all: [any Reporter] = [
        GCCReporter(), SARIFReporter(), JSONReporter(), GitHubReporter(), JUnitReporter(), CheckstyleReporter(),
        GitLabReporter(), MarkdownReporter(),
    ]

    package static func named(_ name: String) -> (any Reporter)? { all.first { $0.name == name } }

    /// `gcc, sarif, json or github`, for help and usage errors; made once, when first needed.
    package static let spelledOut: String = {
        let names = all.map(\.name)
        guard let last = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }()
}
