import Foundation
import Testing

/// `eplint report --history PATH` (files or folders, in the order given; a folder's .json and
/// .jsonl files by name), `report-history:` in `.eplint.yml` (relative to it), and `--tokens FILE`.
@Suite struct ReportHistoryCommandTests {
    static let buy = """
        {"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1706047472367, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
        """
    static let refund = """
        {"requestIdentifier": "b598cbea-c0a8-44cb-bb0e-abb12ed59cb9", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb", "creationDate": 1706047491127, "eventType": "REFUND", "amountTaxInclusive": 2500, "amountTaxExclusive": 2000, "taxAmount": 500, "netAmountTaxExclusive": 6000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"}]}
        """
    static let notFound =
        "report.json:1:474: error: line item 0 ('bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb') references 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa', which is neither in this report nor in the history [EP738]\n"

    func write(_ text: String, _ name: String, in root: URL) throws {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func run(_ arguments: [String], in root: URL) throws -> EplintRun {
        try Eplint.run(
            ["report"] + arguments + ["report.json"], in: root, environment: ["EPLINT_NOW": "2026-01-01T00:00:00Z"])
    }

    @Test func historyFolderIsReadByNameAndHistoryFileFindingsAreReported() throws {
        let root = try Eplint.temporaryDirectory()
        try write(Self.refund, "report.json", in: root)
        // Without a history the refund's buy is not known to be unsent.
        #expect(try run([], in: root).standardOutput.isEmpty)
        // An empty history folder: the buy was never sent.
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("sent"), withIntermediateDirectories: true)
        let empty = try run(["--history", "sent"], in: root)
        #expect(empty.standardOutput == Self.notFound, "\(empty.standardOutput)")
        #expect(empty.status == 1)
        // The buy in the folder (a .jsonl file; a hidden file and a .txt are not read): no finding.
        try write(Self.buy + "\n", "sent/2024-01-23.jsonl", in: root)
        try write("not JSON", "sent/.partial.json", in: root)
        try write("not JSON", "sent/notes.txt", in: root)
        let found = try run(["--history", "sent"], in: root)
        #expect(found.standardOutput.isEmpty && found.status == 0, "\(found.standardOutput)\(found.standardError)")
        // A file of the folder that does not parse is a finding at its place, not a skip.
        try write("{\"requestIdentifier\": ", "sent/2024-01-24.json", in: root)
        let broken = try run(["--history", "sent"], in: root)
        #expect(
            broken.standardOutput
                == "sent/2024-01-24.json:1:23: error: history is not valid JSON: unexpected end of input: expected a JSON value; the rest of this file is not read [EP737]\n",
            "\(broken.standardOutput)")
        // A path that is not there stops the run.
        let missing = try run(["--history", "nowhere"], in: root)
        #expect(
            missing.status == 2 && missing.standardError.contains("--history 'nowhere'"), "\(missing.standardError)")
    }

    @Test func historyFilesAreTakenInTheOrderGiven() throws {
        let root = try Eplint.temporaryDirectory()
        let second = Self.refund.replacingOccurrences(of: "b598cbea", with: "c598cbea").replacingOccurrences(
            of: "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb", with: "eeeeeeee-eeee-eeee-eeee-eeeeeeeeeeee")
        try write(second, "report.json", in: root)
        try write(Self.buy, "b-buy.json", in: root)
        try write(Self.refund, "a-refund.json", in: root)
        // The first refund, sent after the buy, counts: the second one subtracts both.
        let ordered = try run(["--history", "b-buy.json", "--history", "a-refund.json"], in: root)
        #expect(
            ordered.standardOutput
                == "report.json:1:370: error: netAmountTaxExclusive 6000 of line item 0 ('eeeeeeee-eeee-eeee-eeee-eeeeeeeeeeee') is not 4000, the buy's amountTaxExclusive 8000 minus 4000 refunded [EP739]\n",
            "\(ordered.standardOutput)")
        // Given the other way round, the refund came before its buy was known: it counts toward nothing.
        let reversed = try run(["--history", "a-refund.json", "--history", "b-buy.json"], in: root)
        #expect(reversed.standardOutput.isEmpty, "\(reversed.standardOutput)")
        // A folder is read by file name: the buy (1-…) before the refund (2-…).
        try write(Self.buy, "sent/1-buy.json", in: root)
        try write(Self.refund, "sent/2-refund.json", in: root)
        #expect(try run(["--history", "sent"], in: root).standardOutput == ordered.standardOutput)
    }

    @Test func configurationNamesTheHistoryRelativeToItself() throws {
        let root = try Eplint.temporaryDirectory()
        try write(Self.refund, "server/report.json", in: root)
        try write("report-history: sent\n", "server/.eplint.yml", in: root)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("server/sent"), withIntermediateDirectories: true)
        let server = root.appendingPathComponent("server")
        #expect(try run([], in: server).standardOutput == Self.notFound)
        try write("[" + Self.buy + "]", "server/sent/1.json", in: root)
        #expect(try run([], in: server).standardOutput.isEmpty)
        // Findings in the configuration's history files name them relative to here.
        try write("[" + Self.buy + ", 1]", "server/sent/1.json", in: root)
        #expect(
            try run([], in: server).standardOutput
                == "sent/1.json:1:\(Self.buy.utf8.count + 4): error: each report of the history must be an object, not an integer [EP737]\n"
        )
    }

    /// `report-history:` comes from the repository: a file or folder it names outside the run's
    /// roots (here, the checkout's parent; also through a link) is a finding naming it, never read.
    @Test func aConfigurationsHistoryOutsideTheRootsIsNotRead() throws {
        let root = try Eplint.temporaryDirectory()
        let canary = "CANARY-HISTORY-7f3a"
        try write("{\"requestIdentifier\": \"\(canary)\"", "outside/sent.jsonl", in: root)
        try write("{\"requestIdentifier\": \"\(canary)\"", "outside/folder/1.json", in: root)
        try write(Self.refund, "checkout/report.json", in: root)
        let checkout = root.appendingPathComponent("checkout")
        try FileManager.default.createSymbolicLink(
            at: checkout.appendingPathComponent("linked.jsonl"),
            withDestinationURL: root.appendingPathComponent("outside/sent.jsonl"))
        for named in ["../outside/sent.jsonl", "../outside/folder", "linked.jsonl"] {
            try write("report-history: [\(named)]\n", "checkout/.eplint.yml", in: root)
            let outcome = try run([], in: checkout)
            #expect(!(outcome.standardOutput + outcome.standardError).contains(canary), "\(named)")
            #expect(outcome.standardOutput.contains("not followed"), "\(named): \(outcome.standardOutput)")
            #expect(outcome.standardOutput.contains("[EP737]"))
            #expect(outcome.status == 1)
        }
        // The same file typed with --history is the user's own: read.
        let typed = try run(["--history", "../outside/sent.jsonl"], in: checkout)
        #expect(typed.standardOutput.contains("history is not valid JSON"), "\(typed.standardOutput)")
    }

    @Test func tokensFromFilesAreMatchedByExternalPurchaseId() throws {
        let root = try Eplint.temporaryDirectory()
        try write(Self.buy, "report.json", in: root)
        func token(_ id: String, created: Int64) throws -> String {
            let fields: [String: Any] = [
                "appAppleId": 1_234_567_890, "bundleId": "com.example", "tokenCreationDate": created,
                "externalPurchaseId": id,
            ]
            return try JSONSerialization.data(withJSONObject: fields, options: .sortedKeys).base64EncodedString()
        }
        let others = try (0..<50).map { try token("0000000\($0 % 10)-0000-0000-0000-0000000000\($0 + 10)", created: 1) }
        // The buy's token was created after the buy: LineItemCreationDateOutOfRangeError (EP723).
        try write(
            (others + [try token("2924c319-5205-4188-831a-1ca2c00326b4", created: 1_706_047_480_000)]).joined(
                separator: "\n") + "\n", "tokens.txt", in: root)
        let lines = try run(["--tokens", "tokens.txt"], in: root)
        #expect(lines.standardOutput.contains("is before the token was created"), "\(lines.standardOutput)")
        try write(
            "[\"" + (try token("2924c319-5205-4188-831a-1ca2c00326b4", created: 1_706_000_000_000)) + "\"]",
            "tokens.json", in: root)
        let json = try run(["--tokens", "tokens.json"], in: root)
        #expect(json.standardOutput.isEmpty && json.status == 0, "\(json.standardOutput)\(json.standardError)")
        try write("not a token\n", "bad.txt", in: root)
        let bad = try run(["--tokens", "bad.txt"], in: root)
        #expect(bad.status == 2 && bad.standardError.hasPrefix("error: eplint: --tokens 'bad.txt':1: "))
    }
}
