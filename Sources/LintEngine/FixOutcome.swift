/// What fixing made, the same for one file (`FileFixer`) and a pair moved between
/// (`PairFixer`): the texts (the originals when nothing was fixed), the findings fixed as first
/// reported, the findings after fixing, and those whose fixes were left out with why.
package struct FixOutcome<Texts: Sendable>: Sendable {
    package var texts: Texts
    package var fixed: [Diagnostic] = []
    /// The findings after fixing (those given when nothing changed).
    package var findings: [Diagnostic]
    package var refusals: [FixSelection.Refusal] = []
    package var changed: Bool { !fixed.isEmpty }

    /// Nothing fixed: `texts` as they were, `findings` as found.
    package init(unchanged texts: Texts, findings: [Diagnostic]) {
        self.texts = texts
        self.findings = findings
    }

    package init(texts: Texts, fixed: [Diagnostic], findings: [Diagnostic]) {
        self.texts = texts
        self.fixed = fixed
        self.findings = findings
    }

    /// The outcome `FixSelection.select` chose (this one when no set of fixes went in), with
    /// its refusals told as findings.
    func settled(by selection: (outcome: FixOutcome?, refused: [(identity: String, reason: String)])) -> FixOutcome {
        var outcome = selection.outcome ?? self
        outcome.refusals = FixSelection.refusals(selection.refused, in: findings)
        return outcome
    }
}

extension FixOutcome where Texts == [UInt8] {
    /// The fixed file.
    package var bytes: [UInt8] { texts }
}

/// An Info.plist and its paired entitlements file, as `PairFixer` edits them together.
package struct PairedTexts: Sendable {
    package var infoPlist: [UInt8]
    package var entitlements: [UInt8]
}

extension FixOutcome where Texts == PairedTexts {
    package var infoPlist: [UInt8] { texts.infoPlist }
    package var entitlements: [UInt8] { texts.entitlements }
}
