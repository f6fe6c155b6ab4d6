import TestSupport
import Testing

@testable import LintEngine

/// The cheap filter in front of the edit distances must never dismiss a real near miss.
@Suite struct NearMissFilterTests {
    /// Every string within two edits of every key (over a small alphabet that includes
    /// the keys' own letters and case changes) that the exact test calls a near miss passes
    /// the filter; the usual Info.plist keys do not.
    @Test func neverDismissesANearMiss() {
        var generator = SeededGenerator(seed: 0x4E_4D_2026)
        let alphabet = Array("SKExternalPurchaseLinkMultiCustomRegionsStreaming_xZ0".unicodeScalars)
        var checked = 0
        for key in StoreKitKey.allCases {
            for _ in 0..<3000 {
                var scalars = Array(key.rawValue.unicodeScalars)
                for _ in 0..<Int.random(in: 1...2, using: &generator) {
                    let index = Int.random(in: 0...scalars.count, using: &generator)
                    let letter = alphabet.randomElement(using: &generator)!
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0: scalars.insert(letter, at: index)
                    case 1 where index < scalars.count: scalars.remove(at: index)
                    case 2 where index < scalars.count: scalars[index] = letter
                    default:
                        if index < scalars.count,
                            let flipped = String(scalars[index]).uppercased() == String(scalars[index])
                                ? String(scalars[index]).lowercased().unicodeScalars.first
                                : String(scalars[index]).uppercased().unicodeScalars.first
                        {
                            scalars[index] = flipped
                        }
                    }
                }
                var candidate = String(String.UnicodeScalarView(scalars))
                if Bool.random(using: &generator) { candidate = candidate.lowercased() }
                let isNearMiss =
                    candidate.lowercased() == key.rawValue.lowercased()
                    || levenshtein(candidate, key.rawValue, limit: 2) != nil
                if isNearMiss {
                    #expect(StoreKitKey.mayBeNearMiss(candidate), "\(candidate), \(generator)")
                    checked += 1
                }
            }
        }
        #expect(checked > 5_000)
        for key in [
            "NSCameraUsageDescription", "UIApplicationSceneManifest", "NSLocationWhenInUseUsageDescription",
            "CFBundleShortVersionString",
        ] {
            #expect(!StoreKitKey.mayBeNearMiss(key), "\(key)")
        }
    }

    /// The fast lookup by name finds exactly the five keys: not their near misses, not
    /// other keys of the same lengths.
    @Test func keysByName() {
        for key in StoreKitKey.allCases {
            #expect(StoreKitKey.named(key.rawValue) == key)
            #expect(StoreKitKey.named(key.rawValue.lowercased()) == nil)
            #expect(StoreKitKey.named(String(key.rawValue.dropLast()) + "X") == nil)
            #expect(StoreKitKey.named("T" + key.rawValue.dropFirst()) == nil)
        }
        for other in [
            "", "S", "Entry0000001", "SKExternalPurchaseLinks", "CFBundleShortVersionString", "SKExternalPurchasé",
        ] {
            #expect(StoreKitKey.named(other) == nil, "\(other)")
        }
    }
}
