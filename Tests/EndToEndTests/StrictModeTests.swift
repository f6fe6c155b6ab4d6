import Foundation
import TestSupport
import Testing

/// Under `EPLINT_STRICT_TESTS=1` (`.ci/run`) every oracle must be there: each test that needs one
/// already fails without it, but a test whose cases come from a corpus runs no case at all when
/// the corpus is missing. This names what is missing instead.
@Suite(.enabled(if: RequiredTool.strict, "only under EPLINT_STRICT_TESTS=1, where every oracle is required"))
struct StrictModeTests {
    @Test(arguments: SharedData.Item.allCases) func sharedDataIsThere(_ item: SharedData.Item) throws {
        _ = try item.require()
    }

    @Test(arguments: RequiredTool.all.map(\.name).indices)
    func everyToolIsThere(_ index: Int) throws {
        _ = try RequiredTool.all[index].require()
    }
}
