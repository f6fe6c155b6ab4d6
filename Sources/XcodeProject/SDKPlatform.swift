import LintEngine
import Preprocessor

/// A platform an Xcode target is built for, as `SDKROOT` and `SUPPORTED_PLATFORMS` name it.
package enum SDKPlatform: String, CaseIterable, Sendable {
    case iphoneos, macosx, appletvos, watchos, xros, driverkit

    /// `iphoneos`, `iphonesimulator`, `iphoneos17.0`, `/Developer/SDKs/MacOSX10.4u.sdk`, `""`.
    init?(sdk: String) {
        switch Self.letters(sdk) {
        case "": self = .macosx  // empty SDKROOT: the build machine's macOS SDK
        case "iphoneos", "iphonesimulator": self = .iphoneos
        case "macosx", "macos": self = .macosx
        case "appletvos", "appletvsimulator": self = .appletvos
        case "watchos", "watchsimulator": self = .watchos
        case "xros", "xrsimulator": self = .xros
        case "driverkit": self = .driverkit
        default: return nil
        }
    }

    /// An SDK's name without its folder, `.sdk` and version, lowercased: `iphonesimulator`.
    static func letters(_ sdk: String) -> String {
        var name = Substring(sdk.split(separator: "/").last ?? "").lowercased()
        if name.hasSuffix(".sdk") { name = String(name.dropLast(4)) }
        return String(name.prefix { $0.isLetter })
    }

    /// The device and simulator platforms of this SDK that `SUPPORTED_PLATFORMS` lists, device
    /// first: Xcode builds for either, and clang's `TARGET_OS_*` macros differ between them.
    /// The device when it lists neither.
    package func targetPlatforms(supported: [String]) -> [TargetPlatform] {
        let listed = Set(supported.map(Self.letters))
        let family: [TargetPlatform] =
            switch self {
            case .iphoneos: [.iOS, .iOSSimulator]
            case .macosx: [.macOS]
            case .appletvos: [.tvOS, .tvOSSimulator]
            case .watchos: [.watchOS, .watchOSSimulator]
            case .xros: [.visionOS, .visionOSSimulator]
            case .driverkit: [.driverKit]
            }
        let found = family.filter { listed.contains($0.xcodePlatformName) }
        return found.isEmpty ? [family[0]] : found
    }

    /// The SDK version conditions are matched with (`[sdk=iphoneos26*]`): SDKs are not on
    /// this machine, so the current major release is assumed for all platforms.
    static let assumedSDKVersion = "26.0"

    var sdkName: String { rawValue + Self.assumedSDKVersion }

    var deploymentTargetSetting: String {
        switch self {
        case .iphoneos: "IPHONEOS_DEPLOYMENT_TARGET"
        case .macosx: "MACOSX_DEPLOYMENT_TARGET"
        case .appletvos: "TVOS_DEPLOYMENT_TARGET"
        case .watchos: "WATCHOS_DEPLOYMENT_TARGET"
        case .xros: "XROS_DEPLOYMENT_TARGET"
        case .driverkit: "DRIVERKIT_DEPLOYMENT_TARGET"
        }
    }

    /// The SDK's default `SUPPORTED_PLATFORMS`.
    var defaultSupportedPlatforms: String {
        switch self {
        case .iphoneos: "iphonesimulator iphoneos"
        case .macosx: "macosx"
        case .appletvos: "appletvsimulator appletvos"
        case .watchos: "watchsimulator watchos"
        case .xros: "xrsimulator xros"
        case .driverkit: "driverkit"
        }
    }

    /// `PLATFORM_NAME` of the device SDK.
    var platformName: String { rawValue }

    /// The platform of eplint's rules (DriverKit has no Info.plist keys of interest).
    package var lintPlatform: Platform? {
        switch self {
        case .iphoneos: .iOS
        case .macosx: .macOS
        case .appletvos: .tvOS
        case .watchos: .watchOS
        case .xros: .visionOS
        case .driverkit: nil
        }
    }

    static let deploymentTargetSettings = allCases.map(\.deploymentTargetSetting)
}

/// Mac Catalyst: an iOS target built with the macOS SDK. When `MACOSX_DEPLOYMENT_TARGET` is
/// not set, Xcode derives it from `IPHONEOS_DEPLOYMENT_TARGET` through the SDK's iOS→macOS
/// version map: iOS 13.1 is macOS 10.15, iOS 14-18 are macOS 11-15 with the same minor
/// version, and from 26 the numbers are the same.
enum CatalystVersionMap {
    static func macOS(forIOS version: String) -> String? {
        let parts = version.split(separator: ".").map { Int($0) }
        guard let major = parts.first ?? nil, parts.allSatisfy({ $0 != nil }) else { return nil }
        let minor = parts.count > 1 ? parts[1]! : 0
        switch major {
        case ..<13: return nil
        case 13: return "10.15"
        case 14...18: return "\(major - 3).\(minor)"
        default: return version
        }
    }
}
