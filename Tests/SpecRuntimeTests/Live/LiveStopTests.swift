import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecHTTP
import SpecTesting
import Testing

/// `stop()` leaves nothing behind, seen from outside: the server sees the in-flight request's
/// connection closed, no provider task runs on, no timer is armed and nothing stays scheduled.
@Suite("live screen stop")
struct LiveStopTests {
    static let spec = """
        screen: Stop
        inputs:
          go: event
        outputs:
          later:
            stream: go
            ops:
              - delay: 3600s
          remote:
            stream: go
            ops:
              - flatMap: { call: remote }
          local:
            stream: go
            ops:
              - flatMap: { call: local }
        services:
          remote:
            returns: String
            result: "fake"
            http:
              get: /never
              timeout: 3600s
          local:
            returns: Int
            result: 1

        """

    @Test func stopLeavesNoTaskTimerOrConnection() async throws {
        // The server would answer in an hour: the call is in flight when the screen stops, however
        // long a loaded machine takes to get there (a minute was seen passed under four builds).
        let server = try LocalHTTPServer(routes: ["/never": .json(200, #""late""#, delay: 3600)])
        defer { server.stop() }
        let spec = try liveSpec(Self.spec)
        let screen = try LiveScreen(spec: spec)
        for (name, provider) in HTTPServiceProvider.providers(for: spec, baseURL: server.baseURL, environment: [:]) {
            try screen.provide(name, provider)
        }
        try screen.provide("local") { () async throws -> Int in
            try await Task.sleep(for: .seconds(3600))
            return 2
        }
        screen.start()
        try screen.send("go")
        #expect(await eventually(within: 600) { server.requests.count == 1 && screen.calls.tasks.count == 2 })
        #expect(screen.callsInFlight == 2)
        #expect(screen.clock.hasTimer)
        #expect(screen.clock.read { screen.graph.clock.pendingCount } == 1)   // the delay's element
        screen.stop()
        #expect(screen.callsInFlight == 0)
        #expect(!screen.clock.hasTimer)
        #expect(screen.clock.read { screen.graph.clock.pendingCount } == 0)
        #expect(await eventually(within: 600) { screen.calls.tasks.count == 0 }, "a provider task runs on after stop()")
        #expect(await eventually(within: 600) { server.closedByClient.map(\.path) == ["/never"] }, "the server did not see the connection closed")
    }
}
