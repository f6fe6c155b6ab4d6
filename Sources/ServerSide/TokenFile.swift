import EplintBase

/// Tokens kept in a file (`eplint report --tokens`): one token a line, as `eplint token` reads
/// standard input, or JSON: an array (or JSON Lines) of tokens as strings or as decoded token objects.
package enum TokenFile {
    package struct Failure: Error, Sendable {
        package var line: Int
        package var message: String
    }

    package static func tokens(_ bytes: [UInt8]) -> Result<[DecodedToken], Failure> {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        guard first == UInt8(ascii: "[") || first == UInt8(ascii: "{") else {
            var tokens: [DecodedToken] = []
            for line in ServerLinter.tokenLines(String(decoding: bytes, as: UTF8.self)) {
                switch ServerLinter.decodeToken(line.text) {
                case .success(let token): tokens.append(token)
                case .failure(let failure):
                    return .failure(Failure(line: line.range.start.line, message: failure.message))
                }
            }
            return .success(tokens)
        }
        var tokens: [DecodedToken] = []
        var failure: Failure?
        func take(_ node: JSONNode) -> Bool {
            if let text = node.string {
                switch ServerLinter.decodeToken(Substring(text)) {
                case .success(let token): tokens.append(token)
                case .failure(let problem): failure = Failure(line: node.range.start.line, message: problem.message)
                }
            } else if node.isObject {
                tokens.append(DecodedToken(payload: node))
            } else {
                failure = Failure(
                    line: node.range.start.line,
                    message: "a token is a string or a decoded token object, not \(node.typeName)")
            }
            return failure == nil
        }
        let error = JSONReader.readSequence(bytes) { value in
            guard case .array(let items) = value.value else { return take(value) }
            return items.allSatisfy(take)
        }
        if let error {
            return .failure(Failure(line: error.position.line, message: "not valid JSON: \(error.message)"))
        }
        if let failure { return .failure(failure) }
        return .success(tokens)
    }
}
