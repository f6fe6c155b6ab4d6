import Testing

@testable import XcodeProject

@Suite struct SplitListTests {
    @Test func splitsAtBlanksWithQuotesAndEscapes() {
        #expect(ProjectResolver.splitList("A=1  B=\"two words\" C\\ D 'E F'") == ["A=1", "B=two words", "C D", "E F"])
        #expect(ProjectResolver.splitList("  ") == [])
        #expect(ProjectResolver.splitList("-traditional") == ["-traditional"])
    }
}
