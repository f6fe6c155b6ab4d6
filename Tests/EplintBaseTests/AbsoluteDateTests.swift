import EplintBase
import Testing

/// `AbsoluteDate.unixSeconds` reads back what `text(unixSeconds:)` writes (EPLINT_NOW for the server rules).
@Suite struct AbsoluteDateTests {
    @Test(arguments: [
        Int64(0), 951_782_400, 1_706_169_600, 1_767_225_599, 4_107_542_399, -86_400, 253_402_300_799,
    ])
    func readsBackWhatItWrites(_ seconds: Int64) {
        #expect(AbsoluteDate.unixSeconds(AbsoluteDate.text(unixSeconds: seconds)) == seconds)
    }

    @Test func rejectsWhatIsNotADate() {
        #expect(AbsoluteDate.unixSeconds("2026-01-01T00:00:00Z") == 1_767_225_600)
        for text in [
            "", "tomorrow", "2026-01-01", "2026-01-01T00:00:00", "2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z",
            "2026-01-01T24:00:00Z", "2026-01-01 00:00:00Z", "2026-01-01T00:00:0xZ", "2026-01-01T00:00:00+01:00",
        ] {
            #expect(AbsoluteDate.unixSeconds(text) == nil, "\(text)")
        }
    }
}
