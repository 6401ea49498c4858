import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests: scripted answers per path, faults on demand,
/// and a record of every request it saw. One thread per connection; every answer closes the
/// connection. Never listens beyond the loopback interface.
///
/// ```swift
/// let server = try LocalHTTPServer(routes: ["/subscriptions": .json(201, #"{"id": 7, "status": "active"}"#)])
/// defer { server.stop() }
/// // ... call server.baseURL ...
/// #expect(server.requests.first?.method == "POST")
/// ```
package final class LocalHTTPServer: @unchecked Sendable {
    /// What a path answers.
    package struct Route: Sendable {
        package enum Behavior: Sendable {
            /// The whole answer at once.
            case normal
            /// Headers, then nothing for this long (then the body).
            case stall(seconds: Double)
            /// The body one byte at a time, `delay` apart.
            case byteByByte(delay: Double)
            /// Announces the whole body's length, sends half of it and closes.
            case closeMidBody
            /// `302` to itself, forever.
            case redirectLoop
            /// Announces `bytes` bytes and sends them (zeros inside a JSON string), for the cap.
            case huge(bytes: Int)
            /// Announces no length and sends body bytes until the client closes (at most
            /// `limit`), counting them in ``LocalHTTPServer/bodyBytesSent``.
            case endlessBody(limit: Int)
            /// Sends header lines without end (at most `limit` of them), never the body.
            case endlessHeaders(limit: Int)
            /// `302` to `location`, as written.
            case redirect(to: String)
        }

        package var status: Int
        package var headers: [(String, String)]
        package var body: [UInt8]
        package var behavior: Behavior = .normal
        /// Wait this long before answering at all.
        package var delay: Double = 0

        package init(status: Int, headers: [(String, String)], body: [UInt8], behavior: Behavior = .normal, delay: Double = 0) {
            self.status = status
            self.headers = headers
            self.body = body
            self.behavior = behavior
            self.delay = delay
        }

        package static func json(_ status: Int = 200, _ body: String, delay: Double = 0) -> Route {
            Route(status: status, headers: [("Content-Type", "application/json")], body: Array(body.utf8), delay: delay)
        }

        package static func text(_ status: Int = 200, _ body: String) -> Route {
            Route(status: status, headers: [("Content-Type", "text/plain")], body: Array(body.utf8))
        }

        package static func fault(_ behavior: Behavior, body: String = #"{"id": 1, "status": "active"}"#) -> Route {
            Route(status: 200, headers: [("Content-Type", "application/json")], body: Array(body.utf8), behavior: behavior)
        }
    }

    /// A request as it arrived.
    package struct Request: Sendable {
        package var method: String
        /// Path and query, as sent.
        package var target: String
        package var headers: [(name: String, value: String)]
        package var body: String

        package func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
        package var path: String { String(target.prefix { $0 != "?" }) }
    }

    package let port: Int
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    private let listener: Int32
    private let routes: [String: Route]
    private let lock = NSLock()
    private var seen: [Request] = []
    private var hungUp: [Request] = []
    private var stopped = false
    private var open: Set<Int32> = []
    private var bodySent = 0
    private var bodyEnds: [EndlessBodyEnd] = []

    /// `routes` by path (`/items`) or by method and path (`POST /items`); anything else is 404.
    package init(routes: [String: Route]) throws {
        self.routes = routes
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// A port on 127.0.0.1 where nothing listens: connecting is refused.
    package static func refusingPort() -> Int {
        guard let server = try? LocalHTTPServer(routes: [:]) else { return 9 }
        let port = server.port
        server.stop()
        return port
    }

    /// The requests seen so far, in arrival order.
    package var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return seen
    }

    /// The requests whose client closed the connection while the server was still waiting to
    /// answer (a `delay` or a `stall`): a cancelled call, seen from the server.
    package var closedByClient: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return hungUp
    }

    /// The bytes of body sent by `endlessBody` answers so far (those the client read, or the
    /// kernel took for it).
    package var bodyBytesSent: Int {
        lock.lock()
        defer { lock.unlock() }
        return bodySent
    }

    /// How an `endlessBody` answer ended: the client closed the connection (it stopped reading),
    /// the answer reached its limit, or the server stopped.
    package enum EndlessBodyEnd: Equatable, Sendable {
        case clientClosed
        case limit
        case stopped
    }

    /// How the first `endlessBody` answer ended, waiting for it up to `timeout` seconds; nil if it
    /// is still being sent then. A wait for what the client does, not a measure of its speed.
    package func endlessBodyEnd(timeout: Double) -> EndlessBodyEnd? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            lock.lock()
            let end = bodyEnds.first
            lock.unlock()
            if let end { return end }
            guard Date() < deadline else { return nil }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Closes the listener and every open connection; stalled answers end.
    package func stop() {
        lock.lock()
        // Once only: closing the listener twice could close a descriptor reused meanwhile.
        guard !stopped else {
            lock.unlock()
            return
        }
        stopped = true
        let connections = open
        lock.unlock()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for fd in connections { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    deinit { stop() }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop() {
        while !isStopped {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else {
                if isStopped { return }
                continue
            }
            lock.lock()
            open.insert(fd)
            lock.unlock()
            let thread = Thread { [self] in
                serve(fd)
                lock.lock()
                open.remove(fd)
                lock.unlock()
                close(fd)
            }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        guard let request = readRequest(fd) else { return }
        lock.lock()
        seen.append(request)
        lock.unlock()
        let route = routes[request.method + " " + request.path] ?? routes[request.path] ?? .text(404, "not found")
        if route.delay > 0, !sleep(route.delay, answering: request, on: fd) { return }
        var head = "HTTP/1.1 \(route.status) \(Self.reason(route.status))\r\nConnection: close\r\n"
        for (name, value) in route.headers { head += "\(name): \(value)\r\n" }
        switch route.behavior {
        case .normal:
            head += "Content-Length: \(route.body.count)\r\n\r\n"
            send(fd, Array(head.utf8) + route.body)
        case .stall(let seconds):
            head += "Content-Length: \(route.body.count)\r\n\r\n"
            send(fd, Array(head.utf8))
            if sleep(seconds, answering: request, on: fd) { send(fd, route.body) }
        case .byteByByte(let delay):
            head += "Content-Length: \(route.body.count)\r\n\r\n"
            send(fd, Array(head.utf8))
            for byte in route.body {
                guard sleep(delay), send(fd, [byte]) else { return }
            }
        case .closeMidBody:
            head += "Content-Length: \(route.body.count)\r\n\r\n"
            send(fd, Array(head.utf8) + route.body.prefix(route.body.count / 2))
        case .redirectLoop:
            send(fd, Array("HTTP/1.1 302 Found\r\nConnection: close\r\nLocation: \(request.path)\r\nContent-Length: 0\r\n\r\n".utf8))
        case .huge(let bytes):
            head += "Content-Length: \(bytes)\r\n\r\n"
            guard send(fd, Array(head.utf8) + Array("\"".utf8)) else { return }
            let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
            var sent = 1
            while sent < bytes - 1 {
                let n = min(chunk.count, bytes - 1 - sent)
                guard send(fd, Array(chunk.prefix(n))) else { return }
                sent += n
            }
            send(fd, Array("\"".utf8))
        case .endlessBody(let limit):
            guard send(fd, Array((head + "\r\n").utf8) + Array("\"".utf8)) else { return }
            let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
            var sent = 0
            var end = EndlessBodyEnd.clientClosed
            while true {
                guard sent < limit else { end = .limit; break }
                guard !isStopped else { end = .stopped; break }
                guard send(fd, chunk) else { break }
                sent += chunk.count
                lock.lock()
                bodySent += chunk.count
                lock.unlock()
            }
            lock.lock()
            bodyEnds.append(end)
            lock.unlock()
        case .endlessHeaders(let limit):
            guard send(fd, Array(head.utf8)) else { return }
            var lines = 0
            while lines < limit, !isStopped {
                let block = (0..<1000).map { "X-Filler-\(lines + $0): \(String(repeating: "x", count: 20))\r\n" }.joined()
                guard send(fd, Array(block.utf8)) else { return }
                lines += 1000
            }
        case .redirect(let location):
            send(fd, Array("HTTP/1.1 302 Found\r\nConnection: close\r\nLocation: \(location)\r\nContent-Length: 0\r\n\r\n".utf8))
        }
    }

    /// Sleeps in short steps; false when the server stopped meanwhile.
    private func sleep(_ seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if isStopped { return false }
            usleep(10_000)
        }
        return !isStopped
    }

    /// Sleeps as ``sleep(_:)`` while watching the connection: false, with the request noted in
    /// ``closedByClient``, when the client closes it first.
    private func sleep(_ seconds: Double, answering request: Request, on fd: Int32) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var byte: UInt8 = 0
        while Date() < deadline {
            if isStopped { return false }
            // 0: the peer closed its end (a request's bytes were all read already).
            if recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0 {
                lock.lock()
                hungUp.append(request)
                lock.unlock()
                return false
            }
            usleep(5_000)
        }
        return !isStopped
    }

    @discardableResult
    private func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    private func readRequest(_ fd: Int32) -> Request? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headEnd: Int?
        while headEnd == nil {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return nil }
            data += buffer[0..<n]
            if data.count > 1_000_000 { return nil }
            headEnd = Self.find([13, 10, 13, 10], in: data)
        }
        guard let headEnd else { return nil }
        let head = String(decoding: data[0..<headEnd], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        let headers: [(name: String, value: String)] = lines.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        var body = Array(data[(headEnd + 4)...])
        while body.count < length {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            body += buffer[0..<n]
        }
        return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: String(decoding: body, as: UTF8.self))
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where Array(haystack[i..<(i + needle.count)]) == needle { return i }
        return nil
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 201: return "Created"
        case 302: return "Found"
        case 404: return "Not Found"
        case 409: return "Conflict"
        case 500: return "Internal Server Error"
        default: return "Status"
        }
    }
}
