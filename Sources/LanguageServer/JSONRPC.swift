import EplintBase

/// JSON-RPC 2.0 error codes the server answers with (the protocol's and LSP's own).
enum ErrorCode: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestCancelled = -32800
}

/// One message read from the client: a request (with an id), a notification (without), or a
/// response to a request of the server's (neither method nor params matter then).
struct IncomingMessage {
    /// The request's id as the client wrote it (an integer or a string); nil for a notification.
    var id: JSONValue?
    var method: String?
    var params: JSONNode?

    /// The message in `body`, or the error to answer it with (and the id when one could be read).
    static func decode(_ body: [UInt8]) -> Result<IncomingMessage, RPCError> {
        let read = JSONReader.read(body)
        guard let root = read.root else {
            let where_ = read.error.map { " at line \($0.position.line), column \($0.position.column)" } ?? ""
            return .failure(
                RPCError(.parseError, "malformed JSON\(where_): \(read.error?.message ?? "no value")", id: .null))
        }
        guard root.isObject else {
            return .failure(RPCError(.invalidRequest, "a message must be a JSON object", id: .null))
        }
        var message = IncomingMessage()
        if let id = root.member("id")?.value {
            switch id.value {
            case .string(let text): message.id = .string(text)
            case .number where id.integer != nil: message.id = .integer(Int(id.integer!))
            default: return .failure(RPCError(.invalidRequest, "an id must be an integer or a string", id: .null))
            }
        }
        if let method = root.member("method")?.value {
            guard let name = method.string else {
                return .failure(RPCError(.invalidRequest, "a method must be a string", id: message.id ?? .null))
            }
            message.method = name
        }
        message.params = root.member("params")?.value
        return .success(message)
    }
}

/// An error response.
struct RPCError: Error {
    var code: ErrorCode
    var message: String
    /// The request's id; `.null` when it could not be read, nil for a notification (no answer).
    var id: JSONValue?

    init(_ code: ErrorCode, _ message: String, id: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.id = id
    }
}

/// Messages the server writes, each framed with its `Content-Length`.
enum OutgoingMessage {
    static func response(id: JSONValue, result: JSONValue) -> [UInt8] {
        framed(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
    }

    static func error(_ error: RPCError, id: JSONValue) -> [UInt8] {
        framed(
            .object([
                ("jsonrpc", .string("2.0")), ("id", id),
                ("error", .object([("code", .integer(error.code.rawValue)), ("message", .string(error.message))])),
            ]))
    }

    static func request(id: JSONValue, _ method: String, _ params: JSONValue) -> [UInt8] {
        framed(.object([("jsonrpc", .string("2.0")), ("id", id), ("method", .string(method)), ("params", params)]))
    }

    static func notification(_ method: String, _ params: JSONValue) -> [UInt8] {
        framed(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }

    private static func framed(_ value: JSONValue) -> [UInt8] {
        let body = Array(value.serialized().utf8)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension JSONNode {
    /// The value of member `key`, when this is an object that has it.
    subscript(_ key: String) -> JSONNode? { member(key)?.value }

    var int: Int? { integer.flatMap { Int(exactly: $0) } }

    var isTrue: Bool {
        if case .bool(true) = value { return true }
        return false
    }

    var array: [JSONNode]? {
        if case .array(let items) = value { return items }
        return nil
    }
}
