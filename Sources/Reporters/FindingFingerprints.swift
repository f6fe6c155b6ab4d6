import LintEngine

/// A finding's fingerprint, shared by the formats that track findings across runs (SARIF's
/// `partialFingerprints`, GitLab's `fingerprint`): its `Diagnostic.StableIdentity` (rule, key
/// path and value, as a baseline entry has it), never the line, so it is stable when lines
/// move. Repeats of the same triple in a file are numbered in document order. Unique within a file; formats that need it unique across files add the path.
enum FindingFingerprints {
    static func of(_ diagnostics: [Diagnostic]) -> [String] {
        var seen: [String: [Diagnostic.StableIdentity: Int]] = [:]
        return diagnostics.map { diagnostic in
            let finding = diagnostic.stableIdentity
            let occurrence = seen[diagnostic.file, default: [:]][finding, default: 0]
            seen[diagnostic.file, default: [:]][finding] = occurrence + 1
            return fnv1a([finding.rule, finding.keyPath, finding.value, String(occurrence)].joined(separator: "\u{0}"))
        }
    }

    /// FNV-1a, 64 bits, as 16 hex digits: the same on every platform and run.
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
