import Foundation
import LintEngine
import TestSupport
import Testing

/// Idempotence and safety of `--fix` over generated Info.plists: upper-case and repeated
/// regions, a near-miss MultiLink key, http links, queries, repeated links and the retired
/// `us`, laid out with varied indentation, shared lines and comments, in every encoding and
/// line end. The generator knows the values each plist must have once fixed.
@Suite struct FixGeneratedTests {
    static let seeds = Array(0..<50)
    static let pool = ["at", "be", "de", "dk", "es", "fi", "fr", "ie", "it", "nl", "pl", "pt", "se"]

    struct Generated {
        var text: String
        /// The values Foundation must read once fixed, safe fixes only and with the unsafe ones.
        var safe: NSDictionary
        var unsafe: NSDictionary
        /// A renamed MultiLink key shows findings only unsafe fixes repair: safe fixes alone
        /// would leave new findings, so the rename (EP005) is refused and its links stay as
        /// written; the other safe fixes are applied.
        var refusedWhenSafe: Bool
    }

    static func generate(seed: Int) -> Generated {
        var random = SplitMix64(seed: 0xF1_0000 + UInt64(seed))
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        let indent = ["\t", "  ", "    "].randomElement(using: &random)!
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">",
            "<plist version=\"1.0\">", "<dict>",
        ]
        func comment(_ depth: Int) {
            if chance(15) {
                lines.append(String(repeating: indent, count: depth) + "<!-- note \(chance(50) ? "é" : "x") -->")
            }
        }
        /// Elements at `depth`, some two to a line.
        func elements(_ items: [String], depth: Int) {
            var index = 0
            while index < items.count {
                comment(depth)
                if index + 1 < items.count && chance(15) {
                    lines.append(String(repeating: indent, count: depth) + items[index] + " " + items[index + 1])
                    index += 2
                } else {
                    lines.append(String(repeating: indent, count: depth) + items[index])
                    index += 1
                }
            }
        }

        var written: [String] = []
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            if !written.isEmpty && chance(30) {
                written.append(
                    chance(50)
                        ? written.randomElement(using: &random)!.uppercased() : written.randomElement(using: &random)!)
            } else {
                let region = pool.randomElement(using: &random)!
                written.append(
                    chance(40)
                        ? (chance(50) ? region.uppercased() : region.prefix(1).uppercased() + region.dropFirst())
                        : region)
            }
        }
        var regions: [String] = []
        for region in written.map({ $0.lowercased() }) where !regions.contains(region) { regions.append(region) }
        lines.append(indent + "<key>SKExternalPurchase</key>")
        lines.append(indent + "<array>")
        elements(written.map { "<string>\($0)</string>" }, depth: 2)
        lines.append(indent + "</array>")

        let multiLinkKey = chance(25) ? "SKExternalPurchaseMultilink" : "SKExternalPurchaseMultiLink"
        var multiLinkRegions = Array(pool.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)))
        if chance(20) { multiLinkRegions.insert("us", at: Int.random(in: 0...multiLinkRegions.count, using: &random)) }
        var writtenLinks: [String: [String]] = [:]
        var safeLinks: [String: [String]] = [:]
        var unsafeLinks: [String: [String]] = [:]
        comment(1)
        lines.append(indent + "<key>\(multiLinkKey)</key>")
        lines.append(indent + "<dict>")
        for region in multiLinkRegions {
            var links: [String] = []
            for number in 0..<Int.random(in: 1...4, using: &random) {
                if !links.isEmpty && chance(20) {
                    links.append(links.randomElement(using: &random)!)
                    continue
                }
                links.append(
                    "\(chance(20) ? "http" : "https")://example.com/\(region)/\(number)\(chance(20) ? "?utm=\(number)" : "")"
                )
            }
            comment(2)
            lines.append(String(repeating: indent, count: 2) + "<key>\(region)</key>")
            lines.append(String(repeating: indent, count: 2) + "<array>")
            elements(links.map { "<string>\($0)</string>" }, depth: 3)
            lines.append(String(repeating: indent, count: 2) + "</array>")
            func distinct(_ list: [String]) -> [String] {
                list.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
            }
            writtenLinks[region] = links
            safeLinks[region] = distinct(links)
            if region != "us" {
                unsafeLinks[region] = distinct(
                    links.map { link in
                        let https = link.hasPrefix("http:") ? "https" + link.dropFirst(4) : link
                        return String(https.split(separator: "?", maxSplits: 1)[0])
                    })
            }
        }
        lines.append(indent + "</dict>")
        lines += ["</dict>", "</plist>"]
        let fixedKey = "SKExternalPurchaseMultiLink"
        let refusedWhenSafe = multiLinkKey != fixedKey && safeLinks != unsafeLinks
        return Generated(
            text: lines.joined(separator: "\n") + (chance(90) ? "\n" : ""),
            safe: [
                "SKExternalPurchase": regions,
                refusedWhenSafe ? multiLinkKey : fixedKey: refusedWhenSafe ? writtenLinks : safeLinks,
            ] as NSDictionary,
            unsafe: ["SKExternalPurchase": regions, fixedKey: unsafeLinks] as NSDictionary,
            refusedWhenSafe: refusedWhenSafe)
    }

    /// Up to five links per region: a renamed MultiLink key then brings no link-limit finding.
    static let configuration: LintConfiguration = {
        var configuration = LintConfiguration()
        configuration.musicStreaming = MusicStreaming(qualifies: true, reason: "--music-streaming true")
        return configuration
    }()

    static func foundationValues(_ bytes: [UInt8]) -> NSDictionary? {
        (try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil)) as? NSDictionary
    }

    /// Counts, for the report of what was run.
    final class Tally: @unchecked Sendable {
        let lock = NSLock()
        var runs = 0, foundationChecked = 0, refusals = 0
        func add(runs: Int, checked: Int, refusals: Int) {
            lock.lock()
            self.runs += runs
            foundationChecked += checked
            self.refusals += refusals
            lock.unlock()
            // The figures for the record (the cases run in parallel; the last line is the total).
            print(
                "fix cases so far: \(self.runs) runs, \(foundationChecked) read back by Foundation, \(self.refusals) refused as expected"
            )
        }
    }
    static let tally = Tally()

    @Test(arguments: seeds) func fixIsIdempotentAndKeepsValues(_ seed: Int) throws {
        let generated = Self.generate(seed: seed)
        var runs = 0
        var checked = 0
        var refusals = 0
        for storage in Storage.all {
            let original = storage.bytes(generated.text)
            let readsOriginal = Self.foundationValues(original) != nil
            for applicability in [FixApplicability.safe, .unsafe] {
                let outcome = fixOutcome(original, allowing: applicability, configuration: Self.configuration)
                runs += 1
                let context = "seed \(seed) \(storage) \(applicability)"
                let refused = applicability == .safe && generated.refusedWhenSafe
                // Only the rename is refused, and only when its links need unsafe fixes.
                #expect(
                    outcome.refusals.map(\.finding.rule.rawValue) == (refused ? ["EP005"] : []),
                    "\(context): \(outcome.refusals.map(\.reason))")
                if refused { refusals += 1 }
                // Nothing the fix could fix remains but the refused rename, and fixing again changes nothing.
                let remaining = diagnostics(outcome.bytes, configuration: Self.configuration)
                #expect(
                    !remaining.contains {
                        $0.fix.map { $0.proposesEdits && $0.applicability <= applicability } ?? false
                            && !(refused && $0.rule.rawValue == "EP005")
                    },
                    "\(context): \(remaining.filter { $0.fix?.proposesEdits ?? false }.map(\.message))")
                let again = fixOutcome(outcome.bytes, allowing: applicability, configuration: Self.configuration)
                #expect(again.bytes == outcome.bytes && !again.changed, "\(context): not idempotent")
                // Apple's parser reads the same values, apart from those fixed.
                if readsOriginal {
                    let values = Self.foundationValues(outcome.bytes)
                    #expect(
                        values == (applicability == .safe ? generated.safe : generated.unsafe),
                        "\(context): \(String(describing: values))")
                    checked += 1
                }
            }
        }
        Self.tally.add(runs: runs, checked: checked, refusals: refusals)
    }

    /// The generated plists hold a finding of each rule the catalogue says is fixable but
    /// EP003 and EP801 (whose pages' examples are fixed in every storage by RulePageFixTests; the
    /// generator writes no reader-app link) and the moves
    /// EP404/EP405 (two files: RulePageFixTests and FixMoveCommandTests), and only of those.
    @Test func generatorCoversEveryFixableRule() {
        var rules = Set<String>()
        for seed in Self.seeds {
            let bytes = Array(Self.generate(seed: seed).text.utf8)
            for diagnostic in diagnostics(bytes, configuration: Self.configuration)
            where diagnostic.fix?.proposesEdits ?? false { rules.insert(diagnostic.rule.rawValue) }
        }
        let fixable = Set(RuleCatalog.all.filter { $0.fix != nil }.map(\.id.rawValue))
        #expect(rules.isSubset(of: fixable), "\(rules.subtracting(fixable).sorted()) fix but the catalogue says none")
        #expect(rules.isSuperset(of: fixable.subtracting(["EP003", "EP404", "EP405", "EP801"])), "\(rules.sorted())")
        #expect(fixable.isSuperset(of: ["EP005", "EP101", "EP104", "EP106", "EP201", "EP203", "EP304"]))
    }

    /// 20,000 copies of one upper-case region in UTF-16: 20,000 fixes in one round (19,999
    /// repeats go, which takes their EP101 with them; the first is lowercased). Choosing
    /// the fixes and placing each in the file's bytes was quadratic (over two minutes); now
    /// about 3 s of a debug build.
    // A hang guard, not a timing: under a full parallel run on two cores the test can wait a
    // minute for a thread before it starts (it failed so), while it takes seconds alone.
    @Test(.timeLimit(.minutes(10))) func manyFixesInOneFileStayLinear() {
        let regions = String(repeating: "\t\t<string>NL</string>\n", count: 20_000)
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>SKExternalPurchase</key>\n\t<array>\n"
            + regions + "\t</array>\n</dict>\n</plist>\n"
        let storage = Storage(encoding: .utf16LE, lineEnd: "\n")
        let outcome = fixOutcome(storage.bytes(text), allowing: .safe)
        #expect(outcome.fixed.count == 20_000)
        #expect(
            outcome.bytes == storage.bytes(text.replacingOccurrences(of: regions, with: "\t\t<string>nl</string>\n")))
    }
}
