import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// HTTP over a plain socket, so a test sends exactly the headers it means (URLSession would set
/// `Host` and `Origin` itself), for tests of the preview's server. Each call blocks its thread;
/// the `async` ones run on a thread of their own (``offThePool(_:)``).
package enum RawHTTP {
    package struct Response: Sendable {
        package var status: Int
        package var headers: [(String, String)]
        package var body: String
        package func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
    }

    package struct Failure: Error { package var message: String }

    package static func connect(port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw Failure(message: "socket failed") }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)  // generous: the machine may be busy
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { close(fd); throw Failure(message: "connect failed") }
        return fd
    }

    package static func send(_ fd: Int32, target: String, headers: [String: String]) {
        var request = "GET \(target) HTTP/1.1\r\n"
        for (k, v) in headers { request += "\(k): \(v)\r\n" }
        request += "\r\n"
        _ = request.withCString { systemSend(fd, $0, strlen($0)) }
    }

    /// Writes all of `bytes`; false when the server closed or the send timed out.
    package static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { systemSend(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Sends `text` on a new connection and reads the answer's status line; nil when the server
    /// closed without one.
    package static func status(port: UInt16, _ text: String) throws -> Int? {
        let fd = try connect(port: port)
        defer { close(fd) }
        _ = sendAll(fd, Array(text.utf8))
        return readStatus(fd)
    }

    /// The status of the answer on `fd`, read up to its status line; nil when the server closed
    /// (or nothing came in the 30 s receive timeout) without one.
    package static func readStatus(_ fd: Int32) -> Int? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !data.contains(10) {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            data += buffer[0..<n]
        }
        let line = String(decoding: data.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self).split(separator: " ")
        return line.count >= 2 ? Int(line[1]) : nil
    }

    /// Reads until the headers and `Content-Length` bytes of body are in (or the peer closes).
    /// ``getBlocking(port:target:headers:)`` on a thread of its own: the test waits without
    /// holding a thread of the cooperative pool, which the server under test answers on (two
    /// threads on two cores, and other tests block some).
    package static func get(port: UInt16, target: String, headers: [String: String]) async throws -> Response {
        try await offThePool { try getBlocking(port: port, target: target, headers: headers) }
    }

    package static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    package static func getBlocking(port: UInt16, target: String, headers: [String: String]) throws -> Response {
        let fd = try connect(port: port)
        defer { close(fd) }
        send(fd, target: target, headers: headers)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
            if let response = parse(data), response.status == 101 || response.body.utf8.count >= Int(response.header("Content-Length") ?? "0") ?? 0 {
                return response
            }
        }
        guard let response = parse(data) else { throw Failure(message: "no response to \(target)") }
        return response
    }

    package static func parse(_ data: Data) -> Response? {
        let text = String(decoding: data, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Response(status: status, headers: headers, body: String(text[end.upperBound...]))
    }

    /// Opens a WebSocket and returns the text of its first `count` frames (unmasked server frames).
    package static func webSocketText(port: UInt16, target: String, host: String, count: Int) async throws -> [String] {
        try await offThePool { try webSocketTextBlocking(port: port, target: target, host: host, count: count) }
    }

    package static func webSocketTextBlocking(port: UInt16, target: String, host: String, count: Int) throws -> [String] {
        let fd = try connect(port: port)
        defer { close(fd) }
        send(fd, target: target, headers: ["Host": host, "Upgrade": "websocket", "Connection": "Upgrade",
                                           "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13"])
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var frames: [String] = []
        var headerEnd: Int?
        while frames.count < count {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            bytes += buffer[0..<n]
            if headerEnd == nil, let r = Data(bytes).range(of: Data("\r\n\r\n".utf8)) {
                headerEnd = r.upperBound
                bytes.removeFirst(r.upperBound)
            }
            guard headerEnd != nil else { continue }
            while bytes.count >= 2 {
                var length = Int(bytes[1] & 0x7f)
                var offset = 2
                if length == 126 {
                    guard bytes.count >= 4 else { break }
                    length = Int(bytes[2]) << 8 | Int(bytes[3]); offset = 4
                } else if length == 127 {
                    guard bytes.count >= 10 else { break }
                    length = (2..<10).reduce(0) { $0 << 8 | Int(bytes[$1]) }; offset = 10
                }
                guard bytes.count >= offset + length else { break }
                frames.append(String(decoding: bytes[offset..<(offset + length)], as: UTF8.self))
                bytes.removeFirst(offset + length)
            }
        }
        return frames
    }
}

#if canImport(Glibc)
private let streamType = Int32(SOCK_STREAM.rawValue)

private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    Glibc.connect(fd, address, length)
}

/// `send` that never raises SIGPIPE on a connection the server closed.
private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL))
}
#else
private let streamType = SOCK_STREAM

private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    return Darwin.connect(fd, address, length)
}

private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    Darwin.send(fd, bytes, count, 0)
}
#endif
