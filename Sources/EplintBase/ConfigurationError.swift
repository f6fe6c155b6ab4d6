/// A configuration that cannot be used: the run fails (exit 2) with this message, which
/// names the file, the line and the key.
public struct ConfigurationError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
