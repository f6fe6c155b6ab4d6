import EplintBase
import PlistSyntax

/// The DER form of signed entitlements (code signature slot 7, iOS 15 on):
/// `[APPLICATION 16] { INTEGER 1, [CONTEXT 16] { SEQUENCE { UTF8String key, value }… } }`,
/// values BOOLEAN, INTEGER, UTF8String, SEQUENCE (an array) or `[CONTEXT 16]` (a dictionary).
/// A DER value has no line: every value is located at 1:1.
package enum DEREntitlements {
    package static func entries(_ bytes: [UInt8]) throws(ArtifactProblem) -> [PlistEntry] {
        let der = DERReader(bytes)
        let outer = try der.node(at: 0)
        let parts = try der.children(of: outer)
        guard outer.tagClass == DERNode.application, outer.tagNumber == 16, parts.count == 2,
            parts[1].tagClass == DERNode.contextSpecific,
            parts[1].tagNumber == 16
        else {
            throw ArtifactProblem(.malformed, "the DER entitlements are not [APPLICATION 16] { version, [16] { … } }")
        }
        guard case .dictionary(let entries) = try value(parts[1], der, depth: 1).content else { return [] }
        return entries
    }

    private static let location = SourceRange(at: .start)

    private static func value(_ node: DERNode, _ der: DERReader, depth: Int) throws(ArtifactProblem) -> PlistNode {
        let content: PlistNode.Content
        switch (node.tagClass, node.tagNumber) {
        case (DERNode.universal, 1): content = .boolean(der.content(of: node).first.map { $0 != 0 } ?? false)
        case (DERNode.universal, 2): content = .integer(integerText(Array(der.content(of: node))))
        case (DERNode.universal, 12): content = .string(String(decoding: der.content(of: node), as: UTF8.self))
        case (DERNode.universal, 16):
            var items: [PlistNode] = []
            for child in try der.children(of: node, depth: depth) {
                items.append(try value(child, der, depth: depth + 1))
            }
            content = .array(items)
        case (DERNode.contextSpecific, 16):
            var entries: [PlistEntry] = []
            for pair in try der.children(of: node, depth: depth) {
                let halves = try der.children(of: pair, depth: depth + 1)
                guard pair.tagNumber == 16, halves.count == 2, halves[0].tagNumber == 12 else {
                    throw ArtifactProblem(.malformed, "a DER entitlements entry is not SEQUENCE { UTF8String, value }")
                }
                let key = String(decoding: der.content(of: halves[0]), as: UTF8.self)
                entries.append(
                    PlistEntry(key: key, keyRange: location, value: try value(halves[1], der, depth: depth + 2)))
            }
            content = .dictionary(entries)
        default:
            throw ArtifactProblem(.malformed, "DER entitlements: a value of tag \(node.tagNumber) is no plist value")
        }
        return PlistNode(content: content, range: location)
    }

    /// A two's-complement big-endian INTEGER of up to 8 bytes, in decimal.
    private static func integerText(_ bytes: [UInt8]) -> String {
        guard !bytes.isEmpty, bytes.count <= 8 else { return "0" }
        var value: Int64 = bytes[0] & 0x80 != 0 ? -1 : 0
        for byte in bytes { value = value << 8 | Int64(byte) }
        return String(value)
    }
}
