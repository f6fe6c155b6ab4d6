import LintEngine

/// A key or entitlement on a platform Apple's availability does not list for it
/// (`SKExternalPurchaseLinkStreamingRegions` on tvOS): there it never does anything.
struct EP504KeyNotOnPlatform: PairingRule {
    func check(_ context: LintContext) {
        MinimumOSCheck.forEachOutcome(context) { subject, target, outcome in
            guard case .notOnPlatform(let readOn) = outcome else { return }
            context.diagnose(
                self,
                "\(subject.shown) is read on \(readOn.map(\.rawValue).joined(separator: ", ")) only; the target is deployed to "
                    + "\(target.platform.rawValue) \(target.version) (\(target.source)), where it does nothing",
                at: subject.range, keyPath: subject.keyPath, value: target.platform.rawValue, in: subject.file)
        }
    }
}
