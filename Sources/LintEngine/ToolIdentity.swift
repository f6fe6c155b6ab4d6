/// Who eplint is, in one place: its version (what `eplint --version` and reports say) and its
/// repository (SARIF's links, the configuration schema's `$id`, the README).
package enum ToolIdentity {
    /// The release's version, without the tag's `v`. scripts/release.sh sets it from the tag
    /// (`v1.2.3` → `1.2.3`) before building, and checks `eplint --version` against the tag.
    package static let version = "0.1.0"

    /// Whether this build was made from its version's release tag: scripts/release.sh sets it
    /// when it builds a tag (or `$EPLINT_VERSION`). Any other build may predate the tag, or be
    /// ahead of it, so its links name the default branch.
    package static let fromReleaseTag = false

    package static let repository = "https://github.com/eplint/eplint"

    /// The release tag of a version, which releases, SARIF rule links and the plugins package name.
    package static func tag(of version: String) -> String { "v" + version }

    /// What a link to the repository names: the tag in a build made from this version's tag,
    /// else `main` (no tag may exist yet, and a build from a branch is not the tag's).
    package static func reference(for version: String, fromReleaseTag: Bool = fromReleaseTag) -> String {
        fromReleaseTag && version == Self.version ? tag(of: version) : "main"
    }

    /// A file of the repository as a web page: at `version`'s tag in a release build, else on `main`.
    package static func page(_ path: String, at version: String = version) -> String {
        "\(repository)/blob/\(reference(for: version))/\(path)"
    }

    /// A file of the repository that tools can fetch (the configuration schema's `$id`), from
    /// the default branch: an editor's modeline keeps working across releases.
    static func rawFile(_ path: String) -> String {
        "https://raw.githubusercontent.com/" + repository.dropFirst("https://github.com/".count) + "/main/" + path
    }
}
