import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 (an ephemeral port), the login screen's backend:
/// `POST /session` with `{"email": …, "password": …}` answers 204 for the right password
/// (`hunter2`), 401 for another one, 409 for `taken@example.com`; anything else 404. One
/// connection at a time, each closed after its answer: enough for an example and its test,
/// with no package but Foundation.
public final class LoginServer: @unchecked Sendable {
    /// The port it listens on.
    public let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var requests: [String] = []
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    /// Starts listening and serving on a thread of its own.
    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw ServerError("bind/listen: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// The base URL of the server, such as `http://127.0.0.1:40123`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The requests served so far, as `METHOD PATH EMAIL`.
    public var log: [String] {
        lock.lock()
        defer { lock.unlock() }
        return requests
    }

    /// Stops listening; returns once the serving thread has ended.
    public func stop() {
        lock.lock()
        let first = !stopped
        stopped = true
        lock.unlock()
        guard first else { return }
        // Wakes the blocked accept() on Linux and macOS alike.
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        done.wait()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func serve() {
        defer { done.signal() }
        while !isStopped {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            handle(client)
            close(client)
        }
    }

    private func handle(_ client: Int32) {
        guard let request = readRequest(client) else { return }
        let form = try? JSONDecoder().decode([String: String].self, from: request.body)
        lock.lock()
        requests.append("\(request.method) \(request.path) \(form?["email"] ?? "-")")
        lock.unlock()
        let status: Int
        if request.method == "POST", request.path == "/session" {
            if form?["email"] == "taken@example.com" {
                status = 409
            } else if form?["password"] == "hunter2" {
                status = 204
            } else {
                status = 401
            }
        } else {
            status = 404
        }
        let reason = [204: "No Content", 401: "Unauthorized", 404: "Not Found", 409: "Conflict"][status] ?? "Status"
        let head = "HTTP/1.1 \(status) \(reason)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        var bytes = Array(head.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeMutableBytes { send(client, $0.baseAddress! + sent, $0.count - sent, 0) }
            guard n > 0 else { return }
            sent += n
        }
    }

    /// The request line and the body (by `Content-Length`), nil for a malformed request.
    private func readRequest(_ client: Int32) -> (method: String, path: String, body: Data)? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator = Data("\r\n\r\n".utf8)
        while data.range(of: separator) == nil {
            let n = recv(client, &buffer, buffer.count, 0)
            guard n > 0, data.count < 65_536 else { return nil }
            data.append(contentsOf: buffer[0..<n])
        }
        guard let end = data.range(of: separator) else { return nil }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return nil }
        let length = lines.dropFirst().compactMap { line -> Int? in
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2, pair[0].lowercased() == "content-length" else { return nil }
            return Int(pair[1].trimmingCharacters(in: .whitespaces))
        }.first ?? 0
        guard length <= 65_536 else { return nil }
        var body = Data(data[end.upperBound...])
        while body.count < length {
            let n = recv(client, &buffer, buffer.count, 0)
            guard n > 0 else { return nil }
            body.append(contentsOf: buffer[0..<n])
        }
        return (String(parts[0]), String(parts[1]), body.prefix(length))
    }
}

/// The server could not start.
public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
