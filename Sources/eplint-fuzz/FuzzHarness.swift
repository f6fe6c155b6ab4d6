import EplintBase
import EplintRules
import LintEngine
import PlistSyntax
import Reporters
import ServerSide

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// EPLINT_FUZZ_MODE: unset, the whole path, with the expensive cross-checks on a sample of
/// inputs (`Sample`); `all`, every check on every input; `comments`, the comment-cutting
/// cross-check on every input; `structure`, inputs built from a recipe (`lintStructure`); `lsp`,
/// the input as a language server's client writes it (`fuzzLanguageServer`); `jws`, signed
/// notifications under a chain (`fuzzSignedPayloads`); `report`, a report with `--token`s
/// (`fuzzReportWithTokens`); `xcconfig`, xcconfig files and their settings (`fuzzXCConfig`).
let fuzzMode = getenv("EPLINT_FUZZ_MODE").map { String(cString: $0) } ?? ""

/// One input in the mode chosen.
func fuzz(_ bytes: [UInt8]) {
    switch fuzzMode {
    case "structure": lintStructure(bytes)
    case "lsp": fuzzLanguageServer(bytes)
    case "jws": fuzzSignedPayloads(bytes)
    case "report": fuzzReportWithTokens(bytes)
    case "xcconfig": fuzzXCConfig(bytes)
    default: lintEverything(bytes)
    }
}

/// One input through everything a pull request's plist goes through. The first byte picks
/// how: as an Info.plist, as its entitlements file, or with build settings and streaming.
/// With bit 64 (`{`, `[` and Base64 letters have it) it also goes through the server side;
/// with bit 32 (`<` has it), its comments are made long and cut (`checkCommentCutting`) on a sample.
func lintEverything(_ bytes: [UInt8]) {
    let mode = bytes.first ?? 0
    let sample = Sample(bytes)
    if mode & 64 != 0 { lintServerSide(bytes, sample: sample) }
    if mode & 32 != 0 && sample.cutsComments { checkCommentCutting(bytes) }
    checkBuiltAppReaders(bytes)
    var configuration = LintConfiguration(
        buildSettings: BuildSettings(mode & 1 == 0 ? [:] : ["REGION": "nl", "URL": "https://x.com/?a"]))
    if mode & 2 != 0 { configuration.musicStreaming = MusicStreaming(qualifies: true, reason: "fuzz") }
    if mode & 4 != 0 {
        configuration.deploymentTargets = [DeploymentTarget(platform: .iOS, version: Version("16.0")!, source: "fuzz")]
    }
    // Every reporter runs, the markdown one with what the file declares.
    let linter = Linter(rules: allRules, configuration: configuration, declaresRegions: true)
    let infoPlist = Array(
        "<plist><dict><key>SKExternalPurchaseLink</key><dict><key>nl</key><string>https://a.com/</string></dict></dict></plist>"
            .utf8)
    var source = BytesSource(mode & 8 == 0 ? bytes : infoPlist)
    // Reading memory cannot fail.
    guard
        let result = try? linter.lint(
            &source, path: mode & 16 == 0 ? "App/Info.plist" : "Settings.plist",
            pairing: {
                guard mode & 8 != 0 else { return .none }
                var entitlements = BytesSource(bytes)
                return (try? linter.readEntitlements(&entitlements, path: "App/App.entitlements")) ?? .none
            }())
    else { return }
    var diagnostics = result.diagnostics
    if mode & 8 == 0 {
        fixEverything(
            bytes, result.diagnostics, linter: linter, path: mode & 16 == 0 ? "App/Info.plist" : "Settings.plist")
        // The reporters then write the fixes' edits too.
        if let text = EncodedText(bytes) {
            FixResolution.resolve(&diagnostics, file: mode & 16 == 0 ? "App/Info.plist" : "Settings.plist", text: text)
        }
    }
    if let text = PlistParser.decodedText(bytes) {
        // The source lines the executable shows (SourceExcerpts: lines end at LF, CR or CRLF).
        let lines = LineTable(text)
        for index in diagnostics.indices where (1...lines.starts.count).contains(diagnostics[index].range.start.line) {
            diagnostics[index].sourceLine = String(
                decoding: text[lines.range(ofLine: diagnostics[index].range.start.line)], as: UTF8.self)
        }
    }
    // The rules that fired (not all 29 pages per input): the same code, far fewer bytes.
    let fired = Set(diagnostics.map(\.rule))
    let report = RunReport(
        toolVersion: "fuzz", rules: RuleCatalog.all.filter { fired.contains($0.id) }, diagnostics: diagnostics,
        fileCount: 1, failures: [], sourceRoot: "/work", workingDirectory: "/work")
    sample.render(report, presentation: TerminalPresentation(colour: true, showSource: true))
}

/// `--fix --unsafe-fixes` on the input: it must not crash, and what it applies brings no new finding.
func fixEverything(_ bytes: [UInt8], _ diagnostics: [Diagnostic], linter: Linter, path: String) {
    guard diagnostics.contains(where: { $0.fix?.proposesEdits ?? false }) else { return }
    let outcome = FileFixer.fix(
        bytes, file: path, findings: diagnostics, allowing: .unsafe, isReported: { $0.map { _ in true } },
        relint: { text in
            var source = BytesSource(text)
            return (try? linter.lint(&source, path: path)).flatMap { FileFixer.parsed($0.diagnostics) }
        })
    // The fixes applied passed the checks together, whatever was refused.
    precondition(
        FileFixer.unexpected(outcome.findings, before: diagnostics, fixed: outcome.fixed) == nil,
        "fixes applied with what they were refused for")
    precondition(outcome.changed || outcome.bytes == bytes, "bytes changed without a fix")
}

/// The JSON reader and the token decoder on the same bytes: as a report file, as a
/// notification file, and each line as a token; positions must lie inside the input.
func lintServerSide(_ bytes: [UInt8], sample: Sample) {
    let read = JSONReader.read(bytes)
    if let error = read.error { precondition(error.position.offset <= bytes.count, "error position beyond the input") }
    if let root = read.root {
        precondition(
            root.range.end.offset <= bytes.count && root.range.start <= root.range.end, "root range outside the input")
    }
    var diagnostics: [Diagnostic] = []
    let linter = ServerLinter(options: ServerOptions(bundleID: "com.example", environment: .production))
    diagnostics += linter.lintDocument(bytes, file: "report.json", kind: .report)
    diagnostics += linter.lintDocument(bytes, file: "notification.json", kind: .notification)
    for token in ServerLinter.tokenLines(String(decoding: bytes, as: UTF8.self)) {
        diagnostics += linter.lintToken(token.text, file: "<stdin>", range: token.range).diagnostics
    }
    let fired = Set(diagnostics.map(\.rule))
    let report = RunReport(
        toolVersion: "fuzz", rules: RuleCatalog.all.filter { fired.contains($0.id) }, diagnostics: diagnostics,
        fileCount: 1, failures: [], sourceRoot: "/work", workingDirectory: "/work")
    sample.render(report, presentation: .plain)
}

#if EPLINT_FUZZ
    /// libFuzzer's documented entry for programs that own `main`.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    /// libFuzzer's per-input callback.
    @_cdecl("LLVMFuzzerTestOneInput")
    package func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        fuzz(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }

    /// SwiftPM links an executable against `<module>_main`: here it starts libFuzzer.
    @_cdecl("eplint_fuzz_main")
    func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
        var count = argc
        var arguments = argv
        return runFuzzerDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
    }
#else
    /// Without libFuzzer: run each file given through the same path (to reproduce a finding).
    @main
    struct Reproduce {
        static func main() {
            for path in CommandLine.arguments.dropFirst() {
                guard let file = fopen(path, "rb") else { continue }
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = fread(&buffer, 1, buffer.count, file)
                    if count == 0 { break }
                    bytes += buffer[0..<count]
                }
                fclose(file)
                fuzz(bytes)
                print("ok \(path)")
            }
        }
    }
#endif
