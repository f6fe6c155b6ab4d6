import EplintBase

/// The build settings one lint looked up by name, found or not (`BuildSettings.reads`): its
/// findings hold in any context that agrees on these (issue 45).
final class BuildSettingReads: @unchecked Sendable {
    private let lock = RunLock()
    private var read: Set<String> = []

    func add(_ name: String) { lock.held { _ = read.insert(name) } }

    var names: Set<String> { lock.held { read } }
}
