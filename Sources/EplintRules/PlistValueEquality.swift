import PlistSyntax

/// Whether two plist values are the same value (positions aside), compared with an explicit
/// stack: a deeply nested value must not exhaust the call stack.
enum PlistValueEquality {
    /// With `keysInAnyOrder`, dictionaries of the same size are the same when each key of the
    /// first has the same value as the last entry of that key in the second (how a provisioning
    /// profile's entitlements are compared with the signed ones); else keys and order must match.
    static func same(_ first: PlistNode, _ second: PlistNode, keysInAnyOrder: Bool = false) -> Bool {
        var pending = [(first, second)]
        while let (a, b) = pending.popLast() {
            switch (a.content, b.content) {
            case (.string(let x), .string(let y)), (.integer(let x), .integer(let y)), (.real(let x), .real(let y)),
                (.date(let x), .date(let y)):
                guard x == y else { return false }
            case (.boolean(let x), .boolean(let y)):
                guard x == y else { return false }
            case (.array(let x), .array(let y)):
                guard x.count == y.count else { return false }
                pending += zip(x, y).map { ($0, $1) }
            case (.dictionary(let x), .dictionary(let y)) where keysInAnyOrder:
                guard x.count == y.count else { return false }
                for entry in x {
                    guard let other = y.last(forKey: entry.key) else { return false }
                    pending.append((entry.value, other.value))
                }
            case (.dictionary(let x), .dictionary(let y)):
                guard x.count == y.count, zip(x, y).allSatisfy({ $0.key == $1.key }) else { return false }
                pending += zip(x, y).map { ($0.value, $1.value) }
            default:
                // Data is not retained and unretained values cannot be compared: not known to be the same.
                return false
            }
        }
        return true
    }
}
