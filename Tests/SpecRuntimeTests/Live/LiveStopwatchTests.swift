import Foundation
import ScreenSpec
@testable import SpecRuntime
import Testing

/// Issue 39's stopwatch on a live screen: the switch that a handler's write makes through a
/// request that waits runs on the live clock as on the virtual one. Only the order of events is
/// asserted, never a time.
@Suite("Live stopwatch")
struct LiveStopwatchTests {
    @Test func itStopsItselfAndStartsAgain() async throws {
        let screen = try LiveScreen(spec: liveSpec(StopwatchFeedbackTests.stopwatch))
        let ticks = Collected<Value>()
        try screen.observe("ticks") { ticks.append($0) }
        screen.start()
        defer { screen.stop() }
        #expect(await eventually { ticks.all.count >= 3 && (try? screen.value(of: "running")) == .bool(false) })
        // Disposed in the instant 'running' turned false: no fourth tick, however late this reads.
        #expect(ticks.all == [.int(0), .int(1), .int(2)])
        try screen.send("start")
        #expect(try screen.value(of: "running") == .bool(true))
        #expect(await eventually { ticks.all.count >= 6 && (try? screen.value(of: "running")) == .bool(false) })
        #expect(ticks.all == [0, 1, 2, 0, 1, 2].map(Value.int))
        #expect(try screen.value(of: "remaining") == .int(0))
    }
}
