import Foundation
import ScreenSpec
import SpecRuntime
import SpecHTTP
import SpecTesting
import Testing

/// The HTTP provider plugged into the embedding API's live screen: a service with an `http:`
/// section answered by a real server on 127.0.0.1, through the provider seam.
@Suite("HTTPServiceProvider in a LiveScreen")
struct HTTPLiveScreenTests {
    @Test func aLiveScreenGetsTheServersAnswer() async throws {
        let server = try LocalHTTPServer(routes: ["GET /items": .json(200, "[4, 5, 6]", delay: 0.1)])
        defer { server.stop() }
        let loaded = SpecLoader.load(text: """
            screen: Items
            inputs:
              load: event
            state:
              items: { type: "[Int]", initial: [] }
            actions:
              fetch: { trigger: load, work: { call: api.items } }
            handlers:
              - on: fetch.elements
                set: { items: fetch.elements }
            services:
              api.items:
                returns: "[Int]"
                result: [1]
                http: { get: /items, timeout: 120s }   # the wiring is tested, not the speed: a loaded machine may take seconds to start the call

            """, path: "items.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let screen = try LiveScreen(spec: spec)
        for (name, provider) in HTTPServiceProvider.providers(for: spec, baseURL: server.baseURL, environment: [:]) {
            try screen.provide(name, provider)
        }
        screen.start()
        defer { screen.stop() }
        try screen.send("load")
        // Generous, and counted in polls, not read from the clock: the provider runs in a Task,
        // which (as this test's own) waits for a free thread while other suites of a parallel
        // test run block theirs, and that wait must not use up the bound.
        var polls = 30_000  // 600 s of 20 ms sleeps
        while try screen.value(of: "items") != .list([.int(4), .int(5), .int(6)]), polls > 0 {
            try await Task.sleep(for: .milliseconds(20))
            polls -= 1
        }
        #expect(try screen.value(of: "items") == .list([.int(4), .int(5), .int(6)]))
        #expect(server.requests.map(\.target) == ["/items"])
    }
}
