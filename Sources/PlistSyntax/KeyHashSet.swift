/// 64-bit hashes of dictionary keys, in a plain open-addressing table: eight bytes per key
/// instead of the key itself, so a top-level dict with millions of keys is checked for
/// repeats in bounded memory. Equal hashes only suggest a repeat; whoever keeps the entries
/// of the suggested keys confirms it by comparing the keys (a second reading of the file).
/// 64 bits, not 32: with 32, a dict of 100,000 distinct keys already collided in most runs
/// (birthday bound), and each false suggestion cost a whole second reading.
struct KeyHashSet {
    /// 0 marks an empty slot: a hash of 0 is taken as 1.
    private var slots: [UInt64] = []
    private(set) var count = 0

    /// The hash of a key as Swift compares keys (canonically equivalent strings hash alike),
    /// seeded per process, so a file cannot be made to collide on purpose.
    static func hash(_ key: String) -> UInt64 {
        UInt64(truncatingIfNeeded: key.hashValue)
    }

    var isEmpty: Bool { count == 0 }

    func contains(_ hash: UInt64) -> Bool {
        guard !slots.isEmpty else { return false }
        let hash = max(hash, 1)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            if slots[slot] == hash { return true }
            slot = (slot + 1) & mask
        }
        return false
    }

    /// False if `hash` was there already.
    @discardableResult
    mutating func insert(_ hash: UInt64) -> Bool {
        let hash = max(hash, 1)
        // At most half full, so probes stay short.
        if 2 * (count + 1) > slots.count { grow() }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            if slots[slot] == hash { return false }
            slot = (slot + 1) & mask
        }
        slots[slot] = hash
        count += 1
        return true
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: max(16, 2 * old.count))
        count = 0
        for hash in old where hash != 0 { insert(hash) }
    }
}
