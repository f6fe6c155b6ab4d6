import Foundation
import TestSupport
import Testing

@testable import ServerSide

@Suite struct Base64URLTests {
    /// Foundation's Base64 decoder, after mapping the URL alphabet and padding, as an oracle.
    func foundation(_ text: String) -> [UInt8]? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard).map(Array.init)
    }

    @Test func decodesLikeFoundationWithAndWithoutPadding() throws {
        var generator = SeededGenerator(seed: 0x42_36_2026)
        for length in 0..<64 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let padded = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_")
            let unpadded = padded.replacingOccurrences(of: "=", with: "")
            #expect(try Base64URL.decode(Substring(padded)) == bytes, "\(generator)")
            #expect(try Base64URL.decode(Substring(unpadded)) == bytes, "\(generator)")
            #expect(foundation(unpadded) == bytes, "\(generator)")
        }
    }

    @Test func rejectsWhatIsNotBase64URL() {
        func failure(_ text: String) -> String? {
            do {
                _ = try Base64URL.decode(Substring(text))
                return nil
            } catch { return "\(error.characterIndex) \(error.message)" }
        }
        #expect(failure("ab+c") == "2 '+' (standard Base64; Base64URL uses '-' and '_') is not a Base64URL character")
        #expect(failure("abc/") == "3 '/' (standard Base64; Base64URL uses '-' and '_') is not a Base64URL character")
        #expect(failure("ab=c") == "2 '=' before the end (padding comes last) is not a Base64URL character")
        #expect(failure("abcde") == "4 5 characters cannot be Base64URL (one too many for whole bytes)")
        #expect(failure("ab=") == "2 wrong '=' padding: 1 for 2 characters")
        #expect(failure("éa") == "0 byte 0xC3 is not a Base64URL character")
        #expect(failure("a b") == "1 byte 0x20 is not a Base64URL character")
    }
}
