import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// A poll nested in a request's `ops:` on a live screen, its fetch served by a provider that
/// answers in an hour: going hidden cancels the live call in flight (its task too), and coming
/// back starts another. Only the order of events is asserted, never a time.
@Suite("Live nested request")
struct LiveNestedRequestTests {
    static let spec = """
        screen: LivePoll
        inputs:
          appear: event
          disappear: event
        state:
          visible: { type: Bool, initial: false }
        outputs:
          quotes:
            stream: visible
            ops:
              - flatMapLatest:
                  if: $0
                  then: { interval: 10ms, ops: [ { flatMapFirst: { call: api.quote } } ] }
                  else: { empty }
        handlers:
          - on: appear
            set: { visible: "true" }
          - on: disappear
            set: { visible: "false" }
        services:
          api.quote: { returns: Int, result: 1 }
        """

    @Test func goingHiddenCancelsTheLiveCallInFlight() async throws {
        let screen = try LiveScreen(spec: liveSpec(Self.spec))
        let asked = Collected<Int>()
        try screen.provide("api.quote") { () async throws -> Int in
            asked.append(1)
            try await Task.sleep(for: .seconds(3600))
            return 2
        }
        let quotes = Collected<Value>()
        try screen.observe("quotes") { quotes.append($0) }
        screen.start()
        defer { screen.stop() }
        try screen.send("appear")
        // The first tick fetches; `flatMapFirst` drops the ticks after it while it runs.
        #expect(await eventually(within: 600) { screen.callsInFlight == 1 && asked.all.count == 1 })
        try screen.send("disappear")
        #expect(screen.callsInFlight == 0)
        #expect(await eventually(within: 600) { screen.calls.tasks.count == 0 }, "the provider's task runs on after the fetch was disposed")
        try screen.send("appear")
        #expect(await eventually(within: 600) { screen.callsInFlight == 1 && asked.all.count == 2 })
        #expect(quotes.all.isEmpty)
    }
}
