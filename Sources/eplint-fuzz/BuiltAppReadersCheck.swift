import BuiltApps
import PlistSyntax

/// The readers of built apps on the same bytes: as a binary plist (behind its header, so
/// that every input reaches the objects), a zip, a Mach-O, a profile and DER. Each ends in
/// a value or a problem; nothing they read lies outside the input.
func checkBuiltAppReaders(_ bytes: [UInt8]) {
    let binary = BinaryPlistReader.parse(Array("bplist00".utf8) + bytes)
    precondition(binary.isBinary && (binary.root == nil) != (binary.problems.isEmpty))
    if let zip = try? ZipArchive(MemoryBytes(bytes)) {
        // Entries that declare more than a megabyte are left out: bombs are refused by ratio,
        // and a fuzzer's time is better spent on more inputs.
        for entry in zip.entries.prefix(64) where entry.uncompressedSize <= 1 << 20 {
            if let contents = try? zip.contents(of: entry) {
                precondition(UInt64(contents.count) == entry.uncompressedSize)
            }
        }
    }
    if let slices = try? MachOSignature.read(MemoryBytes(bytes)) {
        for slice in slices {
            precondition(slice.offset <= UInt64(bytes.count))
            if let offset = slice.signatureOffset, let size = slice.signatureSize {
                precondition(offset + size <= UInt64(bytes.count))
            }
        }
    }
    _ = try? ProvisioningProfile(bytes)
    if let nodes = try? DERReader(bytes).walk() {
        for (node, _) in nodes { precondition(node.offset + node.totalLength <= bytes.count) }
    }
}
