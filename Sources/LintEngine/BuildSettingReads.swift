/// The build settings one lint looked up by name, found or not (`BuildSettings.reads`): its
/// findings hold in any context that agrees on these (issue 45). Made by one call of the
/// linter and used only on the thread that runs it, so it holds no lock (a run lints 10,000
/// files with one each).
final class BuildSettingReads: @unchecked Sendable {
    private(set) var names: Set<String> = []

    func add(_ name: String) { names.insert(name) }
}
