import Foundation
import SpecTesting
import Testing

/// `specrun run --live` plays on a live screen: calls overlap as in an app, a `flatMapLatest`
/// that switches cancels the request it leaves (the server sees the connection closed), and each
/// fault of a backend becomes the spec's error value. Through the built binary, against servers on
/// 127.0.0.1 that the tests start; its own process, so the test process's load does not pace it.
@Suite("run --live on a live screen")
struct LiveRunConcurrencyTests {
    /// A search screen whose `results` follow `query` through `search` (`flatMap` or
    /// `flatMapLatest`), the service calling `GET /search/QUERY`.
    static func search(_ op: String, steps: String) -> String {
        """
        screen: Search
        inputs:
          query: String
        outputs:
          results:
            stream: query
            ops:
              - \(op): { call: search, with: { q: $0 } }
        services:
          search:
            returns: String
            params: { q: String }
            result: "fake"
            http:
              get: /search/{q}
              timeout: 60s
        scenarios:
          - name: searches
            steps:
        \(steps)

        """
    }

    func run(_ spec: String, _ baseURL: String) async throws -> CommandResult {
        let path = try CLI.temporarySpec(spec, name: "live.yaml")
        return try await offThePool { try CLI.run(["run", "--live", "--base-url", baseURL, path], timeout: 300) }
    }

    /// The times and values of `name`'s lines in a text timeline.
    func lines(of name: String, in timeline: String) -> [(time: Int, value: String)] {
        timeline.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            guard fields.count == 3, fields[1] == name, fields[0].hasSuffix("ms"), let time = Int(fields[0].dropLast(2)) else { return nil }
            return (time, String(fields[2]).trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func callsOverlapAsInAnApp() async throws {
        // "a" takes 3 s, "b" 0.2 s, asked in that order: played one after the other, "b" would
        // answer after "a"; overlapping, it answers first.
        let server = try LocalHTTPServer(routes: ["/search/a": .json(200, #""found a""#, delay: 3),
                                                  "/search/b": .json(200, #""found b""#, delay: 0.2)])
        defer { server.stop() }
        let result = try await run(Self.search("flatMap", steps: """
                  - send: { query: "a" }
                  - send: { query: "b" }
                  - wait: 5s
                  - expect: { results: "found a" }
            """), server.baseURL)
        #expect(result.status == 0, "\(result)")
        let answers = lines(of: "results", in: result.stdout)
        #expect(answers.map(\.value) == [#""found b""#, #""found a""#], "\(result)")
        if answers.count == 2 { #expect(answers[0].time >= 200 && answers[1].time >= 3000, "\(result)") }
        #expect(Set(server.requests.map(\.target)) == ["/search/a", "/search/b"])
    }

    @Test func aSwitchCancelsTheCallItLeavesAndTheServerSeesItClosed() async throws {
        // The slow answer would come after the command's own time limit (CLI.run's 300 s): a run
        // that waited for it would fail there instead of passing.
        let server = try LocalHTTPServer(routes: ["/search/slow": .json(200, #""slow""#, delay: 900),
                                                  "/search/fast": .json(200, #""fast""#, delay: 0.1)])
        defer { server.stop() }
        let result = try await run(Self.search("flatMapLatest", steps: """
                  - send: { query: "slow" }
                  - wait: 300ms
                  - send: { query: "fast" }
                  - wait: 3s
                  - expect: { results: "fast" }
            """), server.baseURL)
        #expect(result.status == 0, "\(result)")
        // The timeline shows the cancellation where the switch happened, as a virtual run does,
        // then the answer of the call it switched to.
        let results = lines(of: "results", in: result.stdout)
        // Subscribed at the first step: 0ms, or a few ms later on a loaded machine (real time).
        #expect(results.map { $0.value.replacingOccurrences(of: #"subscribed at \d+ms"#, with: "subscribed at …", options: .regularExpression) }
                    == [#"⊘ cancelled search(q: "slow"), subscribed at …"#, #""fast""#], "\(result)")
        if results.count == 2 { #expect(results[0].time >= 300 && results[1].time >= results[0].time + 100, "\(result)") }
        // The server saw the left call's connection closed before it answered.
        var polls = 12_000  // 600 s of 50 ms sleeps, counted: a wait for a free thread is not the bound's
        while server.closedByClient.isEmpty && polls > 0 {
            try await Task.sleep(for: .milliseconds(50))
            polls -= 1
        }
        #expect(server.closedByClient.map(\.path) == ["/search/slow"], "\(server.closedByClient.map(\.path))")
    }

    static let fetch = """
        screen: Fetch
        inputs:
          go: event
        state:
          failure: { type: Error?, initial: null }
        actions:
          load:
            trigger: go
            work: { call: fetch }
        handlers:
          - on: load.errors
            set: { failure: load.errors }
        services:
          fetch:
            returns: '[Int]'
            result: [1]
            http:
              get: /items
              timeout: 10s
        scenarios:
          - name: fails
            steps:
              - send: go
              - wait: 12s

        """

    @Test(arguments: [
        ("a body that is not JSON", LocalHTTPServer.Route.text(200, "<html>maintenance</html>"), "decode"),
        ("a conflict", .json(409, #"{"error": "exists"}"#), "http(409)"),
        ("a body over the cap", .fault(.huge(bytes: 11 * 1024 * 1024)), "unknown"),
        ("a redirect loop", .fault(.redirectLoop), "unknown"),
        ("a body byte by byte past the timeout", .fault(.byteByByte(delay: 1.0), body: "[1, 2, 3, 4, 5, 6, 7, 8, 9]"), "unknown"),
        ("a connection closed mid-body", .fault(.closeMidBody, body: "[1, 2, 3, 4, 5, 6, 7, 8]"), "unknown"),
    ])
    func eachFaultIsTheSpecsErrorValue(_ name: String, _ route: LocalHTTPServer.Route, _ expected: String) async throws {
        let server = try LocalHTTPServer(routes: ["/items": route])
        defer { server.stop() }
        let result = try await run(Self.fetch, server.baseURL)
        #expect(result.status == 0, "\(name): \(result)")
        #expect(lines(of: "failure", in: result.stdout).map(\.value) == ["nil", expected], "\(name): \(result)")
    }

    @Test func anUnreachableHostIsUnknown() async throws {
        // A port on 127.0.0.1 where nothing listens: the tests never go on the network.
        let result = try await run(Self.fetch, "http://127.0.0.1:\(LocalHTTPServer.refusingPort())")
        #expect(result.status == 0, "\(result)")
        #expect(lines(of: "failure", in: result.stdout).map(\.value) == ["nil", "unknown"], "\(result)")
    }
}

/// Runs `body`, which blocks for as long as a live run takes, on a thread of its own: a live run
/// waits in real time, and a test that blocked one of Swift concurrency's few threads meanwhile
/// would hold up the tasks of every other suite running in parallel.
func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
