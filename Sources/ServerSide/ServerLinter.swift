import EplintBase
import LintEngine

/// Tokens, report bodies and notification payloads → diagnostics. Documents are checked one
/// after another on the calling thread: a run remembers `requestIdentifier`s across files.
package final class ServerLinter {
    package let rules: [any ServerRule]
    package let options: ServerOptions
    private let run: ServerRunState

    /// `history`: the reports Apple already accepted, which the reports checked are judged against.
    package init(rules: [any ServerRule] = allServerRules, options: ServerOptions, history: ReportHistory? = nil) {
        self.rules = rules
        var options = options
        options.indexTokens()
        self.options = options
        run = ServerRunState(history: history)
    }

    // MARK: Tokens

    package struct TokenResult: Sendable {
        package var token: DecodedToken?
        package var diagnostics: [Diagnostic]
    }

    /// Decodes one token (`text`, written at `range` of `file`) and checks it.
    package func lintToken(_ text: Substring, file: String, range: SourceRange) -> TokenResult {
        let token: DecodedToken
        switch Self.decodeToken(text) {
        case .failure(let failure):
            var at = range
            if let character = failure.characterIndex {
                // Tokens are ASCII when well formed; a stray character is placed by scalar count.
                let start = range.start
                at = SourceRange(
                    at: SourcePosition(
                        offset: start.offset + character, line: start.line, column: start.column + character,
                        utf16Column: start.utf16Column + character))
            }
            return TokenResult(
                token: nil,
                diagnostics: [Diagnostic(file: file, rule: failure.rule, message: failure.message, range: at)])
        case .success(let decoded):
            token = decoded
        }
        let context = ServerContext(
            file: file, kind: .token, object: token.payload, options: options, run: run, keyPathPrefix: "",
            anchor: range)
        return TokenResult(token: token, diagnostics: check(context))
    }

    /// The tokens of a text, one per line (blank lines skipped, surrounding blanks trimmed), with their places.
    ///
    /// Lines are split at LF bytes, not Characters: "\r\n" is one Character, so a file with CRLF
    /// line ends was read as one line. Spaces and tabs around a token, and a CR before its LF,
    /// are not part of it.
    package static func tokenLines(_ text: String) -> [(text: Substring, range: SourceRange)] {
        var tokens: [(text: Substring, range: SourceRange)] = []
        let bytes = text.utf8
        var lineStart = bytes.startIndex
        var number = 1
        while true {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.endIndex
            var start = lineStart
            while start < lineEnd, bytes[start] == 0x20 || bytes[start] == 0x09 { start = bytes.index(after: start) }
            var end = lineEnd
            while end > start, [0x20, 0x09, 0x0D].contains(bytes[bytes.index(before: end)]) {
                end = bytes.index(before: end)
            }
            if start < end {
                let token = text[start..<end]
                tokens.append(
                    (
                        token,
                        range(
                            of: token, line: number, column: bytes.distance(from: lineStart, to: start) + 1,
                            offset: bytes.distance(from: bytes.startIndex, to: start))
                    ))
            }
            guard lineEnd < bytes.endIndex else { return tokens }
            lineStart = bytes.index(after: lineEnd)
            number += 1
        }
    }

    /// Where a token written on one line from `column` lies.
    package static func range(of token: Substring, line: Int, column: Int, offset: Int) -> SourceRange {
        let scalars = token.unicodeScalars.count
        let units = token.utf16.count
        return SourceRange(
            start: SourcePosition(offset: offset, line: line, column: column, utf16Column: column),
            end: SourcePosition(
                offset: offset + token.utf8.count, line: line, column: column + scalars, utf16Column: column + units))
    }

    package struct TokenFailure: Error, Sendable {
        package var rule: RuleID
        package var message: String
        var characterIndex: Int?
    }

    /// A token's JSON object, or why there is none (EP601 not Base64URL, EP602 not a JSON object).
    package static func decodeToken(_ text: Substring) -> Result<DecodedToken, TokenFailure> {
        let bytes: [UInt8]
        do throws(Base64URL.Failure) { bytes = try Base64URL.decode(text) } catch {
            return .failure(
                TokenFailure(
                    rule: RuleID.ep601TokenNotBase64url, message: "token is not Base64URL: \(error.message)",
                    characterIndex: error.characterIndex))
        }
        if text.isEmpty {
            return .failure(TokenFailure(rule: RuleID.ep601TokenNotBase64url, message: "token is empty"))
        }
        let read = JSONReader.read(bytes)
        if let error = read.error {
            return .failure(
                TokenFailure(
                    rule: RuleID.ep602TokenNotJson,
                    message:
                        "decoded token is not JSON: \(error.message) (decoded line \(error.position.line), column \(error.position.column))"
                ))
        }
        if let duplicate = read.duplicates.first {
            return .failure(
                TokenFailure(
                    rule: RuleID.ep602TokenNotJson, message: "decoded token has the key '\(duplicate.key)' twice"))
        }
        guard let root = read.root, root.isObject else {
            return .failure(
                TokenFailure(
                    rule: RuleID.ep602TokenNotJson,
                    message: "decoded token is \(read.root?.typeName ?? "empty"), not a JSON object"))
        }
        return .success(DecodedToken(payload: root))
    }

    // MARK: Report bodies and notifications

    /// Checks a file of `kind` (one object or an array of them).
    package func lintDocument(_ bytes: [UInt8], file: String, kind: ServerDocumentKind) -> [Diagnostic] {
        let read = JSONReader.read(bytes)
        var diagnostics = read.duplicates.map { duplicate in
            Diagnostic(
                file: file, rule: RuleID.ep702DuplicateJsonKey,
                message: "key '\(duplicate.key)' appears twice in one object; readers disagree on which value counts",
                range: duplicate.range, keyPath: duplicate.keyPath, value: duplicate.key,
                related: [RelatedLocation(file: file, range: duplicate.first, message: "first '\(duplicate.key)' here")]
            )
        }
        if let error = read.error {
            if kind == .notification, let jws = CompactJWS.alone(in: bytes) {
                return lintCompactJWS(
                    jws.text, file: file, range: jws.range, keyPath: "", described: "the signed payload in this file")
            }
            diagnostics.append(
                Diagnostic(
                    file: file, rule: RuleID.ep701InvalidJson, message: "not valid JSON: \(error.message)",
                    range: SourceRange(at: error.position)))
            return diagnostics
        }
        guard let root = read.root else { return diagnostics }
        let wrongType = RuleID.ep704WrongType
        switch root.value {
        case .object:
            diagnostics += lintObject(root, file: file, kind: kind, keyPathPrefix: "")
        case .array(let items):
            if items.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        file: file, rule: RuleID.ep703MissingField, message: "the array holds no \(kind.rawValue)",
                        range: root.range))
            }
            for (index, item) in items.enumerated() {
                guard item.isObject else {
                    diagnostics.append(
                        Diagnostic(
                            file: file, rule: wrongType,
                            message: "each \(kind.rawValue) must be an object, not \(item.typeName)",
                            range: item.range, keyPath: "[\(index)]", value: item.excerpt))
                    continue
                }
                diagnostics += lintObject(item, file: file, kind: kind, keyPathPrefix: "[\(index)].")
            }
        default:
            diagnostics.append(
                Diagnostic(
                    file: file, rule: wrongType,
                    message: "a \(kind.rawValue) file holds an object or an array of objects, not \(root.typeName)",
                    range: root.range, value: root.excerpt))
        }
        return diagnostics
    }

    private func lintObject(_ object: JSONNode, file: String, kind: ServerDocumentKind, keyPathPrefix: String)
        -> [Diagnostic]
    {
        if kind == .notification, object.member("notificationType") == nil, let signed = object.member("signedPayload")
        {
            return lintSigned(signed, file: file, keyPathPrefix: keyPathPrefix + "signedPayload.")
        }
        let context = ServerContext(
            file: file, kind: kind, object: object, options: options, run: run, keyPathPrefix: keyPathPrefix,
            anchor: nil)
        let diagnostics = check(context)
        // With a history, the run's reports are the next ones sent, in order; without, each stands alone.
        if kind == .report, run.historyGiven { run.history.addChecked(object, file: file) }
        return diagnostics
    }

    /// `{"signedPayload": "header.payload.signature"}`: the payload is decoded and checked, and
    /// its signature verified (SignatureCheck).
    private func lintSigned(_ member: JSONMember, file: String, keyPathPrefix: String) -> [Diagnostic] {
        let keyPath = String(keyPathPrefix.dropLast())
        guard let text = member.value.string else {
            return [
                Diagnostic(
                    file: file, rule: RuleID.ep714InvalidSignedPayload,
                    message: "signedPayload is not a JWS: it is \(member.value.typeName), not a string",
                    range: member.value.range, keyPath: keyPath, value: member.value.excerpt)
            ]
        }
        return lintCompactJWS(
            Substring(text), file: file, range: member.value.range, keyPath: keyPath, described: "signedPayload",
            excerpt: member.value.excerpt)
    }

    /// A compact JWS at `range` (a `signedPayload` string, or a whole file): its payload is
    /// checked as a notification when it is one; a JWS of another signed type is named as such.
    private func lintCompactJWS(
        _ text: Substring, file: String, range: SourceRange, keyPath: String, described: String,
        excerpt: String = ""
    ) -> [Diagnostic] {
        func invalid(_ message: String) -> [Diagnostic] {
            [
                Diagnostic(
                    file: file, rule: RuleID.ep714InvalidSignedPayload,
                    message: "\(described) is not a JWS: \(message)", range: range,
                    keyPath: keyPath, value: excerpt)
            ]
        }
        let jws: DecodedJWS
        switch Self.decodeJWS(text) {
        case .failure(let failure): return invalid(failure.message)
        case .success(let decoded): jws = decoded
        }
        let payload = jws.payload
        let signature = SignatureCheck(
            options: options, file: file, range: range, keyPath: keyPath, described: described
        ).findings(header: jws.header, payload: payload, parts: jws.parts)
        if case .object(let members) = payload.value, let type = SignedPayloadType(members: members) {
            // Names are the payload's, untrusted: six at most, each cut to 40 characters.
            let names =
                members.prefix(6).map { $0.key.count > 40 ? $0.key.prefix(40) + "…" : $0.key }.joined(separator: ", ")
                + (members.count > 6 ? ", …" : "")
            return [
                Diagnostic(
                    file: file, rule: RuleID.ep714InvalidSignedPayload,
                    message: "\(described) is not a notification: its JWS payload (\(names)) is \(type.description)",
                    range: range, keyPath: keyPath, value: excerpt)
            ] + signature
        }
        let prefix = keyPath.isEmpty ? "" : keyPath + "."
        let context = ServerContext(
            file: file, kind: .notification, object: payload, options: options, run: run, keyPathPrefix: prefix,
            anchor: range)
        return signature + check(context)
    }

    /// A compact JWS's three parts, its header and payload JSON objects.
    struct DecodedJWS {
        var header: JSONNode
        var payload: JSONNode
        var parts: [Substring]
    }

    /// The JWS in `text`, or why it is none (EP714's message).
    static func decodeJWS(_ text: Substring) -> Result<DecodedJWS, TokenFailure> {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            return .failure(
                TokenFailure(
                    rule: RuleID.ep714InvalidSignedPayload,
                    message: "it has \(parts.count) dot-separated parts, not 3 (header.payload.signature)"))
        }
        func object(_ part: Substring, _ name: String) -> Result<JSONNode, TokenFailure> {
            let bytes: [UInt8]
            do throws(Base64URL.Failure) { bytes = try Base64URL.decode(part) } catch {
                return .failure(
                    TokenFailure(
                        rule: RuleID.ep714InvalidSignedPayload,
                        message: "its \(name) is not Base64URL (\(error.message))"))
            }
            let read = JSONReader.read(bytes)
            guard let root = read.root, root.isObject, read.duplicates.isEmpty else {
                return .failure(
                    TokenFailure(
                        rule: RuleID.ep714InvalidSignedPayload,
                        message: "its \(name) is not a JSON object\(read.error.map { " (\($0.message))" } ?? "")"))
            }
            return .success(root)
        }
        switch (object(parts[0], "header"), object(parts[1], "payload")) {
        case (.failure(let failure), _), (_, .failure(let failure)): return .failure(failure)
        case (.success(let header), .success(let payload)):
            return .success(DecodedJWS(header: header, payload: payload, parts: parts))
        }
    }

    /// A notification's `data.signedTransactionInfo` and `data.signedRenewalInfo`, verified as its
    /// own signature when written as a compact JWS (Apple's example models hold placeholder text there).
    private func nestedSignatures(_ context: ServerContext) -> [Diagnostic] {
        guard let data = context.member("data")?.value, data.isObject else { return [] }
        var diagnostics: [Diagnostic] = []
        for key in ["signedTransactionInfo", "signedRenewalInfo"] {
            guard let member = data.member(key), let text = member.value.string,
                text.utf8.count(where: { $0 == UInt8(ascii: ".") }) == 2
            else { continue }
            let keyPath = context.keyPathPrefix + "data." + key
            let range = context.anchor ?? member.value.range
            switch Self.decodeJWS(Substring(text)) {
            case .failure(let failure):
                diagnostics.append(
                    Diagnostic(
                        file: context.file, rule: failure.rule, message: "data.\(key) is not a JWS: \(failure.message)",
                        range: range, keyPath: keyPath))
            case .success(let jws):
                diagnostics += SignatureCheck(
                    options: options, file: context.file, range: range, keyPath: keyPath, described: "data.\(key)"
                ).findings(header: jws.header, payload: jws.payload, parts: jws.parts)
            }
        }
        return diagnostics
    }

    /// Runs the rules of the context's kind; a notification's `externalPurchaseToken` object is
    /// then checked as the token it is, at its own members (or at the signed payload's place).
    private func check(_ context: ServerContext) -> [Diagnostic] {
        for rule in rules where rule.kinds.contains(context.kind) { rule.check(context) }
        guard context.kind == .notification else { return context.diagnostics }
        let nested = nestedSignatures(context)
        guard let token = context.member("externalPurchaseToken"), token.value.isObject else {
            return context.diagnostics + nested
        }
        let embedded = ServerContext(
            file: context.file, kind: .token, object: token.value, options: options, run: run,
            keyPathPrefix: context.keyPathPrefix + "externalPurchaseToken.", anchor: context.anchor)
        return context.diagnostics + nested + check(embedded)
    }
}
