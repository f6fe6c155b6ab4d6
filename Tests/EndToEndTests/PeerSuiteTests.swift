import Foundation
import TestSupport
import Testing

/// Other people's plist test suites (`shared/corpus/peer-suites`), each file with the verdict
/// Apple's parsers give it (`VERDICTS.tsv`): eplint refuses a file (EP001/EP002) exactly
/// when it is not well-formed XML or both of Apple's parsers refuse it.
@Suite struct PeerSuiteTests {
    static let suites: URL? = SharedData.Item.peerSuites.present.flatMap { suites in
        FileManager.default.fileExists(atPath: suites.appendingPathComponent("VERDICTS.tsv").path) ? suites : nil
    }

    /// Files whose `expected` verdict eplint deliberately does not give, with the reason
    /// (argued in Rules/EP001.md).
    static let exceptions: [String: String] = [
        // xmllint 2.9.14 cannot read UTF-32 (an encoding XML 1.0 does not require), so the
        // table calls the file not well-formed; it is well-formed UTF-32BE with a BOM, and
        // CoreFoundation and swift-foundation both read it, as eplint does.
        "swiftfoundation/0085_bom-utf32be__valid.plist": "accept"
    ]

    @Test(.requires(.peerSuites))
    func everyFileGetsApplesVerdict() throws {
        let suites = try #require(Self.suites)
        let table = try String(contentsOf: suites.appendingPathComponent("VERDICTS.tsv"), encoding: .utf8)
        let rows = table.split(separator: "\n").dropFirst().map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        let header = table.split(separator: "\n").first!.split(separator: "\t").map(String.init)
        let fileColumn = try #require(header.firstIndex(of: "file"))
        let expectedColumn = try #require(header.firstIndex(of: "expected"))
        #expect(rows.count > 300)
        // One run over every file: a refused file is named in EP001/EP002 lines; an accepted
        // one (none has StoreKit keys) in no line at all.
        let run = try Eplint.run(rows.map { $0[fileColumn] }, in: suites)
        #expect(run.standardError == "")
        var named: [String: Set<String>] = [:]
        for line in run.standardOutput.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":"), let rule = line.split(separator: "[").last?.dropLast() else {
                continue
            }
            named[String(line[..<colon]), default: []].insert(String(rule))
        }
        var mismatches: [String] = []
        for row in rows {
            let file = row[fileColumn]
            let rules = named[file] ?? []
            let verdict =
                rules.isEmpty
                ? "accept" : (rules.isSubset(of: ["EP001", "EP002"]) ? "reject" : "findings \(rules.sorted())")
            let expected = Self.exceptions[file] ?? row[expectedColumn]
            if verdict != expected { mismatches.append("\(file): expected \(expected), eplint says \(verdict)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(rows.count):\n\(mismatches.joined(separator: "\n"))")
    }
}
