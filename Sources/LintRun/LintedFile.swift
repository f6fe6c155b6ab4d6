import LintEngine

/// What a run lints of a file named to it: a property list (Info.plists among them), an
/// entitlements file (`FileKind`), or Expo's configuration. The language server opens, watches
/// and offers actions by it, so it knows file kinds as the run does.
package enum LintedFile: Sendable, Equatable {
    case propertyList, entitlements, expoConfiguration

    /// nil for a file a run does not lint.
    package init?(path: String) {
        let name = ExpoConfig.fileName(path)
        if FileKind(path: path) == .entitlements {
            self = .entitlements
        } else if FileKind.isPropertyList(path) {
            self = .propertyList
        } else if ExpoConfig.fileNames.contains(name) {
            self = .expoConfiguration
        } else {
            return nil
        }
    }
}
