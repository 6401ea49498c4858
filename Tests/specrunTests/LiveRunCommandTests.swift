import Foundation
import SpecTesting
import Testing

/// `specrun run --live` through the built binary against a real server on 127.0.0.1: the
/// server's values at real times, its failures as the spec's error values, notes where the fake
/// differs, and the token read from `env` never printed, in any format, on either stream.
@Suite("run --live against a local server")
struct LiveRunCommandTests {
    static let token = "tok-9f3a-SECRET-7c21"

    /// A spec whose scenario expects what `expectation` says after one call.
    static func spec(expect expectation: String, timeout: String = "2s") -> String {
        """
        screen: Newsletter
        types:
          Subscription: { id: Int, status: Status, note: String? }
          Status: [active, pending]
        inputs:
          address: { type: String, default: "" }
          subscribe: event
        state:
          subscription: { type: Subscription?, initial: null }
          failure: { type: Error?, initial: null }
        actions:
          join:
            trigger: subscribe
            work: { call: newsletter.subscribe, with: { address: address } }
        handlers:
          - on: join.elements
            set: { subscription: join.elements }
          - on: join.errors
            set: { failure: join.errors }
        services:
          newsletter.subscribe:
            returns: Subscription
            params: { address: String }
            latency: 500ms
            result: { id: 1, status: active }
            http:
              post: /subscriptions
              body: { address: address }
              query: { key: env.NEWSLETTER_TOKEN }
              headers: { Authorization: 'Bearer \\(env.NEWSLETTER_TOKEN)' }
              timeout: \(timeout)
        scenarios:
          - name: subscribes
            steps:
              - set: { address: "a@b.c" }
              - send: subscribe
              - wait: 3s
              - expect: \(expectation)

        """
    }

    func run(_ spec: String, _ server: LocalHTTPServer?, port: Int? = nil, format: String = "text", environment: [String: String]? = nil) async throws -> CommandResult {
        let path = try CLI.temporarySpec(spec, name: "news.yaml")
        let base = server?.baseURL ?? "http://127.0.0.1:\(port ?? 9)"
        return try await offThePool {
            try CLI.run(["run", "--live", "--base-url", base, "--format", format, path],
                        environment: environment ?? ["NEWSLETTER_TOKEN": Self.token], timeout: 300)
        }
    }

    /// The time of the first line of `name` whose value starts with `value` in a text timeline.
    func time(of name: String, _ value: String, in timeline: String) -> Int? {
        for line in timeline.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 3, fields[1] == name, fields[2].hasPrefix(value), fields[0].hasSuffix("ms") { return Int(fields[0].dropLast(2)) }
        }
        return nil
    }

    @Test func theServersValuesAtRealTimes() async throws {
        let server = try LocalHTTPServer(routes: ["POST /subscriptions": .json(201, #"{"id": 7, "status": "pending"}"#, delay: 0.3)])
        defer { server.stop() }
        let result = try await run(Self.spec(expect: "{ subscription: { id: 7, status: pending } }"), server)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("join.elements     Subscription(id: 7, status: .pending, note: nil)"), "\(result)")
        let at = try #require(time(of: "join.elements", "Subscription", in: result.stdout), "\(result)")
        // Real time: a loaded machine answers later, never before the server's 300 ms.
        #expect(at >= 300 && at < 3000, "answered at \(at)ms")
        let request = try #require(server.requests.first)
        #expect(request.method == "POST" && request.path == "/subscriptions")
        #expect(request.header("Authorization") == "Bearer " + Self.token)
        #expect(request.body == #"{"address":"a@b.c"}"#)
        // The fake answers otherwise: a located note says so.
        #expect(result.stderr.contains("news.yaml:21:3: note: service 'newsletter.subscribe': the fake answers Subscription(id: 1, status: .active, note: nil), "
                                       + "the service answered Subscription(id: 7, status: .pending, note: nil)"), "\(result)")
    }

    @Test func aConflictIsHTTP409() async throws {
        let server = try LocalHTTPServer(routes: ["/subscriptions": .json(409, #"{"error": "exists"}"#)])
        defer { server.stop() }
        let result = try await run(Self.spec(expect: "{ failure: http(409) }"), server)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("failure           http(409)"), "\(result)")
        #expect(result.stderr.contains("the fake answers Subscription(id: 1, status: .active, note: nil), the service answered http(409)"), "\(result)")
    }

    @Test func aBodyThatIsNotJSONIsDecodeWithTheReason() async throws {
        let server = try LocalHTTPServer(routes: ["/subscriptions": .text(200, "<html>maintenance</html>")])
        defer { server.stop() }
        let result = try await run(Self.spec(expect: "{ failure: decode }"), server, format: "json")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(#"{"error":"decode","message":"POST /subscriptions: the body is not JSON: expected a JSON value, found '<' at byte 0"}"#), "\(result)")
    }

    @Test func aRefusedConnectionIsUnknown() async throws {
        let result = try await run(Self.spec(expect: "{ failure: unknown }"), nil, port: LocalHTTPServer.refusingPort(), format: "json")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(#""message":"POST /subscriptions: the connection was refused""#), "\(result)")
    }

    @Test func aTimeoutIsUnknownAtTheTimeout() async throws {
        // The answer would come after the command's own time limit (300 s): a run that waited
        // for it would fail there; the timeline's time of the failure is the measure, not the
        // wall clock of a busy test machine.
        let server = try LocalHTTPServer(routes: ["/subscriptions": .json(200, #"{"id": 7, "status": "pending"}"#, delay: 900)])
        defer { server.stop() }
        let result = try await run(Self.spec(expect: "{ failure: unknown }", timeout: "400ms"), server)
        #expect(result.status == 0, "\(result)")
        let at = try #require(time(of: "failure", "unknown", in: result.stdout), "\(result)")
        #expect(at >= 400 && at < 3000, "failed at \(at)ms")
    }

    @Test func aMissingEnvironmentVariableIsALocatedErrorNamingIt() async throws {
        let server = try LocalHTTPServer(routes: [:])
        defer { server.stop() }
        let result = try await run(Self.spec(expect: "{ failure: unknown }"), server, environment: ["NEWSLETTER_TOKEN_OTHER": "x"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("news.yaml:29:21: error: the environment variable 'NEWSLETTER_TOKEN' is not set; service 'newsletter.subscribe' reads it"), "\(result)")
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: ["text", "json", "html"])
    func theTokenIsNeverPrinted(_ format: String) async throws {
        // The server echoes the token back, in a value and in the failure of a second call.
        let server = try LocalHTTPServer(routes: ["/subscriptions": .json(200, #"{"id": 7, "status": "pending", "note": "token \#(Self.token) accepted"}"#)])
        defer { server.stop() }
        for expectation in ["{ subscription: { id: 7, status: pending, note: \"token \(Self.token) accepted\" } }", "{ failure: unknown }"] {
            let result = try await run(Self.spec(expect: expectation), server, format: format)
            #expect(!result.stdout.contains(Self.token) && !result.stderr.contains(Self.token), "\(format): \(result)")
            #expect(!result.output.contains("SECRET"), "\(format)")
            #expect(result.output.contains("•••"), "\(format): \(result)")
        }
        #expect(server.requests.allSatisfy { $0.header("Authorization") == "Bearer " + Self.token })
    }

    @Test func usageMistakes() async throws {
        let path = try CLI.temporarySpec(Self.spec(expect: "{ failure: unknown }"), name: "news.yaml")
        let withoutLive = try CLI.run(["run", "--base-url", "http://127.0.0.1:1", path])
        #expect(withoutLive.status == 64 && withoutLive.stderr.contains("'--base-url' is for '--live' runs; add '--live'"), "\(withoutLive)")
        let badURL = try CLI.run(["run", "--live", "--base-url", "ftp://x", path])
        #expect(badURL.status == 64 && badURL.stderr.contains("'--base-url' takes an http or https URL such as 'http://127.0.0.1:8080', found 'ftp://x'"), "\(badURL)")
        // A path with no base URL: the call fails with the reason, the scenario goes on.
        let noBase = try await offThePool { try CLI.run(["run", "--live", "--format", "json", path], environment: ["NEWSLETTER_TOKEN": Self.token]) }
        #expect(noBase.status == 0 && noBase.stdout.contains("the path needs a base URL ('--base-url http://127.0.0.1:8080')"), "\(noBase)")
    }
}
