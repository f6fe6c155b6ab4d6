import LintEngine

/// `--format markdown`: a summary for a pull-request comment or GitHub's job summary
/// (`$GITHUB_STEP_SUMMARY`): the counts, findings by rule, then each file's findings in
/// report order; then, for each Info.plist, the regions it declares with each key's links and
/// whether the paired entitlements grant what the key needs. What files say is in code spans,
/// links are links to exactly the URL (`MarkdownText`), so nothing a file says renders as markup.
package struct MarkdownReporter: Reporter {
    package let name = "markdown"
    package let needs: ReporterNeeds = [.repositoryPaths, .declaredRegions]
    package init() {}

    package func render(_ report: RunReport, presentation: TerminalPresentation) -> String {
        let report = report.withRepositoryPaths
        var output = "## eplint\n\n"
        guard !report.diagnostics.isEmpty else {
            return output + "No findings: \(report.summary).\n" + Self.regions(report)
        }
        output += "**\(report.summary)**\n\n"
        let names = report.ruleNames
        var rules: [RuleID] = []
        var counts: [RuleID: [Severity: Int]] = [:]
        for diagnostic in report.diagnostics {
            if counts[diagnostic.rule] == nil { rules.append(diagnostic.rule) }
            counts[diagnostic.rule, default: [:]][diagnostic.severity, default: 0] += 1
        }
        output += "| Rule | Errors | Warnings | Notes |\n|---|---:|---:|---:|\n"
        for rule in rules.sorted() {
            let count = counts[rule] ?? [:]
            output +=
                "| \(rule.rawValue) \(MarkdownText.text(names[rule] ?? "")) | \(count[.error] ?? 0) | \(count[.warning] ?? 0)"
                + " | \(count[.note] ?? 0) |\n"
        }
        for (file, diagnostics) in report.findingsByFile where !diagnostics.isEmpty {
            output +=
                "\n### \(MarkdownText.code(file))\n\n| Position | Severity | Rule | Message |\n|---|---|---|---|\n"
            for diagnostic in diagnostics {
                let start = diagnostic.range.start
                output +=
                    "| \(start.line):\(start.column) | \(diagnostic.severity.rawValue) | \(diagnostic.rule.rawValue)"
                    + " | \(MarkdownText.code(diagnostic.message)) |\n"
            }
        }
        return output + Self.regions(report)
    }

    /// Per Info.plist: each region of each key, its links and whether the entitlement is granted.
    static func regions(_ report: RunReport) -> String {
        var output = ""
        for declared in report.declaredRegions where !declared.rows.isEmpty {
            output += "\n### Regions in \(MarkdownText.code(declared.file))\n\n"
            output +=
                declared.entitlements.map { "Entitlements: \(MarkdownText.code($0))\n\n" }
                ?? "No entitlements file paired.\n\n"
            output += "| Key | Region | Links | Entitlement |\n|---|---|---|---|\n"
            for row in declared.rows {
                let backing =
                    switch row.backed {
                    case true?: "granted"
                    case false?: "**not granted**"
                    case nil: "not checked"
                    }
                output +=
                    "| \(row.key.rawValue) | \(valueCell(row.region, link: false)) | \(row.links.indices.map { valueCell(row.links[$0], link: !row.isNamed(link: $0)) }.joined(separator: ", "))"
                    + " | \(row.entitlement.rawValue): \(backing) |\n"
            }
        }
        return output
    }

    /// A value of the file in a cell, cut as messages cut it (80 characters): a region code or a
    /// link is far shorter, and a value that is not (a file an include brought in) is not printed
    /// whole into a job summary. A cut URL is code, never a link to an address the file lacks.
    static func valueCell(_ text: String, link: Bool) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > 80 else { return link ? MarkdownText.link(text) : MarkdownText.code(text) }
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: scalars.prefix(80))
        return MarkdownText.code(String(cut) + "…")
    }
}
