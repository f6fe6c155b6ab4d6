import PlistSyntax

/// The entries of a dict whose key appeared before, each with the index of its first
/// occurrence, in document order. Keys are equal as Swift strings are.
///
/// A top-level dict can hold a hundred thousand keys, and hashing each as a String costs
/// more than parsing it: when every key is ASCII (plist keys nearly always are), keys are
/// hashed by their bytes into a plain open-addressing table. For ASCII text, equal bytes
/// and equal strings are the same thing; any other key makes the whole dict go the String
/// way, since a non-ASCII key can equal an ASCII one (U+212A KELVIN SIGN is "K").
package enum RepeatedKeys {
    package static func find(in entries: [PlistEntry]) -> [(index: Int, firstIndex: Int)] {
        guard entries.count > 1 else { return [] }
        // The byte table's slots are 32 bits wide.
        guard entries.count < Int(Int32.max) / 2, let repeated = byBytes(entries) else { return byStrings(entries) }
        return repeated
    }

    private static func byStrings(_ entries: [PlistEntry]) -> [(index: Int, firstIndex: Int)] {
        var first: [String: Int] = [:]
        var repeated: [(index: Int, firstIndex: Int)] = []
        for index in entries.indices {
            if let original = first[entries[index].key] {
                repeated.append((index, original))
            } else {
                first[entries[index].key] = index
            }
        }
        return repeated
    }

    /// Nil when a key is not ASCII.
    private static func byBytes(_ entries: [PlistEntry]) -> [(index: Int, firstIndex: Int)]? {
        var hashes = [UInt32](repeating: 0, count: entries.count)
        for index in entries.indices {
            guard let hash = asciiHash(entries[index].key) else { return nil }
            hashes[index] = hash
        }
        // At most half full, so probes stay short; a slot holds an entry index + 1 (32 bits
        // each: the table lives beside the whole document).
        var capacity = 2
        while capacity < 2 * entries.count { capacity <<= 1 }
        let mask = capacity - 1
        var slots = [Int32](repeating: 0, count: capacity)
        var repeated: [(index: Int, firstIndex: Int)] = []
        for index in entries.indices {
            var slot = Int(truncatingIfNeeded: hashes[index]) & mask
            while true {
                let occupant = Int(slots[slot]) - 1
                if occupant < 0 {
                    slots[slot] = Int32(index + 1)
                    break
                }
                if hashes[occupant] == hashes[index] && entries[occupant].key == entries[index].key {
                    repeated.append((index, occupant))
                    break
                }
                slot = (slot + 1) & mask
            }
        }
        return repeated
    }

    /// FNV-1a over the UTF-8 bytes, mixed at the end so the low bits index well; nil for a
    /// key that is not ASCII.
    private static func asciiHash(_ key: String) -> UInt32? {
        var key = key
        // Through `withUTF8`: iterating a small string's `utf8` view costs ten times more.
        let hash: UInt64? = key.withUTF8 { bytes in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            return hash
        }
        guard let hash else { return nil }
        return UInt32(truncatingIfNeeded: ((hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9) >> 32)
    }
}
