/// A small bounded reader of DER (and of BER's indefinite lengths, which CMS allows): enough
/// for a provisioning profile's CMS envelope and the DER form of signed entitlements.
/// swift-asn1 was measured instead and not taken (see docs/performance.md).
package struct DERNode: Sendable, Equatable {
    /// The identifier octet's class and constructed bits, and the tag number.
    var tagClass: UInt8
    var isConstructed: Bool
    var tagNumber: UInt64
    /// Where the node starts, how long its header is, and its content (without the
    /// end-of-contents octets of an indefinite length).
    package var offset: Int
    var headerLength: Int
    package var contentLength: Int
    var isIndefinite: Bool

    var contentStart: Int { offset + headerLength }
    /// Header, content and, for an indefinite length, the two end-of-contents octets.
    package var totalLength: Int { headerLength + contentLength + (isIndefinite ? 2 : 0) }

    package static let universal: UInt8 = 0, application: UInt8 = 1, contextSpecific: UInt8 = 2
}

package struct DERReader {
    /// Deeper nesting is refused: CMS and DER entitlements need a dozen levels.
    package static let maximumDepth = 64
    package let bytes: [UInt8]

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The node starting at `offset`, within `end`.
    package func node(at offset: Int, end: Int? = nil, depth: Int = 0) throws(ArtifactProblem) -> DERNode {
        let limit = end ?? bytes.count
        guard depth <= Self.maximumDepth else {
            throw ArtifactProblem(.unsupported, "DER nested deeper than \(Self.maximumDepth)")
        }
        guard offset + 2 <= limit else {
            throw ArtifactProblem(.malformed, "DER: a value at \(offset) runs past its container")
        }
        let identifier = bytes[offset]
        var position = offset + 1
        var tagNumber = UInt64(identifier & 0x1F)
        if tagNumber == 0x1F {
            // High tag numbers: base-128 digits, at most 9 of them.
            tagNumber = 0
            var digits = 0
            repeat {
                guard position < limit, digits < 9 else {
                    throw ArtifactProblem(.malformed, "DER: a tag at \(offset) is malformed")
                }
                tagNumber = tagNumber << 7 | UInt64(bytes[position] & 0x7F)
                digits += 1
                position += 1
            } while bytes[position - 1] & 0x80 != 0
        }
        guard position < limit else { throw ArtifactProblem(.malformed, "DER: a value at \(offset) has no length") }
        let first = bytes[position]
        position += 1
        var node = DERNode(
            tagClass: identifier >> 6, isConstructed: identifier & 0x20 != 0, tagNumber: tagNumber,
            offset: offset, headerLength: 0, contentLength: 0, isIndefinite: false)
        if first == 0x80 {
            guard node.isConstructed else {
                throw ArtifactProblem(.malformed, "DER: a primitive value at \(offset) has an indefinite length")
            }
            node.isIndefinite = true
            node.headerLength = position - offset
            // The content ends at the end-of-contents octets after the last child.
            var child = position
            while true {
                guard child + 2 <= limit else {
                    throw ArtifactProblem(.malformed, "DER: an indefinite length at \(offset) is never ended")
                }
                if bytes[child] == 0 && bytes[child + 1] == 0 { break }
                child += try self.node(at: child, end: limit, depth: depth + 1).totalLength
            }
            node.contentLength = child - position
            return node
        }
        var length = Int(first)
        if first & 0x80 != 0 {
            let count = Int(first & 0x7F)
            guard count <= 4, position + count <= limit else {
                throw ArtifactProblem(.malformed, "DER: the length at \(offset) is malformed")
            }
            length = 0
            for index in 0..<count { length = length << 8 | Int(bytes[position + index]) }
            position += count
        }
        guard length <= limit - position else {
            throw ArtifactProblem(.malformed, "DER: a value of \(length) bytes at \(offset) runs past its container")
        }
        node.headerLength = position - offset
        node.contentLength = length
        return node
    }

    /// The children of a constructed node, in order.
    package func children(of parent: DERNode, depth: Int = 0) throws(ArtifactProblem) -> [DERNode] {
        var result: [DERNode] = []
        var position = parent.contentStart
        let end = parent.contentStart + parent.contentLength
        while position < end {
            let child = try node(at: position, end: end, depth: depth + 1)
            result.append(child)
            position += child.totalLength
        }
        return result
    }

    package func content(of node: DERNode) -> ArraySlice<UInt8> {
        bytes[node.contentStart..<node.contentStart + node.contentLength]
    }

    /// Every node in document order with its depth, as `openssl asn1parse` lists them
    /// (it does not look inside primitive values).
    package func walk() throws(ArtifactProblem) -> [(node: DERNode, depth: Int)] {
        var result: [(DERNode, Int)] = []
        var pending: [(DERNode, Int)] = [(try node(at: 0), 0)]
        while let (current, depth) = pending.popLast() {
            result.append((current, depth))
            if current.isConstructed {
                for child in try children(of: current, depth: depth).reversed() { pending.append((child, depth + 1)) }
            }
        }
        return result
    }
}
