import Foundation
import LintRun
import TestSupport
import Testing

/// `--verbose` says what it decides per input in input order, whatever order the files are
/// linted in on several threads.
@Suite struct VerboseOrderTests {
    /// 40 folders, each an Info.plist beside its entitlements file, the Info.plists of uneven
    /// sizes (a few entries to some hundreds) so that they finish in another order than given.
    static func folders() throws -> URL {
        var files: [String: String] = [:]
        for index in 0..<40 {
            let padding = (0..<((index * 7919) % 13 * 60)).map { "\t<key>Key\($0)</key>\n\t<string>v</string>\n" }
            files["F\(index)/Info.plist"] = FixRunTests.plist(
                padding.joined()
                    + "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>NL</key>\n"
                    + "\t\t<string>https://example.com/nl</string>\n\t</dict>\n")
            files["F\(index)/App.entitlements"] = FixRunTests.plist(
                "\t<key>com.apple.developer.storekit.external-purchase-link</key>\n\t<true/>\n")
        }
        return try FixRunTests.folder(with: files)
    }

    @Test func pairingNotesComeInInputOrderInEveryRun() throws {
        let folder = try Self.folders()
        var orders: [[String]] = []
        for _ in 0..<5 {
            let host = TestHost(workingDirectory: folder)
            let outcome = try LintRun.run(
                FixRunTests.options([folder.path], fix: false) { $0.plan.verbose = true }, host: host)
            let pairings = host.notes.filter { $0.contains(" pairs with ") }
            #expect(pairings.count == 40)
            // The order of the report, one EP101 per Info.plist, is the order of the inputs.
            let reported = outcome.report.diagnostics.map(\.file)
            #expect(reported.count == 40)
            #expect(
                pairings.map { $0.components(separatedBy: " pairs with ")[0] }
                    == reported.map { "eplint: \($0)" })
            orders.append(pairings)
        }
        #expect(Set(orders).count == 1)
    }
}
