/// Reading the input failed: the run cannot lint this file.
public struct ReadFailure: Error, Sendable, Equatable {
    /// Why opening the file failed, where that decides what a caller does with it.
    public enum Cause: Sendable, Equatable {
        /// Nothing is there (ENOENT, ENOTDIR): a file looked for may simply not exist.
        case absent
        /// Permission denied (EACCES, EPERM): on macOS, most often Xcode's user-script sandboxing.
        case denied
        case other
    }

    public var reason: String
    public var cause: Cause

    public init(reason: String, cause: Cause = .other) {
        self.reason = reason
        self.cause = cause
    }
}
