import LintRun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reports, documents and listings: a write that fails (a full disk, `/dev/full`, an I/O error)
/// is the run's failure, never a silent loss. A closed pipe (`| head`) ends the process by
/// SIGPIPE before write(2) returns, quietly, as for any Unix filter.
func writeStandardOutput(_ text: String, _ what: String? = nil) throws(RunFailure) {
    try writeStandardOutput(bytes: Array(text.utf8), what)
}

/// `what` names the text in the failure's message: "the report", "the fixed document".
func writeStandardOutput(bytes: [UInt8], _ what: String? = nil) throws(RunFailure) {
    guard let failure = writeAll(bytes[...], to: 1) else { return }
    let reason = String(cString: strerror(failure))
    throw RunFailure(message: "cannot write \(what.map { $0 + " " } ?? "")to standard output: \(reason)")
}

/// Messages: where a write fails there is nowhere left to say so.
func writeStandardError(_ text: String) { _ = writeAll(Array(text.utf8)[...], to: 2) }
