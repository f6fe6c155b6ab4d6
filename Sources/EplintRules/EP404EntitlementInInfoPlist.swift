import EplintBase
import LintEngine
import PlistSyntax

/// A `com.apple.developer.storekit.*` key at the top level of an Info.plist: entitlements are
/// read from the signed entitlements, so there it does nothing. Runs on Info.plists without
/// StoreKit keys too (guides put only the entitlement there).
struct EP404EntitlementInInfoPlist: PairingRule {
    static let prefix = StoreKitEntitlement.keyPrefix

    func check(_ context: LintContext) {
        let kind = FileKind(path: context.file)
        guard kind == .infoPlist || (kind == .other && context.facts.hasStoreKitKeys) else {
            return
        }
        for entry in context.facts.topLevel where entry.key.hasPrefix(Self.prefix) {
            context.diagnose(
                self, Message.misplaced(entry.key), at: entry.keyRange, keyPath: entry.key, value: entry.key,
                fix: fix(entry, context))
        }
    }

    /// The entry moves to the paired entitlements file, unless that file already has the key
    /// (which value is meant is not one right answer).
    private func fix(_ entry: PlistEntry, _ context: LintContext) -> Fix {
        guard let entitlements = context.entitlements else { return .noPairedFile("entitlements file") }
        guard let dictionary = entitlements.dictionary else {
            return .withheld("the paired entitlements file \(entitlements.path) is not XML text")
        }
        if entitlements.entries.contains(where: { $0.key == entry.key }) {
            return .withheld("\(entitlements.path) already has \(entry.key)")
        }
        return .unsafe(
            .move(
                entry: SourceRange(start: entry.keyRange.start, end: entry.value.range.end),
                destination: entitlements.path, dictionary: dictionary))
    }

    enum Message {
        static func misplaced(_ key: String) -> String {
            "\(key) is an entitlement: in the Info.plist it has no effect; move it to the app's .entitlements file"
        }
    }
}
