import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
import SpecTesting
import Testing

@Suite("Virtual clock")
struct VirtualClockTests {
    @Test func tiesRunInScheduleOrderAndTimeNeverGoesBack() throws {
        let clock = VirtualClock()
        var log: [String] = []
        clock.schedule(after: 10) { log.append("b@\(clock.now)") }
        clock.schedule(after: 5) { log.append("a@\(clock.now)") }
        clock.schedule(after: 10) {
            log.append("c@\(clock.now)")
            clock.schedule(after: 0) { log.append("d@\(clock.now)") }
        }
        try clock.advance(to: 7)
        #expect(log == ["a@5"])
        #expect(clock.now == 7)
        try clock.advance(to: 3)
        #expect(clock.now == 7)
        try clock.advance(to: 20)
        #expect(log == ["a@5", "b@10", "c@10", "d@10"])
        #expect(clock.now == 20)
    }

    @Test func aRunawayScheduleStopsAtTheLimit() {
        let clock = VirtualClock(limit: 1000)
        func again() { clock.schedule(after: 0, again) }
        again()
        #expect(throws: RuntimeLimitError.self) { try clock.advance(to: 1) }
    }
}
