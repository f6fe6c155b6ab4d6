import Foundation
import TestSupport
import Testing

/// TestSupport's FoundationBoolean on what Foundation's readers return on this platform:
/// booleans are told from the numbers 0 and 1, which `as? Bool` also takes.
@Suite struct FoundationBooleanTests {
    @Test func jsonBooleansAreNotNumbers() throws {
        let values = try #require(
            try JSONSerialization.jsonObject(with: Data("[true, false, 1, 0, 1.5, \"true\", null]".utf8)) as? [Any])
        #expect(values.map { FoundationBoolean.value($0) } == [true, false, nil, nil, nil, nil, nil])
    }

    @Test func propertyListBooleansAreNotNumbers() throws {
        let text = "<plist><array><true/><false/><integer>1</integer><integer>0</integer><real>1</real></array></plist>"
        let values = try #require(
            try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? [Any])
        #expect(values.map { FoundationBoolean.value($0) } == [true, false, nil, nil, nil])
        #expect(FoundationBoolean.value(nil) == nil)
    }
}
