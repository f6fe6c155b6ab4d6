import Signatures

/// A root certificate file (`--root-certificate`, `root-certificates:`): DER, or PEM with one or
/// more `CERTIFICATE` blocks. Only the outer shape is checked here; libcrypto reads the rest.
package enum RootCertificateFile {
    package struct Problem: Error, Sendable {
        package var message: String
    }

    /// Larger files are refused: a root certificate is a few kilobytes.
    static let maximumSize = 1 << 20

    /// The roots `bytes` hold, each named `name`, or why there are none.
    package static func roots(_ bytes: [UInt8], name: String) -> Result<[TrustedRoot], Problem> {
        guard bytes.count <= maximumSize else { return .failure(Problem(message: "is over 1 MiB, not a certificate")) }
        if isDER(bytes[...]) { return .success([TrustedRoot(name: name, der: bytes)]) }
        let begin = Array("-----BEGIN CERTIFICATE-----".utf8)
        let end = Array("-----END CERTIFICATE-----".utf8)
        var roots: [TrustedRoot] = []
        var position = 0
        while let start = find(begin, in: bytes, from: position) {
            guard let stop = find(end, in: bytes, from: start + begin.count) else {
                return .failure(Problem(message: "has a PEM BEGIN CERTIFICATE line without its END line"))
            }
            let body = bytes[(start + begin.count)..<stop].filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
            let der: [UInt8]
            do throws(Base64URL.Failure) {
                der = try Base64URL.decode(Substring(String(decoding: body, as: UTF8.self)), standard: true)
            } catch {
                return .failure(Problem(message: "has a PEM certificate that is not Base64: \(error.message)"))
            }
            guard isDER(der[...]) else {
                return .failure(Problem(message: "has a PEM block that is not a DER certificate"))
            }
            roots.append(TrustedRoot(name: name, der: der))
            position = stop + end.count
        }
        guard !roots.isEmpty else {
            return .failure(Problem(message: "is neither a DER certificate nor PEM with a CERTIFICATE block"))
        }
        return .success(roots)
    }

    /// Whether `bytes` are one DER SEQUENCE, wholly: a certificate's outer shape.
    static func isDER(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count >= 2, bytes.first == 0x30 else { return false }
        let first = bytes[bytes.startIndex + 1]
        guard first & 0x80 != 0 else { return Int(first) + 2 == bytes.count }
        let octets = Int(first & 0x7F)
        guard (1...3).contains(octets), bytes.count >= 2 + octets else { return false }
        let length = bytes[(bytes.startIndex + 2)..<(bytes.startIndex + 2 + octets)].reduce(0) { $0 << 8 | Int($1) }
        return length + 2 + octets == bytes.count
    }

    /// Where `needle` first occurs in `bytes` at or after `from`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard bytes.count >= needle.count, from <= bytes.count - needle.count else { return nil }
        return (from...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
