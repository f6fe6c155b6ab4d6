import LintEngine
import PlistSyntax

/// A StoreKit value of the wrong type: the OS ignores it. A wrong-typed value is not looked
/// into further by other rules. Also the allowed-regions entitlement in the paired
/// entitlements file (which needs no Info.plist key, hence a pairing rule).
struct EP004WrongType: PairingRule {
    func check(_ context: LintContext) {
        checkAllowedRegionsEntitlement(context)
        for key in StoreKitKey.allCases {
            guard let value = context.facts.values[key]?.value else { continue }
            let expected: PlistKind = key.isRegionArray ? .array : .dictionary
            guard value.kind == expected else {
                context.diagnose(
                    self, Message.wrongTopLevel(key, found: value.kind), at: value.range, keyPath: key.rawValue)
                continue
            }
            if key.isRegionArray {
                for (index, item) in (value.arrayValue ?? []).enumerated() where item.kind != .string {
                    context.diagnose(
                        self, Message.wrong("\(key.rawValue)[\(index)]", expected: "a region string", found: item.kind),
                        at: item.range, keyPath: "\(key.rawValue)[\(index)]")
                }
            }
            for entry in context.facts.regionEntries[key] ?? [] {
                let path = entry.region.keyPath
                if key == .link {
                    if entry.value.kind != .string {
                        context.diagnose(
                            self, Message.wrong(path, expected: "a URL string", found: entry.value.kind),
                            at: entry.value.range, keyPath: path)
                    }
                } else if let items = entry.value.arrayValue {
                    for (index, item) in items.enumerated() where item.kind != .string {
                        context.diagnose(
                            self, Message.wrong("\(path)[\(index)]", expected: "a URL string", found: item.kind),
                            at: item.range, keyPath: "\(path)[\(index)]")
                    }
                } else {
                    context.diagnose(
                        self, Message.wrong(path, expected: "an array of URL strings", found: entry.value.kind),
                        at: entry.value.range, keyPath: path)
                }
            }
        }
    }

    private func checkAllowedRegionsEntitlement(_ context: LintContext) {
        guard let entitlement = context.customPurchaseLinkRegions else { return }
        let name = CustomPurchaseLinkRegions.entitlement
        guard let items = entitlement.entry.value.arrayValue else {
            context.diagnose(
                self, Message.wrong(name, expected: "an array of region strings", found: entitlement.entry.value.kind),
                at: entitlement.entry.value.range, keyPath: name, in: entitlement.entitlementsPath)
            return
        }
        for (index, item) in items.enumerated() where item.kind != .string {
            context.diagnose(
                self, Message.wrong("\(name)[\(index)]", expected: "a region string", found: item.kind),
                at: item.range, keyPath: "\(name)[\(index)]", in: entitlement.entitlementsPath)
        }
    }

    enum Message {
        static func wrongTopLevel(_ key: StoreKitKey, found: PlistKind) -> String {
            "\(key.rawValue) must be \(key.expectedShape), found \(found.rawValue)"
        }
        static func wrong(_ path: String, expected: String, found: PlistKind) -> String {
            "\(path) must be \(expected), found \(found.rawValue)"
        }
    }
}
