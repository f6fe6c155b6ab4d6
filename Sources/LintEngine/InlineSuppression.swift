import PlistSyntax

/// `<!-- eplint:disable-next EP203 … -->` (the next element and everything in it) and
/// `<!-- eplint:disable EP104 … -->` (the rest of the file). A directive that suppresses
/// nothing is EP008; an unknown rule ID or a malformed directive is EP009.
enum InlineSuppression {
    static let unused = RuleID.ep008UnusedSuppression
    static let invalid = RuleID.ep009InvalidSuppression

    private struct Directive {
        var comment: PlistComment
        var rules: [RuleID]
        /// Offsets the directive covers.
        var covers: Range<Int>
        var used: Set<RuleID> = []
    }

    /// The findings kept (with EP008/EP009 for the directives themselves), and those the directives dropped.
    static func apply(_ comments: [PlistComment], to diagnostics: [Diagnostic], file: String)
        -> (kept: [Diagnostic], suppressed: [SuppressedFinding])
    {
        var directives: [Directive] = []
        var problems: [Diagnostic] = []
        func problem(_ rule: RuleID, _ message: String, _ comment: PlistComment) {
            problems.append(Diagnostic(file: file, rule: rule, message: message, range: comment.range))
        }
        for comment in comments {
            let words = comment.text.split(whereSeparator: {
                $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == ","
            })
            guard let first = words.first, first.hasPrefix("eplint:") else { continue }
            let kind = first.dropFirst("eplint:".count)
            guard comment.isWhole else {
                problem(
                    invalid,
                    "eplint:\(kind.prefix(40)) directive is longer than \(PlistComment.textLimit) bytes and is not read; a directive names rule IDs only",
                    comment)
                continue
            }
            let covers: Range<Int>
            switch kind {
            case "disable-next":
                guard let next = comment.nextElement else {
                    problem(invalid, "eplint:disable-next is not followed by an element", comment)
                    continue
                }
                covers = next.start.offset..<next.end.offset
            case "disable":
                covers = comment.range.end.offset..<Int.max
            default:
                problem(
                    invalid,
                    "unknown directive \(String(first).quotedForMessage); use eplint:disable-next or eplint:disable",
                    comment)
                continue
            }
            let names = words.dropFirst().map(String.init)
            if names.isEmpty {
                problem(invalid, "eplint:\(kind) names no rule; list the rule IDs it suppresses (e.g. EP203)", comment)
                continue
            }
            var rules: [RuleID] = []
            for name in names {
                if let rule = RuleID(validating: name) {
                    rules.append(rule)
                } else {
                    problem(invalid, "unknown rule \(name.quotedForMessage) in eplint:\(kind)", comment)
                }
            }
            if !rules.isEmpty { directives.append(Directive(comment: comment, rules: rules, covers: covers)) }
        }
        guard !directives.isEmpty || !problems.isEmpty else { return (diagnostics, []) }

        let suppressors = firstCovering(
            diagnostics.map { ($0.rule, $0.range.start.offset) }, among: directives.map { ($0.rules, $0.covers) })
        var kept: [Diagnostic] = []
        var suppressed: [SuppressedFinding] = []
        for (diagnostic, suppressor) in zip(diagnostics, suppressors) {
            guard let suppressor else {
                kept.append(diagnostic)
                continue
            }
            directives[suppressor].used.insert(diagnostic.rule)
            let comment = directives[suppressor].comment
            let kind =
                comment.text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).first ?? ""
            suppressed.append(
                SuppressedFinding(diagnostic, kind: .inSource, reason: "\(kind) at line \(comment.range.start.line)"))
        }
        for directive in directives {
            for rule in directive.rules where !directive.used.contains(rule) {
                problem(unused, "eplint suppression of \(rule) suppresses nothing; remove it", directive.comment)
            }
        }
        return (kept + problems, suppressed)
    }

    /// For each finding (rule, offset), the index of the first directive (in document order)
    /// that names its rule and covers its offset. One sweep per rule over offsets in ascending
    /// order: directives join a heap of candidates when their range begins and leave it lazily
    /// once it has ended (an ended range never covers a later offset), so the heap's smallest
    /// index is the answer. n·log n, where asking every directive for every finding was quadratic.
    static func firstCovering(
        _ findings: [(rule: RuleID, offset: Int)],
        among directives: [(rules: [RuleID], covers: Range<Int>)]
    ) -> [Int?] {
        var directivesByRule: [RuleID: [Int]] = [:]
        for (index, directive) in directives.enumerated() {
            for rule in Set(directive.rules) { directivesByRule[rule, default: []].append(index) }
        }
        var findingsByRule: [RuleID: [Int]] = [:]
        for (index, finding) in findings.enumerated() where directivesByRule[finding.rule] != nil {
            findingsByRule[finding.rule, default: []].append(index)
        }
        var result = [Int?](repeating: nil, count: findings.count)
        for (rule, findingIndices) in findingsByRule {
            let byStart = directivesByRule[rule]!.sorted {
                directives[$0].covers.lowerBound < directives[$1].covers.lowerBound
            }
            let byOffset = findingIndices.sorted { findings[$0].offset < findings[$1].offset }
            var candidates = MinimumHeap()
            var nextStart = 0
            for findingIndex in byOffset {
                let offset = findings[findingIndex].offset
                while nextStart < byStart.count, directives[byStart[nextStart]].covers.lowerBound <= offset {
                    candidates.insert(byStart[nextStart])
                    nextStart += 1
                }
                while let first = candidates.minimum, directives[first].covers.upperBound <= offset {
                    candidates.removeMinimum()
                }
                result[findingIndex] = candidates.minimum
            }
        }
        return result
    }
}
