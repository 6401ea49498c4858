import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `specrun` and its `specrun-http` helper say to each other over one stream socket (the
/// helper's standard input and output): `send` and `cancel` one way, `answer` and `failure` the
/// other, each naming its exchange by `id`. A frame is the message's JSON and a raw body, each
/// preceded by its length (4 bytes, big-endian), so a body of 10 MiB is copied, not encoded.
package enum HTTPHelperWire {
    package struct Message: Codable, Sendable, Equatable {
        package enum Kind: String, Codable, Sendable {
            case send, cancel, answer, failure
        }

        package var kind: Kind
        package var id: Int
        /// `send`: the exchange, its body carried beside the JSON.
        package var exchange: HTTPExchange.Head?
        /// `answer`: the status.
        package var status: Int?
        /// `failure`: the reason.
        package var reason: String?

        package init(kind: Kind, id: Int, exchange: HTTPExchange.Head? = nil, status: Int? = nil, reason: String? = nil) {
            self.kind = kind
            self.id = id
            self.exchange = exchange
            self.status = status
            self.reason = reason
        }
    }

    /// The largest JSON part and the largest body a frame may carry: a message names one request
    /// (a URL, a few headers), a body is at most a service answer's cap plus what a request sends.
    static let maximumJSON = 4 * 1024 * 1024
    static let maximumBody = 64 * 1024 * 1024

    /// Writes one frame to `fd`; false when the other end is gone. Never raises SIGPIPE.
    package static func write(_ message: Message, body: [UInt8]?, to fd: Int32) -> Bool {
        guard let json = try? JSONEncoder().encode(message) else { return false }
        let payload = body ?? []
        var frame: [UInt8] = []
        frame.reserveCapacity(8 + json.count + payload.count)
        frame += bigEndian(UInt32(json.count))
        frame += bigEndian(UInt32(payload.count))
        frame += json
        frame += payload
        var offset = 0
        while offset < frame.count {
            let n = frame[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Reads one frame from `fd`; nil at the end of the stream or on a frame that breaks the
    /// format (the connection is then unusable).
    package static func read(from fd: Int32) -> (message: Message, body: [UInt8])? {
        guard let lengths = readExactly(8, from: fd) else { return nil }
        let jsonLength = Int(lengths[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        let bodyLength = Int(lengths[4..<8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        guard jsonLength <= maximumJSON, bodyLength <= maximumBody,
              let json = readExactly(jsonLength, from: fd), let body = readExactly(bodyLength, from: fd),
              let message = try? JSONDecoder().decode(Message.self, from: Data(json)) else { return nil }
        return (message, body)
    }

    private static func bigEndian(_ n: UInt32) -> [UInt8] {
        [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
    }

    private static func readExactly(_ count: Int, from fd: Int32) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let n = out[offset...].withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return nil }
            offset += n
        }
        return out
    }
}

extension HTTPExchange {
    /// An exchange without its body, as the helper's messages carry it.
    package struct Head: Codable, Sendable, Equatable {
        package var method: String
        package var url: String
        package var headers: [Header]
        package var hasBody: Bool
        package var timeout: Int
        package var maximumBodySize: Int
    }

    /// This exchange's head, its body to carry beside it.
    package var head: Head {
        Head(method: method, url: url, headers: headers, hasBody: body != nil, timeout: timeout, maximumBodySize: maximumBodySize)
    }

    /// The exchange `head` describes, with `body`.
    package init(_ head: Head, body: [UInt8]) {
        self.init(method: head.method, url: head.url, headers: head.headers, body: head.hasBody ? body : nil,
                  timeout: head.timeout, maximumBodySize: head.maximumBodySize)
    }
}
