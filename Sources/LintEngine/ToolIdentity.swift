/// Who eplint is, in one place: its version (what `eplint --version` and reports say) and its
/// repository (SARIF's links, the configuration schema's `$id`, the README).
package enum ToolIdentity {
    /// The release's version, without the tag's `v`. scripts/release.sh sets it from the tag
    /// (`v1.2.3` → `1.2.3`) before building, and checks `eplint --version` against the tag.
    package static let version = "0.1.0"

    package static let repository = "https://github.com/eplint/eplint"

    /// The release tag of a version, which releases, SARIF rule links and the plugins package name.
    package static func tag(of version: String) -> String { "v" + version }

    /// A file of the repository as a web page at `version`'s tag.
    package static func page(_ path: String, at version: String = version) -> String {
        "\(repository)/blob/\(tag(of: version))/\(path)"
    }

    /// A file of the repository that tools can fetch (the configuration schema's `$id`), from
    /// the default branch: an editor's modeline keeps working across releases.
    package static func rawFile(_ path: String) -> String {
        "https://raw.githubusercontent.com/" + repository.dropFirst("https://github.com/".count) + "/main/" + path
    }
}
