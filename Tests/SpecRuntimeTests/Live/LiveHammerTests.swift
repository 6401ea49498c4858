import Dispatch
import Foundation
@testable import SpecRuntime
import Testing

/// Eight threads at once on one `LiveScreen`: inputs, reads, observations made and cancelled,
/// and observers that write. Run under ThreadSanitizer (`swift test --sanitize=thread
/// --scratch-path .build-tsan --filter LiveHammerTests`) it must report no race: the screen's
/// lock (`JobLock`) is what every thread goes through. Counts only, no timing.
@Suite("Live screen hammer")
struct LiveHammerTests {
    @Test func eightThreadsOnOneScreen() async throws {
        let screen = try LiveScreen(spec: liveSpec(LiveScreenTests.login))
        defer { screen.stop() }
        let seen = Collected<Value>()
        try screen.observe("canLogin") { seen.append($0) }
        // An observer that writes: its write is a transaction of its own after the current one.
        try screen.observe("login.errors") { [unowned screen] _ in try? screen.set("email", to: "reset@example.com") }
        screen.start()
        let email = try screen.node("email")
        let rounds = 200
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for k in 0..<rounds {
                try? screen.set(email, to: .string(k % 2 == 0 ? "ab" : "thread\(thread)@example.com"))
                _ = screen.value(of: email)
                _ = try? screen.value(of: "canLogin")
                _ = screen.milliseconds
                if k % 20 == 0 {
                    let token = try? screen.observe("login.executing") { _ in }
                    try? screen.send("confirm")
                    token?.cancel()
                }
            }
        }
        // Every write reached the graph once: the last value is some thread's last write.
        #expect(try screen.value(of: "email").map { ValueFormatter.text($0) }?.hasSuffix("@example.com\"") == true)
        #expect(!seen.all.isEmpty)
    }
}
