import Foundation

/// A small deterministic generator (SplitMix64), so that generated test cases are the same
/// on every machine and a failure is reproducible.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// SplitMix64 from a test's fixed seed, or from `EPLINT_TEST_SEED` to try or replay another one.
/// Its description names the seed, for the failure messages of the tests that use it.
package struct SeededGenerator: RandomNumberGenerator, CustomStringConvertible {
    package let seed: UInt64
    private var generator: SplitMix64

    package init(seed fixed: UInt64) {
        seed = ProcessInfo.processInfo.environment["EPLINT_TEST_SEED"].flatMap { UInt64($0) } ?? fixed
        generator = SplitMix64(seed: seed)
    }

    package mutating func next() -> UInt64 { generator.next() }

    package var description: String { "seed \(seed) (EPLINT_TEST_SEED=\(seed) replays it)" }
}
