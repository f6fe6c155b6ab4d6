import BuiltApps
import EplintBase
import EplintRules
import LintEngine
import PlistSyntax
import Reporters

/// The gcc lines eplint prints for `text` saved as `path`.
func lint(
    _ text: String, path: String = "Info.plist", defines: [String: String] = [:], musicStreaming: Bool? = nil,
    entitlements: String? = nil, deploymentTargets: [DeploymentTarget]? = nil, preprocessed: Bool? = nil,
    profile: String? = nil, now: String? = nil, regionData: RegionData? = nil
) -> [String] {
    var configuration = LintConfiguration(buildSettings: BuildSettings(defines), deploymentTargets: deploymentTargets)
    configuration.now = now
    if let regionData { configuration.regionData = regionData }
    // As the command line does: --define values are also the preprocessor's -D definitions.
    configuration.preprocessing.definitions = defines.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    configuration.infoPlistPreprocessed = preprocessed
    if let musicStreaming {
        configuration.musicStreaming = MusicStreaming(
            qualifies: musicStreaming, reason: "--music-streaming \(musicStreaming)")
    }
    let linter = Linter(rules: allRules, configuration: configuration)
    var source = BytesSource(Array(text.utf8))
    // A page's profile that does not read is the page's mistake: said as a line of output, so
    // that a passing example cannot pass without the profile it names.
    var unreadableProfile: String?
    let pairing = { () -> EntitlementsPairing in
        guard let entitlements else { return .none }
        var file = BytesSource(Array(entitlements.utf8))
        let pairing = try! linter.readEntitlements(&file, path: "App.entitlements")
        // Signed entitlements with the profile a built app embeds beside them.
        guard let profile, case .paired(var paired) = pairing else { return pairing }
        let read: ProvisioningProfile
        do { read = try ProvisioningProfile(Array(profile.utf8)) } catch {
            unreadableProfile = "\(error)"
            return pairing
        }
        paired.profile = GrantingProfile(
            path: "embedded.mobileprovision", entitlements: read.entitlements, expirationDate: read.expirationDate)
        return .paired(paired)
    }()
    let result = try! linter.lint(&source, path: path, pairing: pairing)
    let lines = GCCReporter.render(
        markedFixes(result, text: text, path: path, entitlements: entitlements),
        fixable: { $0.fix?.isApplied(allowing: .safe) ?? false }
    ).split(separator: "\n").map(String.init)
    return (unreadableProfile.map { ["the test's profile does not read: \($0)"] } ?? []) + lines
}

/// The findings with their fixes resolved against the texts, as a run resolves them for gcc's
/// `[*]`: none where --fix applies none (a preprocessed or binary file).
private func markedFixes(_ result: FileLintResult, text: String, path: String, entitlements: String?) -> [Diagnostic] {
    guard !result.preprocessed, !result.isBinaryPropertyList else { return result.diagnostics }
    let own = EncodedText(Array(text.utf8))
    let paired = entitlements.flatMap { EncodedText(Array($0.utf8)) }
    return result.diagnostics.map { diagnostic in
        var diagnostic = diagnostic
        let (file, other) = diagnostic.file == path ? (own, paired) : (paired, own)
        diagnostic.fix = diagnostic.fix.flatMap { fix in
            file.flatMap { FixResolution.resolve(fix, in: $0, destination: other) }
        }
        return diagnostic
    }
}

/// Only "LINE:COL ID" of each diagnostic (no notes), for semantics tests.
func findings(
    _ text: String, defines: [String: String] = [:], musicStreaming: Bool? = nil, entitlements: String? = nil,
    deploymentTargets: [DeploymentTarget]? = nil
) -> [String] {
    lint(
        text, defines: defines, musicStreaming: musicStreaming, entitlements: entitlements,
        deploymentTargets: deploymentTargets
    ).compactMap { line in
        guard let idStart = line.lastIndex(of: "["), !line.contains(": note: ") || line.hasSuffix("]") else {
            return nil
        }
        let parts = line.split(separator: ":")
        let file = parts[0] == "Info.plist" ? "" : "\(parts[0]):"
        return "\(file)\(parts[1]):\(parts[2]) \(line[line.index(after: idStart)..<line.index(before: line.endIndex)])"
    }
}

/// A plist whose top-level dict holds `body`, each line of `body` on its own line from line 4.
func plist(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n" + body + "\n</dict>\n</plist>\n"
}
