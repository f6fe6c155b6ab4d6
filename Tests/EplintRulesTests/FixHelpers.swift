import EplintBase
import EplintRules
import Foundation
import LintEngine
import Testing

/// `body`'s value; a thrown error is the test's failure, not an empty list of findings (reading
/// memory cannot fail, so a throw is a bug a test must show: issue 46).
func recordingFailure<T>(_ empty: T, _ body: () throws -> T) -> T {
    do { return try body() } catch {
        Issue.record(error, "linting threw")
        return empty
    }
}

/// `bytes` saved as `path`, fixed as `eplint --fix` (and `--unsafe-fixes` when `allowing` is
/// `.unsafe`) fixes it, with every finding reported.
func fixOutcome(
    _ bytes: [UInt8], path: String = "Info.plist", allowing: FixApplicability,
    configuration: LintConfiguration = LintConfiguration()
) -> FileFixer.Outcome {
    let linter = Linter(rules: allRules, configuration: configuration)
    func lintBytes(_ text: [UInt8]) -> [Diagnostic]? {
        var source = BytesSource(text)
        return (try? linter.lint(&source, path: path)).flatMap { FileFixer.parsed($0.diagnostics) }
    }
    let findings = recordingFailure([]) { () throws -> [Diagnostic] in
        var source = BytesSource(bytes)
        return FileFixer.parsed(try linter.lint(&source, path: path).diagnostics) ?? []
    }
    return FileFixer.fix(
        bytes, file: path, findings: findings, allowing: allowing,
        isReported: { $0.map { _ in true } }, relint: lintBytes)
}

/// The findings eplint reports for `bytes`.
func diagnostics(_ bytes: [UInt8], path: String = "Info.plist", configuration: LintConfiguration = LintConfiguration())
    -> [Diagnostic]
{
    var source = BytesSource(bytes)
    return recordingFailure([]) {
        try Linter(rules: allRules, configuration: configuration).lint(&source, path: path).diagnostics
    }
}

/// One way of storing a plist's text: an encoding (with or without a byte-order mark) and a line end.
struct Storage: CustomStringConvertible, Sendable {
    enum Encoding: String, CaseIterable, Sendable {
        case utf8, utf8BOM, utf16LE, utf16BE, utf16LENoBOM, utf32LE, utf32BE, latin1
    }
    var encoding: Encoding
    var lineEnd: String

    static let all: [Storage] = Encoding.allCases.flatMap { encoding in
        ["\n", "\r\n", "\r"].map { Storage(encoding: encoding, lineEnd: $0) }
    }

    var description: String { "\(encoding.rawValue) \(lineEnd == "\n" ? "LF" : lineEnd == "\r" ? "CR" : "CRLF")" }

    /// `text` (LF line ends, declared UTF-8) stored this way: the declaration names the encoding.
    func bytes(_ text: String) -> [UInt8] {
        let lines = text.replacingOccurrences(of: "\n", with: lineEnd)
        func declared(_ name: String) -> String {
            lines.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"\(name)\"")
        }
        switch encoding {
        case .utf8: return Array(lines.utf8)
        case .utf8BOM: return [0xEF, 0xBB, 0xBF] + Array(lines.utf8)
        case .utf16LE: return [0xFF, 0xFE] + Array(declared("UTF-16").data(using: .utf16LittleEndian)!)
        case .utf16BE: return [0xFE, 0xFF] + Array(declared("UTF-16").data(using: .utf16BigEndian)!)
        case .utf16LENoBOM: return Array(declared("UTF-16").data(using: .utf16LittleEndian)!)
        case .utf32LE: return [0xFF, 0xFE, 0x00, 0x00] + Array(declared("UTF-32").data(using: .utf32LittleEndian)!)
        case .utf32BE: return [0x00, 0x00, 0xFE, 0xFF] + Array(declared("UTF-32").data(using: .utf32BigEndian)!)
        case .latin1: return Array(declared("ISO-8859-1").data(using: .isoLatin1)!)
        }
    }
}

/// `infoPlist` saved as `Info.plist` beside `entitlements` saved as `App.entitlements` (its
/// paired file), with the moves between them made as `eplint --fix` makes them.
func moveOutcome(_ infoPlist: [UInt8], _ entitlements: [UInt8], allowing: FixApplicability) -> PairFixer.Outcome {
    let pair = (infoPlist: "Info.plist", entitlements: "App.entitlements")
    func lintPair(_ info: [UInt8], _ paired: [UInt8]) -> [Diagnostic]? {
        var pairedSource = BytesSource(paired)
        guard
            let pairing = try? Linter(rules: allRules, configuration: LintConfiguration()).readEntitlements(
                &pairedSource, path: pair.entitlements),
            case .paired = pairing
        else { return nil }
        var source = BytesSource(info)
        return
            (try? Linter(rules: allRules, configuration: LintConfiguration()).lint(
                &source, path: pair.infoPlist, pairing: pairing))
            .flatMap { FileFixer.parsed($0.diagnostics) }
    }
    return PairFixer.fix(
        infoPlist: (pair.infoPlist, infoPlist), entitlements: (pair.entitlements, entitlements),
        findings: lintPair(infoPlist, entitlements) ?? [], allowing: allowing,
        isReported: { $0.map { _ in true } }, relint: lintPair)
}

/// The findings eplint reports for `infoPlist` paired with `entitlements` (`App.entitlements`).
func pairedDiagnostics(_ infoPlist: [UInt8], _ entitlements: [UInt8]) -> [Diagnostic] {
    var pairedSource = BytesSource(entitlements)
    var source = BytesSource(infoPlist)
    return recordingFailure([]) {
        let linter = Linter(rules: allRules, configuration: LintConfiguration())
        let pairing = try linter.readEntitlements(&pairedSource, path: "App.entitlements")
        return try linter.lint(&source, path: "Info.plist", pairing: pairing).diagnostics
    }
}
