import EplintBase
import PlistSyntax

/// The entitlement `com.apple.developer.storekit.custom-purchase-link.allowed-regions`
/// (iOS, macOS, tvOS, visionOS, watchOS 26.2): an array of two-letter region codes, needing
/// no Info.plist key. Apple publishes no list of the regions it may hold, so its codes are
/// checked only as ISO 3166-1 alpha-2 codes.
package struct CustomPurchaseLinkRegions: Sendable {
    package static let entitlement = "com.apple.developer.storekit.custom-purchase-link.allowed-regions"

    /// One string of the array, with where it is.
    package struct Region: Sendable {
        package var text: String
        package var resolution: BuildSettings.Resolution
        package var range: SourceRange
        package var keyPath: String
    }

    /// The entry in the entitlements file (its last occurrence).
    package var entry: PlistEntry
    /// Its strings, when the value is an array (items of other types are left out).
    package var regions: [Region]
    package var entitlementsPath: String
}

extension LintContext {
    /// The paired entitlements file's allowed-regions entitlement, if it has one.
    package var customPurchaseLinkRegions: CustomPurchaseLinkRegions? {
        guard let entitlements, let entry = entitlements.entries.last(forKey: CustomPurchaseLinkRegions.entitlement)
        else { return nil }
        let regions = (entry.value.arrayValue ?? []).enumerated().compactMap {
            index, item -> CustomPurchaseLinkRegions.Region? in
            guard let text = item.stringValue else { return nil }
            return .init(
                text: text, resolution: buildSettings.resolve(text), range: item.range,
                keyPath: "\(CustomPurchaseLinkRegions.entitlement)[\(index)]")
        }
        return CustomPurchaseLinkRegions(entry: entry, regions: regions, entitlementsPath: entitlements.path)
    }
}
