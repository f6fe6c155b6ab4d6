/// A configuration that cannot be used: the run fails (exit 2) with this message, which
/// names the file, the line and the key.
package struct ConfigurationError: Error, Sendable, Equatable {
    package var message: String
    package init(_ message: String) { self.message = message }
}
