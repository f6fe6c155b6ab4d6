import EplintBase
import PlistSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The parse with long comments cut from what libxml2 reads must be the parse without: the
/// input's first comment is made long enough to be cut (fuzz inputs are far shorter than the
/// part of a comment libxml2 keeps), and it is read in sizes its own bytes choose.
/// `EPLINT_FUZZ_SHOW_CUT=1` prints how much was cut, to see that inputs reach the cutting.
func checkCommentCutting(_ bytes: [UInt8]) {
    let opening = Array("<!--".utf8)
    var long: [UInt8] = []
    long.reserveCapacity(bytes.count + fillerLength)
    var expanded = false
    for byte in bytes {
        long.append(byte)
        if !expanded && long.count >= opening.count && long.suffix(opening.count).elementsEqual(opening) {
            long += filler
            expanded = true
        }
    }
    guard expanded else { return }
    let plain = parse(long, cutting: false, reads: bytes)
    let cut = parse(long, cutting: true, reads: bytes)
    precondition(plain.bytesCutFromComments == 0)
    if getenv("EPLINT_FUZZ_SHOW_CUT") != nil { print("cut \(cut.bytesCutFromComments)") }
    precondition(summary(plain) == summary(cut), "cutting a long comment changed the parse")
}

/// Past the 128 KiB libxml2 keeps and several reads more.
private let fillerLength = 240_000
/// Text, line ends and multibyte characters, no hyphen: a comment body libxml2 accepts.
private let filler: [UInt8] = {
    let piece = Array("comment text \u{E9}\u{20AC}\u{1D11E}\r\n\t".utf8)
    return (0..<fillerLength).map { piece[$0 % piece.count] }
}()

private func parse(_ bytes: [UInt8], cutting: Bool, reads: [UInt8]) -> PlistDocument {
    var options = PlistParseOptions()
    options.cutsLongComments = cutting
    var source = ReadSizes(bytes: bytes, sizes: reads)
    return (try? PlistParser.parse(&source, options: options)) ?? PlistDocument(root: nil, problems: [], comments: [])
}

private func summary(_ document: PlistDocument) -> String {
    let comments = document.comments.map {
        "\($0.range) \(String(describing: $0.nextElement)) \($0.isWhole) \($0.text)"
    }
    return "\(document.problems)\n\(comments)\n\(String(describing: document.root))"
}

/// Reads whose sizes follow the fuzzer's bytes, from one byte to tens of kilobytes.
private struct ReadSizes: ByteSource {
    let bytes: [UInt8]
    let sizes: [UInt8]
    var offset = 0, step = 0

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReadFailure) -> Int {
        let seed = sizes.isEmpty ? 255 : Int(sizes[step % sizes.count])
        step += 1
        let wanted = seed < 32 ? seed + 1 : seed * 131
        let count = min(wanted, buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count])) }
        offset += count
        return count
    }

    mutating func rewind() {
        offset = 0
        step = 0
    }
}
