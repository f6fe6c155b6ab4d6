import PlistSyntax

/// An embedded provisioning profile (`embedded.mobileprovision`, macOS
/// `embedded.provisionprofile`): a CMS SignedData whose content is an XML plist. The
/// signature is not verified: eplint reads what the profile grants, not whether Apple
/// signed it.
package struct ProvisioningProfile: Sendable {
    /// The plist's `Entitlements` entries.
    package var entitlements: [PlistEntry]
    package var teamIdentifiers: [String]
    /// `ExpirationDate` as the plist writes it (`2019-04-07T01:27:21Z`).
    package var expirationDate: String?
    package var name: String?

    /// Profiles are a few kilobytes; a larger file is refused.
    package static let maximumSize = 4 << 20

    package init(entitlements: [PlistEntry], teamIdentifiers: [String], expirationDate: String?, name: String?) {
        self.entitlements = entitlements
        self.teamIdentifiers = teamIdentifiers
        self.expirationDate = expirationDate
        self.name = name
    }

    package init(_ bytes: [UInt8]) throws(ArtifactProblem) {
        guard bytes.count <= Self.maximumSize else {
            throw ArtifactProblem(
                .unsupported, "provisioning profile of \(bytes.count) bytes (eplint reads at most \(Self.maximumSize))")
        }
        // Test fixtures (and some tools) keep the plist unsigned.
        let plist =
            bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) == UInt8(ascii: "<")
            ? bytes : try Self.signedContent(bytes)
        let document = PlistParser.parse(plist)
        guard let entries = document.root?.dictionaryEntries else {
            throw ArtifactProblem(
                .malformed,
                "the provisioning profile's content is not a plist dictionary"
                    + (document.fatalProblem.map { ": \($0.message)" } ?? ""))
        }
        entitlements = entries.last(forKey: "Entitlements")?.value.dictionaryEntries ?? []
        teamIdentifiers = entries.last(forKey: "TeamIdentifier")?.value.arrayValue?.compactMap(\.stringValue) ?? []
        if case .date(let text)? = entries.last(forKey: "ExpirationDate")?.value.content {
            expirationDate = text
        } else {
            expirationDate = nil
        }
        name = entries.last(forKey: "Name")?.value.stringValue
    }

    /// 1.2.840.113549.1.7.2, id-signedData.
    static let signedDataOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]

    /// ContentInfo { signedData, [0] SignedData { version, digestAlgorithms,
    /// EncapsulatedContentInfo { eContentType, [0] OCTET STRING } … } }.
    static func signedContent(_ bytes: [UInt8]) throws(ArtifactProblem) -> [UInt8] {
        let der = DERReader(bytes)
        let contentInfo = try der.node(at: 0)
        let parts = try der.children(of: contentInfo)
        guard contentInfo.tagNumber == 16, parts.count >= 2, Array(der.content(of: parts[0])) == signedDataOID,
            parts[1].tagClass == DERNode.contextSpecific, parts[1].tagNumber == 0,
            let signedData = try der.children(of: parts[1], depth: 1).first
        else {
            throw ArtifactProblem(.malformed, "the provisioning profile is neither a CMS SignedData nor an XML plist")
        }
        let fields = try der.children(of: signedData, depth: 2)
        guard fields.count >= 3, fields[2].tagNumber == 16 else {
            throw ArtifactProblem(.malformed, "the profile's SignedData has no content")
        }
        let encapsulated = try der.children(of: fields[2], depth: 3)
        guard encapsulated.count == 2, encapsulated[1].tagClass == DERNode.contextSpecific,
            let octets = try der.children(of: encapsulated[1], depth: 4).first, octets.tagNumber == 4
        else {
            throw ArtifactProblem(.malformed, "the profile's SignedData holds no content (a detached signature)")
        }
        return try octetString(octets, der, depth: 5)
    }

    /// A primitive OCTET STRING's bytes, or a constructed one's pieces joined (BER).
    private static func octetString(_ node: DERNode, _ der: DERReader, depth: Int) throws(ArtifactProblem) -> [UInt8] {
        guard node.isConstructed else { return Array(der.content(of: node)) }
        var joined: [UInt8] = []
        for piece in try der.children(of: node, depth: depth) {
            joined += try octetString(piece, der, depth: depth + 1)
        }
        return joined
    }
}
