import Dispatch
import Foundation
@testable import SpecRuntime
import Testing

/// The live clock's controls, which the preview drives: paused, the screen's time stands while
/// real time runs; a jump runs what comes due on the way, in order, at its own time; the
/// scheduled-event limit stops the clock instead of looping. No assertion depends on how fast
/// the machine is: a paused clock reads no real time, and the one running reading is bounded
/// by readings of the same clock taken around it.
@Suite("Live clock controls")
struct LiveClockControlsTests {
    @Test func pausedTimeStandsAndAJumpRunsWhatComesDueInOrder() {
        let virtual = VirtualClock()
        let clock = LiveClock(clock: virtual)
        clock.pause()
        clock.start()
        defer { clock.stop {} }
        var ran: [Int] = []
        _ = clock.runNow {
            virtual.schedule(after: 300) { ran.append(virtual.now) }
            virtual.schedule(after: 100) { ran.append(virtual.now) }
        }
        #expect(clock.isPaused)
        #expect(clock.read { clock.elapsed } == 0)
        clock.advance(to: 250)
        #expect(ran == [100])
        #expect(clock.read { virtual.now } == 250)
        // Jobs still run while paused, at the time the clock stands at.
        _ = clock.runNow { ran.append(virtual.now) }
        #expect(ran == [100, 250])
        clock.advance(to: 1000)
        #expect(ran == [100, 250, 300])
        // A jump never goes back.
        clock.advance(to: 10)
        #expect(clock.read { clock.elapsed } == 1000)
    }

    /// Made paused, the clock counts none of the real time before and after its start: the
    /// preview's scenario played from the start began at 1 ms on a loaded machine, where a
    /// pause after the clock was made kept the moment between.
    @Test func aClockMadePausedStartsAtZeroHoweverLongTheStartTakes() {
        let virtual = VirtualClock()
        let clock = LiveClock(clock: virtual, paused: true)
        Thread.sleep(forTimeInterval: 0.02)
        clock.start()
        defer { clock.stop {} }
        Thread.sleep(forTimeInterval: 0.02)
        var at: [Int] = []
        _ = clock.runNow { at.append(virtual.now) }
        #expect(clock.isPaused)
        #expect(at == [0])
        #expect(clock.read { clock.elapsed } == 0)
    }

    @Test func resumedAtTenTimesTheScreensTimeRunsTenTimesRealTime() {
        let virtual = VirtualClock()
        let clock = LiveClock(clock: virtual)
        clock.pause()
        clock.start()
        defer { clock.stop {} }
        clock.setSpeed(10)
        #expect(clock.speed == 10)
        func wall() -> Int { Int(DispatchTime.now().uptimeNanoseconds / 1_000_000) }
        let before = wall()
        clock.resume()
        let resumed = wall()
        // Spin, not sleep: at least 20 ms of real time pass, however the machine schedules.
        while wall() - resumed < 20 {}
        let (earliest, reached, latest) = (wall(), clock.read { clock.elapsed }, wall())
        #expect(reached >= (earliest - resumed) * 10 - 10)
        #expect(reached <= (latest - before) * 10 + 10)
        clock.setSpeed(1e9)
        #expect(clock.speed == 100)
        clock.setSpeed(.nan)
        #expect(clock.speed == 1)
    }

    @Test func theEventLimitStopsTheClockAndKeepsItStopped() {
        let virtual = VirtualClock()
        let clock = LiveClock(clock: virtual)
        virtual.limit = 10
        clock.pause()
        clock.start()
        defer { clock.stop {} }
        // A timer that schedules itself again forever.
        func again() { virtual.schedule(after: 1) { again() } }
        _ = clock.runNow { again() }
        clock.advance(to: 1000)
        #expect(clock.limitReached?.limit == 10)
        #expect(clock.isPaused)
        clock.resume()
        #expect(clock.isPaused, "a clock stopped by its limit does not run again")
    }
}
