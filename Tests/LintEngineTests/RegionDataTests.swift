import Foundation
import LintEngine
import Testing

@Suite struct RegionDataTests {
    /// The tables generated at build time say what reading `Rules/regions.plist` says.
    @Test func builtInTablesEqualTheEmbeddedPlist() throws {
        let read = try RegionData(plist: Array(RegionData.builtInPlist.utf8))
        #expect(RegionData.builtIn == read)
        #expect(read.isoCodes.count > 200)
        #expect(read.allowedRegions.count == StoreKitKey.allCases.count)
        #expect(StoreKitKey.allCases.allSatisfy { (read.allowedRegions[$0]?.count ?? 0) > 0 })
    }

    /// The facts generated at build time say what reading the same file's other sections says.
    @Test func builtInFactsEqualTheEmbeddedPlist() throws {
        let read = try AppleFacts(plist: Array(RegionData.builtInPlist.utf8))
        #expect(AppleFacts.builtIn == read)
        #expect(read.tokenTypes.count == 4 && read.minimumOS.count >= 10 && !read.notificationSubtypes.isEmpty)
        #expect(AppleFacts.builtIn.minimumOS["SKExternalPurchaseMultiLink"]?[.iOS]?.description == "17.5")
    }

    @Test func regionCodesHoldExactlyTwoLowercaseLetters() {
        var codes = RegionCodes()
        for rejected in ["", "n", "NL", "nL", "nld", "n1", "é", "zz "] {
            let inserted = codes.insert(rejected)
            #expect(!inserted, "\(rejected)")
        }
        #expect(codes.count == 0)
        for accepted in ["aa", "nl", "zz", "nl"] {
            let inserted = codes.insert(accepted)
            #expect(inserted, "\(accepted)")
        }
        #expect(codes.count == 3)
        #expect(codes.contains("aa") && codes.contains("nl") && codes.contains("zz"))
        #expect(!codes.contains("ab") && !codes.contains("NL") && !codes.contains("nl "))
        #expect(codes == RegionCodes(packed: "zznlaa"))
        #expect(codes != RegionCodes(packed: "zznl"))
    }

    /// Every Apple fact a rule uses comes from Rules/regions.plist (issue 47): the embedded
    /// copy has each section, SKExternalPurchaseMultiLink's minimum on every platform, and a
    /// retired region gets no link maximum (`us` kept one).
    @Test func appleFactsComeFromTheData() {
        let facts = RegionData.builtIn.appleFacts
        #expect(facts.tokenTypeNames == ["ACQUISITION", "IN_APP", "LINK_OUT", "SERVICES"])
        #expect(facts.duplicateTokenTypeNames == ["SERVICES", "ACQUISITION"])
        #expect(
            facts.notificationSubtypes["EXTERNAL_PURCHASE_TOKEN"] == ["UNREPORTED", "CREATED", "ACTIVE_TOKEN_REMINDER"])
        #expect(Set(facts.minimumOS["SKExternalPurchaseMultiLink"]?.keys ?? [:].keys) == Set(Platform.allCases))
        #expect(Set(facts.minimumOS["SKExternalPurchaseLinkStreamingRegions"]?.keys ?? [:].keys) == [.iOS, .iPadOS])
        let data = RegionData.builtIn
        for region in data.musicStreamingLinkMaximum.keys {
            #expect(
                [StoreKitKey.link, .multiLink].contains { data.status(of: region, for: $0) == .valid },
                "\(region) has a music-streaming link maximum but neither link key allows it")
        }
    }

    /// No Swift source holds a list of region codes: they live in Rules/regions.plist (issue 47).
    @Test func noSwiftSourceHoldsARegionList() throws {
        let root = URL(
            fileURLWithPath: #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(
                separator: "/"))
        let sources = root.appendingPathComponent("Sources")
        // An array or dictionary literal opening with two-letter codes (`["jp", "br"]`, `["us": 1`); comments aside.
        let list = try NSRegularExpression(pattern: #"\[\s*"[a-z]{2}"\s*(,\s*"[a-z]{2}"|:)"#)
        var found: [String] = []
        for case let path as String in FileManager.default.enumerator(atPath: sources.path) ?? NSEnumerator()
        where path.hasSuffix(".swift") && !path.contains("/Generated/") {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
                .split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("//") }.joined(separator: "\n")
            if list.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil { found.append(path) }
        }
        #expect(found == [], "region lists in Swift code: \(found)")
    }
}
