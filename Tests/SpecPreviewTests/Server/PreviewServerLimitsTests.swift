import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpecPreview
import SpecTesting
import Testing

/// The preview's limits over real sockets: requests that would make the server read forever
/// are refused while their head is read, by the gate's own threads, before anything reaches
/// FlyingFox. What needs FlyingFox's answer (a token holder answered while eight connections
/// keep sending) is tested on the command in a process of its own (specrunTests'
/// PreviewSocketTests). Bounds are generous (30 s): the test is that answers arrive, not how fast.
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

    @Test func aDeclaredBodyIsRefusedWithoutBeingRead() async throws {
        try await withServer { server in
            let port = server.port
            let own = "127.0.0.1:\(port)"
            let token = server.token
            let results = try await RawHTTP.offThePool {
                [
                    // Nothing of the 300 MB is sent: the answer comes from the head alone.
                    try RawHTTP.status(port: port, "POST / HTTP/1.1\r\nHost: \(own)\r\nContent-Length: 300000000\r\n\r\n"),
                    try RawHTTP.status(port: port, "POST /?token=\(token) HTTP/1.1\r\nHost: \(own)\r\nContent-Length: 300000000\r\n\r\n"),
                    try RawHTTP.status(port: port, "POST /?token=\(token) HTTP/1.1\r\nHost: \(own)\r\nTransfer-Encoding: chunked\r\n\r\n"),
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
                return (try RawHTTP.status(port: port, line), try RawHTTP.status(port: port, headers), RawHTTP.readStatus(fd))
            }
            #expect(long == 431)
            #expect(many == 431)
            #expect(silent == 408)
        }
    }
}
