import LintEngine

/// A key, entitlement or allowed region whose first reading OS (Apple's availability) is
/// newer than a deployment target: on the older systems it does nothing. A note: apps
/// support older systems on purpose, and Apple rejects nothing for it.
struct EP503KeyNeedsNewerOS: PairingRule {
    func check(_ context: LintContext) {
        MinimumOSCheck.forEachOutcome(context) { subject, target, outcome in
            guard case .older(let minimum) = outcome else { return }
            context.diagnose(
                self,
                "\(subject.shown) \(subject.startsWith) \(target.platform.rawValue) \(minimum); the deployment target is "
                    + "\(target.platform.rawValue) \(target.version) (\(target.source)), \(subject.onOlderSystems)",
                at: subject.range, keyPath: subject.keyPath, value: "\(target.platform.rawValue) \(target.version)",
                in: subject.file)
        }
    }
}
