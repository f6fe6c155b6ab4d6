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
}
