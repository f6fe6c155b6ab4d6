import LintEngine
import Reporters
import ServerSide
import Signatures

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The roots and the signed header of `EPLINT_FUZZ_JWS_FILES` (a folder scripts/fuzz/run.sh
/// writes: `root.pem`, a chain's root, and `header.txt`, a Base64URL JWS header whose x5c is
/// that chain), read once: the signature path runs on chains that verify, not only on garbage.
let fuzzSigning: (roots: [TrustedRoot], header: String?) = {
    guard let folder = getenv("EPLINT_FUZZ_JWS_FILES").map({ String(cString: $0) }) else { return ([], nil) }
    func read(_ name: String) -> [UInt8]? {
        guard let file = fopen(folder + "/" + name, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }
    let roots = read("root.pem").flatMap { try? RootCertificateFile.roots($0, name: "root.pem").get() } ?? []
    let header = read("header.txt").map { String(decoding: $0.filter { $0 > 0x20 }, as: UTF8.self) }
    return (roots, header)
}()

/// Base64URL without padding (the harness writes JWS parts; eplint only decodes them).
func base64URL(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
        let chunk = bytes[index..<min(index + 3, bytes.count)]
        let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
        for sextet in 0...chunk.count { output.append(alphabet[Int(value >> (18 - 6 * UInt32(sextet)) & 63)]) }
        index += 3
    }
    return String(decoding: output, as: UTF8.self)
}

/// The server's options an input's first byte picks: each environment, or none, and a bundle ID.
func fuzzServerOptions(_ bytes: [UInt8]) -> ServerOptions {
    let selector = Int(bytes.first ?? 0)
    let environments: [ServerOptions.Environment?] = [nil] + ServerOptions.Environment.allCases
    var options = ServerOptions(
        bundleID: selector & 8 == 0 ? "com.example" : nil, appAppleID: selector & 16 == 0 ? 1234 : nil,
        environment: environments[selector % environments.count], now: 1_767_225_600_000)
    options.rootCertificates = fuzzSigning.roots
    return options
}

/// EPLINT_FUZZ_MODE=jws: the input as a notification file (a compact JWS alone, or JSON with a
/// `signedPayload` or nested signed transactions), and as the payload of a JWS under the
/// fuzzing chain's header (signature checked, payload checked as a notification).
func fuzzSignedPayloads(_ bytes: [UInt8]) {
    let linter = ServerLinter(options: fuzzServerOptions(bytes))
    var diagnostics = linter.lintDocument(bytes, file: "notification.json", kind: .notification)
    if let header = fuzzSigning.header {
        let jws = header + "." + base64URL(bytes) + "." + base64URL(Array(bytes.suffix(64)))
        diagnostics += linter.lintDocument(Array(jws.utf8), file: "signed.jws", kind: .notification)
    }
    renderServerFindings(diagnostics, bytes)
}

/// EPLINT_FUZZ_MODE=report: lines before the first empty line are `--token` values, the rest a
/// report body checked against the tokens that decode (as `eplint report --token`).
func fuzzReportWithTokens(_ bytes: [UInt8]) {
    var split = bytes.count
    for index in bytes.indices.dropFirst() where bytes[index] == 0x0A && bytes[index - 1] == 0x0A {
        split = index
        break
    }
    var options = fuzzServerOptions(bytes)
    var diagnostics: [Diagnostic] = []
    for token in ServerLinter.tokenLines(String(decoding: bytes[..<split], as: UTF8.self)) {
        if case .success(let decoded) = ServerLinter.decodeToken(token.text) { options.tokens.append(decoded) }
    }
    let linter = ServerLinter(options: options)
    diagnostics += linter.lintDocument(Array(bytes[min(split + 1, bytes.count)...]), file: "report.json", kind: .report)
    renderServerFindings(diagnostics, bytes)
}

/// Every format (one in 32 inputs) or the input's own, as for the plist path.
func renderServerFindings(_ diagnostics: [Diagnostic], _ bytes: [UInt8]) {
    let fired = Set(diagnostics.map(\.rule))
    let report = RunReport(
        toolVersion: "fuzz", rules: RuleCatalog.all.filter { fired.contains($0.id) }, diagnostics: diagnostics,
        fileCount: 1, failures: [], sourceRoot: "/work", workingDirectory: "/work")
    Sample(bytes).render(report, presentation: .plain)
}
