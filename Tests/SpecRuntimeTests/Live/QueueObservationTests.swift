import Foundation
import ScreenSpec
@testable import SpecRuntime
import Testing

/// `observe(_:on:_:)` calls back on the given queue, outside the screen's lock: a callback there
/// may wait for another thread that uses the screen, which a plain `observe` callback (run by the
/// job, under the lock) cannot do without deadlocking.
@Suite("live screen: observing on a queue")
struct QueueObservationTests {
    static let spec = """
        screen: Counter
        inputs:
          count: { type: Int, default: 0 }
        outputs:
          double: count * 2

        """

    @Test func callbacksRunOnTheQueueInOrderOutsideTheLock() async throws {
        let screen = try LiveScreen(spec: try liveSpec(Self.spec))
        screen.start()
        defer { screen.stop() }
        let queue = DispatchQueue(label: "observer")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let seen = Collected<String>()
        let token = try screen.observe("double", on: queue) { value in
            let onQueue = DispatchQueue.getSpecific(key: key) == true
            // Another thread writes the screen while this callback waits for it: under the
            // screen's lock that thread could never get in.
            var wrote = false
            if value == .int(2) {
                let done = DispatchSemaphore(value: 0)
                Thread {
                    try? screen.set("count", to: .int(5))
                    done.signal()
                }.start()
                wrote = done.wait(timeout: .now() + 20) == .success
            }
            seen.append("\(value) onQueue=\(onQueue)" + (value == .int(2) ? " wrote=\(wrote)" : ""))
        }
        try screen.set("count", to: .int(1))
        #expect(await eventually { seen.all.count == 3 })
        #expect(seen.all == ["0 onQueue=true", "2 onQueue=true wrote=true", "10 onQueue=true"])
        token.cancel()
        try screen.set("count", to: .int(7))
        // Whatever the queue still held when the token was cancelled is not delivered.
        queue.sync {}
        #expect(seen.all.count == 3)
    }
}
