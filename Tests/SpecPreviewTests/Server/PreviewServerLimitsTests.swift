import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpecPreview
import SpecTesting
import Testing

/// The preview's limits over real sockets: requests that would make the server read forever
/// are refused while their head is read, before anything reaches FlyingFox, and a token holder
/// is answered while eight connections keep sending. Bounds are generous (30 s): the test is
/// that answers arrive, not how fast.
@Suite(.serialized)
struct PreviewServerLimitsTests {
    func withServer(headDeadline: Duration = .seconds(10), _ body: (PreviewServer) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("tiny.yaml").path
        try Fixtures.text("tiny.yaml").write(toFile: path, atomically: true, encoding: .utf8)
        let server = try await PreviewServer(sessions: [try PreviewSession(path: path)], headDeadline: headDeadline)
        try await body(server)
        await server.stop()
    }

    /// Sends `text` on a new connection and reads the answer's status line; nil when the server
    /// closed without one.
    static func status(port: UInt16, _ text: String) throws -> Int? {
        let fd = try RawHTTP.connect(port: port)
        defer { close(fd) }
        _ = RawHTTP.sendAll(fd, Array(text.utf8))
        return RawHTTP.readStatus(fd)
    }

    @Test func twoHostsOrAnAbsoluteTargetAre400() async throws {
        try await withServer { server in
            let port = server.port
            let own = "127.0.0.1:\(port)"
            let token = server.token
            let results = try await RawHTTP.offThePool {
                [
                    try Self.status(port: port, "GET /?token=\(token) HTTP/1.1\r\nHost: evil.example\r\nHost: \(own)\r\n\r\n"),
                    try Self.status(port: port, "GET /?token=\(token) HTTP/1.1\r\nHost: \(own)\r\nHost: \(own)\r\n\r\n"),
                    try Self.status(port: port, "GET http://evil.example/?token=\(token) HTTP/1.1\r\nHost: \(own)\r\n\r\n"),
                    try Self.status(port: port, "GET http://\(own)/?token=\(token) HTTP/1.1\r\nHost: \(own)\r\n\r\n"),
                    try Self.status(port: port, "GET /?token=\(token) HTTP/1.1\r\n\r\n"),
                    try Self.status(port: port, "GET /?token=\(token) HTTP/1.1\r\nHost : \(own)\r\n\r\n"),
                    try Self.status(port: port, "GET /?token=\(token) HTTP/1.1\r\nHost: \(own)\r\n\r\n"),
                ]
            }
            #expect(results == [400, 400, 400, 400, 400, 400, 200])
        }
    }

    @Test func aDeclaredBodyIsRefusedWithoutBeingRead() async throws {
        try await withServer { server in
            let port = server.port
            let own = "127.0.0.1:\(port)"
            let token = server.token
            let results = try await RawHTTP.offThePool {
                [
                    // Nothing of the 300 MB is sent: the answer comes from the head alone.
                    try Self.status(port: port, "POST / HTTP/1.1\r\nHost: \(own)\r\nContent-Length: 300000000\r\n\r\n"),
                    try Self.status(port: port, "POST /?token=\(token) HTTP/1.1\r\nHost: \(own)\r\nContent-Length: 300000000\r\n\r\n"),
                    try Self.status(port: port, "POST /?token=\(token) HTTP/1.1\r\nHost: \(own)\r\nTransfer-Encoding: chunked\r\n\r\n"),
                ]
            }
            #expect(results == [413, 413, 413])
        }
    }

    @Test func aHeadOverTheLimitIs431AndASilentOneTimesOut() async throws {
        try await withServer(headDeadline: .milliseconds(500)) { server in
            let port = server.port
            let (long, many, silent) = try await RawHTTP.offThePool {
                let line = "GET / HTTP/1.1\r\nX-Long: " + String(repeating: "a", count: 64 * 1024) + "\r\n\r\n"
                let headers = "GET / HTTP/1.1\r\n" + (0..<100).map { "X-\($0): 1\r\n" }.joined() + "\r\n"
                let fd = try RawHTTP.connect(port: port)
                defer { close(fd) }
                return (try Self.status(port: port, line), try Self.status(port: port, headers), RawHTTP.readStatus(fd))
            }
            #expect(long == 431)
            #expect(many == 431)
            #expect(silent == 408)
        }
    }

    /// Eight connections without the token send forever (four a header line that never ends, four
    /// a body of 300 MB they declared), reconnecting whenever the server closes on them; a token
    /// holder's twenty requests, one after the other, are all answered meanwhile.
    @Test func tokenHoldersAreAnsweredWhileEightConnectionsSendForever() async throws {
        try await withServer { server in
            let port = server.port
            let own = "127.0.0.1:\(port)"
            let hostile = HostileSenders(port: port, host: own, count: 8)
            hostile.start()
            defer { hostile.stop() }
            // Let them get going before the token holder asks.
            try await Task.sleep(for: .milliseconds(300))
            let statuses = try await RawHTTP.offThePool {
                try (0..<20).map { _ in
                    try RawHTTP.getBlocking(port: port, target: "/?token=\(server.token)", headers: ["Host": own]).status
                }
            }
            #expect(statuses == Array(repeating: 200, count: 20))
            #expect(hostile.bytesSent > 0)
        }
    }
}

/// Connections that send without end, each on a thread of its own.
final class HostileSenders: @unchecked Sendable {
    private let port: UInt16
    private let host: String
    private let count: Int
    private let lock = NSLock()
    private var running = true
    private var sent = 0
    private var threads: [Thread] = []
    private let done = DispatchGroup()

    init(port: UInt16, host: String, count: Int) {
        self.port = port
        self.host = host
        self.count = count
    }

    var bytesSent: Int {
        lock.lock()
        defer { lock.unlock() }
        return sent
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    func start() {
        for k in 0..<count {
            done.enter()
            let thread = Thread { [self] in
                let head = k % 2 == 0
                    ? "GET / HTTP/1.1\r\nHost: \(host)\r\nX-Endless: "
                    : "POST / HTTP/1.1\r\nHost: \(host)\r\nContent-Length: 300000000\r\n\r\n"
                let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 16 * 1024)
                while isRunning {
                    guard let fd = try? RawHTTP.connect(port: port) else { continue }
                    var timeout = timeval(tv_sec: 1, tv_usec: 0)
                    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                    var ok = RawHTTP.sendAll(fd, Array(head.utf8))
                    while ok, isRunning {
                        ok = RawHTTP.sendAll(fd, chunk)
                        if ok {
                            lock.lock()
                            sent += chunk.count
                            lock.unlock()
                        }
                    }
                    close(fd)
                }
                done.leave()
            }
            threads.append(thread)
            thread.start()
        }
    }

    func stop() {
        lock.lock()
        running = false
        lock.unlock()
        done.wait()
    }
}
