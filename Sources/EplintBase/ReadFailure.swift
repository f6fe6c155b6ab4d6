/// Reading the input failed: the run cannot lint this file.
package struct ReadFailure: Error, Sendable, Equatable {
    /// Why opening the file failed, where that decides what a caller does with it.
    package enum Cause: Sendable, Equatable {
        /// Nothing is there (ENOENT, ENOTDIR): a file looked for may simply not exist.
        case absent
        /// Permission denied (EACCES, EPERM): on macOS, most often Xcode's user-script sandboxing.
        case denied
        case other
    }

    package var reason: String
    package var cause: Cause

    package init(reason: String, cause: Cause = .other) {
        self.reason = reason
        self.cause = cause
    }
}
