import PlistSyntax

/// A platform an app is deployed to.
package enum Platform: String, CaseIterable, Sendable {
    case iOS, iPadOS, tvOS, macOS, watchOS, visionOS

    /// Case-insensitive, as users type them on the command line.
    package init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
            return nil
        }
        self = match
    }

    /// From `MinimumOS` in `Rules/regions.plist` (the embedded copy lists every platform; a test checks it).
    package var multiLinkMinimum: Version {
        AppleFacts.builtIn.minimumOS[StoreKitKey.multiLink.rawValue]?[self] ?? Version("0")!
    }

    /// `CFBundleSupportedPlatforms` names.
    package init?(bundlePlatform: String) {
        switch bundlePlatform {
        case "iPhoneOS": self = .iOS
        case "AppleTVOS": self = .tvOS
        case "WatchOS": self = .watchOS
        case "XROS": self = .visionOS
        case "MacOSX": self = .macOS
        default: return nil
        }
    }
}

/// A dotted version (`17.4.9`); missing parts are 0.
package struct Version: Comparable, Sendable, CustomStringConvertible {
    package var parts: [Int]
    package var description: String

    package init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !pieces.isEmpty,
            pieces.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        parts = pieces.map { Int($0)! }
        description = text
    }

    package static func < (lhs: Version, rhs: Version) -> Bool {
        let count = max(lhs.parts.count, rhs.parts.count)
        for index in 0..<count {
            let left = index < lhs.parts.count ? lhs.parts[index] : 0
            let right = index < rhs.parts.count ? rhs.parts[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    package static func == (lhs: Version, rhs: Version) -> Bool { !(lhs < rhs) && !(rhs < lhs) }
}

/// A known deployment target and where it came from (for messages).
package struct DeploymentTarget: Sendable, Hashable {
    package var platform: Platform
    package var version: Version
    package var source: String

    /// As written (`17.0` and `17` say the same version but not the same message).
    package static func == (lhs: DeploymentTarget, rhs: DeploymentTarget) -> Bool {
        lhs.platform == rhs.platform && lhs.version.description == rhs.version.description && lhs.source == rhs.source
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(platform)
        hasher.combine(version.description)
        hasher.combine(source)
    }

    package init(platform: Platform, version: Version, source: String) {
        self.platform = platform
        self.version = version
        self.source = source
    }

    package var supportsMultiLink: Bool { version >= platform.multiLinkMinimum }

    /// From the Info.plist: `MinimumOSVersion` (platform from `CFBundleSupportedPlatforms`,
    /// else iOS) and `LSMinimumSystemVersion` (macOS). Unresolved build settings and
    /// anything that is not a dotted version mean "unknown".
    static func fromInfoPlist(_ entries: [PlistEntry], buildSettings: BuildSettings) -> [DeploymentTarget] {
        func version(_ key: String) -> Version? {
            guard let text = entries.last(forKey: key)?.value.stringValue, let value = buildSettings.resolve(text).value
            else { return nil }
            return Version(value)
        }
        var targets: [DeploymentTarget] = []
        if let minimum = version("MinimumOSVersion") {
            let platforms = entries.last(forKey: "CFBundleSupportedPlatforms")?.value.arrayValue ?? []
            let platform =
                platforms.lazy.compactMap { $0.stringValue.flatMap(Platform.init(bundlePlatform:)) }.first ?? .iOS
            targets.append(DeploymentTarget(platform: platform, version: minimum, source: "MinimumOSVersion"))
        }
        if let minimum = version("LSMinimumSystemVersion") {
            targets.append(DeploymentTarget(platform: .macOS, version: minimum, source: "LSMinimumSystemVersion"))
        }
        return targets
    }

    /// Top-level keys whose values deployment targets are read from.
    static let infoPlistKeys: Set<String> = [
        "MinimumOSVersion", "LSMinimumSystemVersion", "CFBundleSupportedPlatforms",
    ]
}
