import LintEngine
import Testing

@Suite struct RegionDataTests {
    /// The tables generated at build time say what reading `Rules/regions.plist` says.
    @Test func builtInTablesEqualTheEmbeddedPlist() throws {
        let read = try RegionData(plist: Array(RegionData.builtInPlist.utf8))
        #expect(RegionData.builtIn == read)
        #expect(read.isoCodes.count > 200)
        #expect(read.allowedRegions.count == StoreKitKey.allCases.count)
    }
}
