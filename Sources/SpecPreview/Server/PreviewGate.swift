import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The preview's front door: it listens on the preview's address, reads each connection's
/// request head itself within limits and a deadline, refuses what the ``RequestGuard`` or the
/// limits refuse, and only then hands the connection to FlyingFox (on a socket in a private
/// folder), passing bytes both ways until either side closes.
///
/// FlyingFox 0.27.1 reads a whole request, with no limit on a header line, the number of
/// headers or a body's length, before the handler (and so the token check) sees it, byte by
/// byte on Swift's cooperative threads: two connections sending forever kept both threads of a
/// two-core machine busy, and the preview stopped answering everyone. Here a connection without
/// the token costs at most ``RequestHead/maximumSize`` bytes and ``headDeadline``, on a thread of
/// its own, and none of it reaches FlyingFox (docs/preview.md, "Security").
final class PreviewGate: @unchecked Sendable {
    /// The port the gate listens on.
    let port: UInt16
    /// How long a connection may take to send its head, from the moment it is accepted.
    let headDeadline: Duration
    /// The most connections served at once; more are closed at once.
    static let maximumConnections = 256

    private let listener: Int32
    private let upstream: String
    private let requestGuard: @Sendable () -> RequestGuard?
    // Guarded by `lock`: the accept thread adds, connection threads remove, `stop` reads.
    private let lock = NSLock()
    private var open: Set<Int32> = []
    private var stopped = false

    /// Listens on `host:port` (IPv4; port 0 picks a free one) and hands what passes `requestGuard`
    /// to the server listening on the Unix socket `upstream`.
    init(host: String, port: UInt16, upstream: String, headDeadline: Duration = .seconds(10),
         requestGuard: @escaping @Sendable () -> RequestGuard?) throws(PreviewError) {
        self.upstream = upstream
        self.headDeadline = headDeadline
        self.requestGuard = requestGuard
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw PreviewError(message: "'\(host)' is not an IPv4 address to listen on")
        }
        let fd = GateSocket.streamSocket(AF_INET)
        guard fd >= 0 else { throw PreviewError(message: "cannot listen on \(host):\(port): no socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            close(fd)
            throw PreviewError(message: "cannot listen on \(host):\(port): \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        self.port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "preview gate"
        thread.start()
    }

    /// Stops listening and closes every connection.
    func stop() {
        lock.lock()
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

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd >= 0 { GateSocket.prepareAccepted(fd) }
            lock.lock()
            let over = stopped
            let full = open.count >= Self.maximumConnections
            if fd >= 0, !over, !full { open.insert(fd) }
            lock.unlock()
            if over {
                if fd >= 0 { close(fd) }
                return
            }
            guard fd >= 0 else { continue }
            if full {
                close(fd)
                continue
            }
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

    /// One connection: its head read and judged, then either an answer of the gate's own or the
    /// connection handed over.
    private func serve(_ client: Int32) {
        let read = GateSocket.readHead(client, limit: RequestHead.maximumSize, deadline: .now + headDeadline)
        let head: RequestHead
        let rest: [UInt8]
        switch read {
        case .closed:
            return
        case .refused(let refusal):
            return answer(client, refusal.status, refusal.reason)
        case .head(let bytes, let after):
            do {
                head = try RequestHead.parse(bytes)
            } catch {
                return answer(client, error.status, error.reason)
            }
            rest = after
        }
        guard let requestGuard = requestGuard() else { return answer(client, 503, "starting") }
        let origin: String?
        let host: String?
        do {
            origin = try head.single("origin")
            host = try head.single("host")
        } catch {
            return answer(client, error.status, error.reason)
        }
        let cookie = head.values("cookie").joined(separator: "; ")
        let verdict = requestGuard.check(tokenParameter: head.tokenParameter, host: host, origin: origin,
                                         cookie: cookie.isEmpty ? nil : cookie)
        if case .deny(let reason) = verdict { return answer(client, 403, "forbidden: \(reason)") }
        guard let server = GateSocket.connect(unix: upstream) else { return answer(client, 503, "the preview is stopping") }
        defer { close(server) }
        guard GateSocket.sendAll(server, head.forwarded + rest) else { return }
        GateSocket.splice(client, server)
    }

    /// Answers with `status` and `reason` as text, with the page's security headers, and closes.
    private func answer(_ fd: Int32, _ status: Int, _ reason: String) {
        let body = Array((reason + "\n").utf8)
        let phrase = [400: "Bad Request", 403: "Forbidden", 408: "Request Timeout", 413: "Content Too Large",
                      431: "Request Header Fields Too Large", 503: "Service Unavailable"][status] ?? "Error"
        let head = "HTTP/1.1 \(status) \(phrase)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
            + "Connection: close\r\nContent-Security-Policy: default-src 'self'\r\nX-Content-Type-Options: nosniff\r\n"
            + "Referrer-Policy: no-referrer\r\nCache-Control: no-store\r\n\r\n"
        _ = GateSocket.sendAll(fd, Array(head.utf8) + body)
        // The connection closes with the answer; what the client still sends is dropped, briefly.
        shutdown(fd, Int32(SHUT_WR))
        GateSocket.drain(fd)
    }
}
