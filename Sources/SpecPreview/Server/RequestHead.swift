import Foundation

/// A request's head (its request line and headers) as the preview's gate reads it off the
/// socket, before FlyingFox sees anything: within fixed limits, or refused with a status.
///
/// RFC 9112's rules the preview needs, strictly: an origin-form target (`/path?query`; an
/// absolute-form `http://other/` is refused, not served by its `Host`), exactly one `Host`, no
/// whitespace before a header's colon, no line folding, and no body at all (the preview serves
/// only `GET`s and its socket: a declared body is refused without being read).
struct RequestHead: Equatable {
    var method: String
    /// Path and query, as sent (origin-form).
    var target: String
    var version: String
    /// In order, as sent.
    var headers: [(name: String, value: String)]

    static func == (a: RequestHead, b: RequestHead) -> Bool {
        a.method == b.method && a.target == b.target && a.version == b.version
            && a.headers.map(\.name) == b.headers.map(\.name) && a.headers.map(\.value) == b.headers.map(\.value)
    }

    /// The most bytes a head may have, request line and headers together, and the most headers.
    static let maximumSize = 16 * 1024
    static let maximumHeaders = 64

    /// Why a head is refused: the status to answer with and a reason for the body.
    struct Refusal: Error, Equatable {
        var status: Int
        var reason: String

        static func bad(_ reason: String) -> Refusal { Refusal(status: 400, reason: reason) }
    }

    /// The values of the header `name` (any case), in order.
    func values(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name }.map(\.value)
    }

    /// The one value of `name`, nil when absent; refused when it is given twice.
    func single(_ name: String) throws(Refusal) -> String? {
        let all = values(name)
        guard all.count <= 1 else { throw .bad("more than one '\(name)' header") }
        return all.first
    }

    /// The `token` query parameter, percent-decoded.
    var tokenParameter: String? {
        guard let query = target.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.first == "token" {
                return parts.count > 1 ? String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding : ""
            }
        }
        return nil
    }

    /// A WebSocket handshake (`Upgrade: websocket` with `Connection: upgrade`).
    var isUpgrade: Bool {
        values("upgrade").contains { $0.lowercased() == "websocket" }
            && values("connection").contains { $0.lowercased().split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "upgrade" } }
    }

    /// The head as FlyingFox gets it: as sent, but a request that is not a WebSocket handshake
    /// asks for the connection to close after its answer, so that every request on a connection
    /// passes the gate (the gate reads one head per connection).
    var forwarded: [UInt8] {
        var text = "\(method) \(target) \(version)\r\n"
        let upgrade = isUpgrade
        for (name, value) in headers {
            let lower = name.lowercased()
            if !upgrade, lower == "connection" || lower == "keep-alive" { continue }
            text += "\(name): \(value)\r\n"
        }
        if !upgrade { text += "Connection: close\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// Parses `bytes`, the head without its final empty line.
    static func parse(_ bytes: ArraySlice<UInt8>) throws(Refusal) -> RequestHead {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        guard let requestLine = lines.first else { throw .bad("no request line") }
        lines.removeFirst()
        let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, let method = token(parts[0]), let version = String(validating: parts[2], as: UTF8.self),
              version == "HTTP/1.1" || version == "HTTP/1.0" else { throw .bad("not an HTTP/1.1 request line") }
        guard let target = String(validating: parts[1], as: UTF8.self), target.hasPrefix("/"),
              !target.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            throw .bad("the request target must be a path ('/…'): absolute-form and authority-form are not served")
        }
        guard lines.count <= maximumHeaders else { throw Refusal(status: 431, reason: "more than \(maximumHeaders) headers") }
        var headers: [(name: String, value: String)] = []
        for line in lines where !line.isEmpty {
            guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
                throw .bad("a folded header line")
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), let name = token(line[line.startIndex..<colon]),
                  let value = String(validating: line[(colon + 1)...], as: UTF8.self),
                  !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else {
                throw .bad("a header line that is not 'name: value'")
            }
            headers.append((name, value.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))))
        }
        let head = RequestHead(method: method, target: target, version: version, headers: headers)
        guard try head.single("host") != nil else { throw .bad("no 'host' header") }
        if let length = try head.single("content-length"), length != "0" {
            throw Refusal(status: 413, reason: "the preview takes no request body")
        }
        if !head.values("transfer-encoding").isEmpty { throw Refusal(status: 413, reason: "the preview takes no request body") }
        return head
    }

    /// `bytes` as an RFC 9110 token (a method or a header name), nil when it is not one.
    private static func token(_ bytes: ArraySlice<UInt8>) -> String? {
        guard !bytes.isEmpty, bytes.allSatisfy({ byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
