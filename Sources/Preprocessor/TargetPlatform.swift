/// A platform Xcode's clang preprocesses an Info.plist for (`-target ARCH-apple-OS[-ENVIRONMENT]`),
/// and the `TARGET_OS_*` macros it then predefines: `-fdefine-target-os-macros`, on by default
/// for Darwin targets in current clangs. The device build, the simulator build and Mac Catalyst
/// of one OS differ (`TARGET_OS_SIMULATOR`, `TARGET_OS_EMBEDDED`, `TARGET_OS_MACCATALYST`), so
/// each is a platform of its own. The values are clang 21's; TargetPlatformClangTests compares
/// them with the clang that runs the tests.
package enum TargetPlatform: String, CaseIterable, Sendable {
    case iOS = "ios"
    case iOSSimulator = "ios-simulator"
    case macCatalyst = "maccatalyst"
    case macOS = "macos"
    case tvOS = "tvos"
    case tvOSSimulator = "tvos-simulator"
    case watchOS = "watchos"
    case watchOSSimulator = "watchos-simulator"
    case visionOS = "visionos"
    case visionOSSimulator = "visionos-simulator"
    case driverKit = "driverkit"

    /// `--platform` and `platform:` take eplint's names or Xcode's `PLATFORM_NAME` spellings.
    package init?(name: String) {
        let lowered = name.lowercased()
        if let platform = TargetPlatform(rawValue: lowered) {
            self = platform
        } else if let platform = Self.allCases.first(where: { $0.xcodePlatformName == lowered && $0 != .macCatalyst }) {
            self = platform
        } else {
            return nil
        }
    }

    /// Xcode's `PLATFORM_NAME` for builds of this platform (Mac Catalyst builds with `macosx`,
    /// told apart by `IS_MACCATALYST`).
    package var xcodePlatformName: String {
        switch self {
        case .iOS: "iphoneos"
        case .iOSSimulator: "iphonesimulator"
        case .macCatalyst, .macOS: "macosx"
        case .tvOS: "appletvos"
        case .tvOSSimulator: "appletvsimulator"
        case .watchOS: "watchos"
        case .watchOSSimulator: "watchsimulator"
        case .visionOS: "xros"
        case .visionOSSimulator: "xrsimulator"
        case .driverKit: "driverkit"
        }
    }

    /// For labels and `eplint context`.
    package var displayName: String {
        switch self {
        case .iOS: "iOS"
        case .iOSSimulator: "iOS Simulator"
        case .macCatalyst: "Mac Catalyst"
        case .macOS: "macOS"
        case .tvOS: "tvOS"
        case .tvOSSimulator: "tvOS Simulator"
        case .watchOS: "watchOS"
        case .watchOSSimulator: "watchOS Simulator"
        case .visionOS: "visionOS"
        case .visionOSSimulator: "visionOS Simulator"
        case .driverKit: "DriverKit"
        }
    }

    /// The `-target` clang is given for this platform (the version changes none of the macros).
    var clangTarget: String {
        switch self {
        case .iOS: "arm64-apple-ios17.0"
        case .iOSSimulator: "arm64-apple-ios17.0-simulator"
        case .macCatalyst: "arm64-apple-ios17.0-macabi"
        case .macOS: "arm64-apple-macos14.0"
        case .tvOS: "arm64-apple-tvos17.0"
        case .tvOSSimulator: "arm64-apple-tvos17.0-simulator"
        case .watchOS: "arm64-apple-watchos10.0"
        case .watchOSSimulator: "arm64-apple-watchos10.0-simulator"
        case .visionOS: "arm64-apple-xros1.0"
        case .visionOSSimulator: "arm64-apple-xros1.0-simulator"
        case .driverKit: "arm64-apple-driverkit23.0"
        }
    }

    /// Every macro clang predefines for a Darwin target's platform: 1 or 0.
    static let macroNames = [
        "TARGET_IPHONE_SIMULATOR", "TARGET_OS_DRIVERKIT", "TARGET_OS_EMBEDDED", "TARGET_OS_IOS", "TARGET_OS_IPHONE",
        "TARGET_OS_LINUX", "TARGET_OS_MAC", "TARGET_OS_MACCATALYST", "TARGET_OS_NANO", "TARGET_OS_OSX",
        "TARGET_OS_SIMULATOR", "TARGET_OS_TV", "TARGET_OS_UEFI", "TARGET_OS_UIKITFORMAC", "TARGET_OS_UNIX",
        "TARGET_OS_VISION", "TARGET_OS_WATCH", "TARGET_OS_WIN32", "TARGET_OS_WINDOWS",
    ]

    /// Those of `macroNames` that are 1 here; the others are 0.
    private var macrosThatAreOne: Set<String> {
        switch self {
        case .iOS: ["TARGET_OS_MAC", "TARGET_OS_IPHONE", "TARGET_OS_IOS", "TARGET_OS_EMBEDDED"]
        case .iOSSimulator:
            ["TARGET_OS_MAC", "TARGET_OS_IPHONE", "TARGET_OS_IOS", "TARGET_OS_SIMULATOR", "TARGET_IPHONE_SIMULATOR"]
        case .macCatalyst:
            ["TARGET_OS_MAC", "TARGET_OS_IPHONE", "TARGET_OS_IOS", "TARGET_OS_MACCATALYST", "TARGET_OS_UIKITFORMAC"]
        case .macOS: ["TARGET_OS_MAC", "TARGET_OS_OSX"]
        case .tvOS: ["TARGET_OS_MAC", "TARGET_OS_IPHONE", "TARGET_OS_TV", "TARGET_OS_EMBEDDED"]
        case .tvOSSimulator:
            ["TARGET_OS_MAC", "TARGET_OS_IPHONE", "TARGET_OS_TV", "TARGET_OS_SIMULATOR", "TARGET_IPHONE_SIMULATOR"]
        case .watchOS: ["TARGET_OS_MAC", "TARGET_OS_IPHONE", "TARGET_OS_WATCH", "TARGET_OS_NANO", "TARGET_OS_EMBEDDED"]
        case .watchOSSimulator:
            [
                "TARGET_OS_MAC", "TARGET_OS_IPHONE", "TARGET_OS_WATCH", "TARGET_OS_NANO", "TARGET_OS_SIMULATOR",
                "TARGET_IPHONE_SIMULATOR",
            ]
        case .visionOS: ["TARGET_OS_MAC", "TARGET_OS_IPHONE", "TARGET_OS_VISION", "TARGET_OS_EMBEDDED"]
        case .visionOSSimulator:
            ["TARGET_OS_MAC", "TARGET_OS_IPHONE", "TARGET_OS_VISION", "TARGET_OS_SIMULATOR", "TARGET_IPHONE_SIMULATOR"]
        case .driverKit: ["TARGET_OS_MAC", "TARGET_OS_DRIVERKIT"]
        }
    }

    /// What clang predefines for this platform, in `macroNames` order.
    package var macros: [(name: String, value: String)] {
        let ones = macrosThatAreOne
        return Self.macroNames.map { ($0, ones.contains($0) ? "1" : "0") }
    }

    /// The names `--platform` takes, for help texts and messages.
    /// Made once, when help or a message first needs it.
    package static let names = allCases.map(\.rawValue).joined(separator: ", ")
}
