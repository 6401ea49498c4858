import Foundation
import ScreenSpec
import SpecHTTP
import SpecRuntime
import SpecTesting
import Testing

/// The HTTP provider against a real server on 127.0.0.1: requests built from the `http:` section,
/// answers read into `returns:`, every fault an error value, never a hang, secrets never shown.
@Suite("HTTP provider against a local server")
struct HTTPProviderTests {
    static let spec = """
        screen: S
        types:
          Subscription: { id: Int, status: Status, note: String? }
          Status: [active, pending]
        services:
          subscribe:
            returns: Subscription
            params: { address: String, list: Int }
            result: { id: 1, status: active }
            http:
              post: /lists/{list}/subscriptions
              body: { address: address, tags: ['"news"'] }
              query: { source: '"app"', key: env.API_KEY }
              headers: { Authorization: 'Bearer \\(env.TOKEN)' }
              timeout: 2s
          items:
            returns: "[Int]"
            result: [0]
            http: { get: /items, timeout: 700ms }
          allItems:
            returns: "[Int]"
            result: [0]
            http: { get: /items }
          ping:
            returns: Void
            http: { delete: /ping }
        """

    static let environment = ["TOKEN": "s3cr3t-token-value", "API_KEY": "k3y-value"]

    func client(_ server: LocalHTTPServer?, port: Int? = nil, maximumBodySize: Int = HTTPServiceClient.maximumBodySize) throws -> HTTPServiceClient {
        let loaded = SpecLoader.load(text: Self.spec, path: "s.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let base = server?.baseURL ?? "http://127.0.0.1:\(port ?? 9)"
        return HTTPServiceClient(spec: checked, baseURL: base, environment: Self.environment, maximumBodySize: maximumBodySize,
                                 transport: URLSessionTransport())
    }

    func outcome(_ client: HTTPServiceClient, _ service: String, _ names: [String] = [], _ arguments: [Value] = []) async -> Result<Value, ServiceFailure> {
        do { return .success(try await client.call(service, names: names, arguments: arguments)) } catch { return .failure(error) }
    }

    func failure(_ result: Result<Value, ServiceFailure>) -> ErrorValue? {
        if case .failure(let f) = result { return f.error }
        return nil
    }

    @Test func theRequestIsBuiltFromTheSectionAndTheAnswerDecoded() async throws {
        let server = try LocalHTTPServer(routes: ["POST /lists/3/subscriptions": .json(201, #"{"id": 7, "status": "pending", "extra": [1, 2]}"#)])
        defer { server.stop() }
        let result = await outcome(try client(server), "subscribe", ["address", "list"], [.string("a b@c.d"), .int(3)])
        #expect(try result.get() == .record(RecordValue(type: "Subscription", fieldNames: ["id", "status", "note"],
                                                         fields: [.int(7), .enumCase(EnumValue(type: "Status", caseName: "pending")), .none])))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.target == "/lists/3/subscriptions?source=app&key=k3y-value")
        #expect(request.header("Authorization") == "Bearer s3cr3t-token-value")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.body == #"{"address":"a b@c.d","tags":["news"]}"#)
    }

    @Test func aStatusOf400OrMoreIsHTTPStatus() async throws {
        let server = try LocalHTTPServer(routes: ["/lists/1/subscriptions": .json(409, #"{"error": "exists"}"#)])
        defer { server.stop() }
        let error = failure(await outcome(try client(server), "subscribe", ["address", "list"], [.string("a"), .int(1)]))
        #expect(error?.kind == .http)
        #expect(error?.status == 409)
    }

    @Test(arguments: [
        ("<html>oops</html>", "the body is not JSON: expected a JSON value, found '<' at byte 0"),
        (#"{"id": "7", "status": "active"}"#, "$.id: expected an integer, found a string"),
        (#"{"id": 7, "status": "gone"}"#, "$.status: 'gone' is not a case of 'Status' ('active', 'pending')"),
        (#"{"status": "active"}"#, "$: the field 'id' of 'Subscription' is missing"),
        (#"{"id": 7, "status": "active"} x"#, "the body is not JSON: unexpected 'x' after the JSON value at byte 30"),
    ])
    func anUndecodableBodyIsDecodeWithTheReason(_ body: String, _ reason: String) async throws {
        let server = try LocalHTTPServer(routes: ["/lists/1/subscriptions": .json(200, body)])
        defer { server.stop() }
        let error = failure(await outcome(try client(server), "subscribe", ["address", "list"], [.string("a"), .int(1)]))
        #expect(error?.kind == .decode)
        #expect(error?.message == "POST /lists/{list}/subscriptions: " + reason)
    }

    @Test func listsAndVoid() async throws {
        let server = try LocalHTTPServer(routes: ["/items": .json(200, "[1, 2.0, 3]"), "DELETE /ping": .text(204, "")])
        defer { server.stop() }
        let c = try client(server)
        // Not `items`, whose 700 ms deadline a busy machine can miss: this test is about decoding.
        #expect(try await outcome(c, "allItems").get() == .list([.int(1), .int(2), .int(3)]))
        #expect(try await outcome(c, "ping").get() == .void)
    }

    @Test func aRefusedConnectionIsUnknown() async throws {
        // Not `items`, whose 700 ms deadline a loaded machine can pass before URLSession reports
        // the refusal (seen in CI under load): this test is about the refusal's error value.
        let error = failure(await outcome(try client(nil, port: LocalHTTPServer.refusingPort()), "allItems"))
        #expect(error?.kind == .unknown)
        #expect(error?.message == "GET /items: the connection was refused")
    }

    @Test(arguments: [
        ("a server that never answers", LocalHTTPServer.Route.json(200, "[1]", delay: 30)),
        ("headers then nothing", .fault(.stall(seconds: 30), body: "[1]")),
        ("a body byte by byte", .fault(.byteByByte(delay: 0.5), body: "[" + (1...20).map(String.init).joined(separator: ", ") + "]")),
    ])
    func slowAnswersEndAtTheTimeout(_ name: String, _ route: LocalHTTPServer.Route) throws {
        let server = try LocalHTTPServer(routes: ["/items": route])
        defer { server.stop() }
        // Timed where the answer is delivered (a URLSession or Dispatch thread), so that a busy
        // test process cannot delay the measurement.
        let (error, elapsed) = timedCall(try client(server), "items")
        #expect(error?.kind == .unknown, "\(name): \(String(describing: error))")
        #expect(error?.message == "GET /items: no complete answer within 700ms", "\(name)")
        #expect(elapsed >= .milliseconds(690) && elapsed < .seconds(15), "\(name): took \(elapsed)")
    }

    /// Starts a call and waits for its completion; its error and how long it took.
    func timedCall(_ client: HTTPServiceClient, _ service: String, cancelAfter: Duration? = nil) -> (ErrorValue?, Duration) {
        let done = DispatchSemaphore(value: 0)
        let started = ContinuousClock.now
        let box = Box()
        let cancel = client.start(service, names: [], arguments: []) { result in
            box.set(result, ContinuousClock.now - started)
            done.signal()
        }
        if let cancelAfter {
            Thread.sleep(forTimeInterval: Double(cancelAfter.components.attoseconds) / 1e18 + Double(cancelAfter.components.seconds))
            cancel()
        }
        done.wait()
        return box.get()
    }

    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var result: (ErrorValue?, Duration) = (nil, .zero)
        func set(_ r: Result<Value, ServiceFailure>, _ d: Duration) {
            lock.lock()
            if case .failure(let f) = r { result = (f.error, d) } else { result = (nil, d) }
            lock.unlock()
        }
        func get() -> (ErrorValue?, Duration) {
            lock.lock()
            defer { lock.unlock() }
            return result
        }
    }

    @Test func aConnectionClosedMidBodyIsUnknown() async throws {
        let server = try LocalHTTPServer(routes: ["/items": .fault(.closeMidBody, body: "[1, 2, 3, 4, 5, 6, 7, 8]")])
        defer { server.stop() }
        let error = failure(await outcome(try client(server), "allItems"))
        #expect(error?.kind == .unknown || error?.kind == .decode, "\(String(describing: error))")
        #expect(error?.kind == .unknown, "\(String(describing: error))")
    }

    @Test func aRedirectLoopIsUnknown() async throws {
        let server = try LocalHTTPServer(routes: ["/lists/1/subscriptions": .fault(.redirectLoop)])
        defer { server.stop() }
        let error = failure(await outcome(try client(server), "subscribe", ["address", "list"], [.string("a"), .int(1)]))
        #expect(error?.kind == .unknown)
        #expect(error?.message == "POST /lists/{list}/subscriptions: more than 10 redirects")
        #expect(server.requests.count == 11)
    }

    @Test func aBodyOverTheCapIsUnknownAndNotReadToTheEnd() async throws {
        let server = try LocalHTTPServer(routes: ["/items": .fault(.huge(bytes: 50_000_000))])
        defer { server.stop() }
        let error = failure(await outcome(try client(server, maximumBodySize: 1_000_000), "allItems"))
        #expect(error?.kind == .unknown)
        #expect(error?.message == "GET /items: the body is 50000000 bytes, more than the 1000000 a service answer may have")
    }

    @Test func secretsEchoedByTheServerAreRedacted() async throws {
        let server = try LocalHTTPServer(routes: ["/lists/1/subscriptions": .json(200, #"{"id": 1, "status": "active", "note": "your token is s3cr3t-token-value"}"#)])
        defer { server.stop() }
        let c = try client(server)
        let value = try await outcome(c, "subscribe", ["address", "list"], [.string("a"), .int(1)]).get()
        #expect(!ValueFormatter.text(value).contains("s3cr3t"))
        #expect(ValueFormatter.text(value).contains("your token is •••"))
        #expect(c.redact("k3y-value and s3cr3t-token-value") == "••• and •••")
    }

    @Test func cancellingTheCallEndsItAtOnce() async throws {
        let server = try LocalHTTPServer(routes: ["/items": .json(200, "[1]", delay: 30)])
        defer { server.stop() }
        let c = try client(server)
        let task = Task { await outcome(c, "allItems") }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        #expect(failure(await task.value)?.message == "GET /items: cancelled")
        // Timed where the answer is delivered: the server would answer after 30 s (and `allItems`
        // has no short deadline of its own, so only the cancellation can end it sooner).
        let (error, elapsed) = timedCall(c, "allItems", cancelAfter: .milliseconds(100))
        #expect(error?.message == "GET /items: cancelled")
        #expect(elapsed < .seconds(15), "took \(elapsed)")
    }
}
