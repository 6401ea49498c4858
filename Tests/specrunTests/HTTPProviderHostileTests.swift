import Foundation
import ScreenSpec
import SpecHTTP
import SpecRuntime
import SpecTesting
import SpecTools
import Testing

/// A hostile backend against the URLSession transport (what `specrun run --live`, the preview and
/// an app's live screen send with): an endless body is refused at the cap without the rest
/// being read, endless headers end at the timeout, a redirect to another scheme or origin is
/// refused and never followed. Bounds are generous (30 s) and the test is what happens, not how
/// fast.
@Suite("HTTP provider against a hostile backend")
struct HTTPProviderHostileTests {
    static let spec = """
        screen: S
        services:
          items:
            returns: "[Int]"
            result: [0]
            http: { get: /items, timeout: 1s, headers: { Authorization: 'Bearer \\(env.TOKEN)' } }
          slowItems:
            returns: "[Int]"
            result: [0]
            http: { get: /items, timeout: 60s }
          itemsWithToken:
            returns: "[Int]"
            result: [0]
            http: { get: /items, timeout: 60s, headers: { Authorization: 'Bearer \\(env.TOKEN)' } }
        """

    enum Transport: String, CaseIterable, CustomTestStringConvertible {
        case urlSession
        var testDescription: String { rawValue }

        var transport: any HTTPTransport {
            switch self {
            case .urlSession: URLSessionTransport()
            }
        }
    }

    func client(_ server: LocalHTTPServer, _ transport: Transport, maximumBodySize: Int = HTTPServiceClient.maximumBodySize) throws -> HTTPServiceClient {
        let loaded = SpecLoader.load(text: Self.spec, path: "s.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        return HTTPServiceClient(spec: checked, baseURL: server.baseURL, environment: ["TOKEN": "s3cr3t"],
                                 maximumBodySize: maximumBodySize, transport: transport.transport)
    }

    /// The call's error, waited for on a thread of its own (the answer comes on a transport
    /// thread), so that the wait holds none of Swift concurrency's threads.
    func failure(_ client: HTTPServiceClient, _ service: String) async throws -> ErrorValue? {
        try await offThePool { self.waitForFailure(client, service) }
    }

    func waitForFailure(_ client: HTTPServiceClient, _ service: String) -> ErrorValue? {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        client.start(service, names: [], arguments: []) { result in
            box.set(result)
            done.signal()
        }
        guard done.wait(timeout: .now() + 30) == .success else { return ErrorValue(.unknown, message: "no answer in 30 s") }
        return box.error
    }

    @Test(arguments: Transport.allCases)
    func anEndlessBodyIsRefusedAtTheCapAndNotReadOn(_ transport: Transport) async throws {
        // An answer that would go on for a terabyte: only the client's refusal ends it.
        let server = try LocalHTTPServer(routes: ["/items": .fault(.endlessBody(limit: 1 << 40))])
        defer { server.stop() }
        let error = try await failure(try client(server, transport, maximumBodySize: 1_000_000), "slowItems")
        #expect(error?.message == "GET /items: the body is larger than the 1000000 bytes a service answer may have")
        // The client stops reading: it closes the connection, and the server's answer ends there.
        // How many bytes flow between the refusal and the close depends on the machine (76 MB seen
        // on an idle one, 593 MB under load), so the test waits for the close, not for a size.
        // Memory is what the cap is for: it does not keep what it reads past it (a 1 GiB answer
        // peaked at 60.6 MB resident in a debug `run --live`, 44.6 MB for a small one; docs/live.md).
        let end = server.endlessBodyEnd(timeout: 120)
        #expect(end == .clientClosed, "the answer \(end.map { "ended: \($0)" } ?? "was still being sent after 120 s") after \(server.bodyBytesSent) bytes")
    }

    @Test(arguments: Transport.allCases)
    func endlessHeadersEndAtTheTimeout(_ transport: Transport) async throws {
        let server = try LocalHTTPServer(routes: ["/items": .fault(.endlessHeaders(limit: 100_000_000))])
        defer { server.stop() }
        let error = try await failure(try client(server, transport), "items")
        // The deadline, or libcurl giving up on the headers first (URLError -1): either way an
        // `unknown` that ends the call, where it used to run on for many times the timeout.
        #expect(["GET /items: no complete answer within 1000ms", "GET /items: the request failed (URLError -1)"].contains(error?.message),
                "\(String(describing: error))")
    }

    @Test(arguments: Transport.allCases, ["file:///etc/passwd", "ftp://127.0.0.1/items", "http://localhost:1/items"])
    func aRedirectToAnotherSchemeOrOriginIsRefused(_ transport: Transport, _ location: String) async throws {
        let server = try LocalHTTPServer(routes: ["/items": .fault(.redirect(to: location)), "/etc/passwd": .json(200, "[1]")])
        defer { server.stop() }
        let error = try await failure(try client(server, transport), "slowItems")
        #expect(error?.message == "GET /items: redirected to another origin, which is not followed")
        #expect(server.requests.map(\.path) == ["/items"])
    }

    @Test(arguments: Transport.allCases)
    func aRedirectOnTheSameOriginIsFollowedWithItsHeaders(_ transport: Transport) async throws {
        let server = try LocalHTTPServer(routes: ["/items": .fault(.redirect(to: "/moved")), "/moved": .json(200, "[1]")])
        defer { server.stop() }
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        try client(server, transport).start("itemsWithToken", names: [], arguments: []) { box.set($0); done.signal() }
        let answered = try await offThePool { done.wait(timeout: .now() + 120) == .success }
        #expect(answered)
        #expect(box.value == .list([.int(1)]))
        #expect(server.requests.map(\.path) == ["/items", "/moved"])
        #expect(server.requests.last?.header("Authorization") == "Bearer s3cr3t")
    }

    final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var result: Result<Value, ServiceFailure>?
        func set(_ r: Result<Value, ServiceFailure>) {
            lock.lock()
            result = r
            lock.unlock()
        }
        var error: ErrorValue? {
            lock.lock()
            defer { lock.unlock() }
            if case .failure(let f)? = result { return f.error }
            return nil
        }
        var value: Value? {
            lock.lock()
            defer { lock.unlock() }
            return try? result?.get()
        }
    }
}
