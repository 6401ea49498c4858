import Foundation
import ScreenSpec
@testable import SpecRuntime
import Testing

/// Values collected from a live screen's callbacks, on whatever thread they come.
final class Collected<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [T] = []

    func append(_ item: T) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var all: [T] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}

/// Polls `condition` on real time until it holds or `seconds` of polling pass: a bound for things
/// that happen on a live clock, generous, and never an assertion of exact timing; it returns as
/// soon as the condition holds. The bound counts the polls' sleeps, not the clock: in a parallel
/// run on two cores the test's task (and the screen's provider tasks) may wait minutes for one of
/// the two cooperative threads while other suites' synchronous tests hold them, and that wait
/// must not use up the bound (a clean-clone CI under four builds saw a 600 s clock bound pass
/// with the request not yet sent).
func eventually(within seconds: Double = 600, _ condition: () -> Bool) async -> Bool {
    var polls = Int(seconds * 1000) / 5
    while polls > 0 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
        polls -= 1
    }
    return condition()
}

/// A checked spec from inline YAML.
func liveSpec(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckedSpec {
    let loaded = SpecLoader.load(text: yaml, path: "live.yaml")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
    return try #require(loaded.spec, sourceLocation: sourceLocation)
}

/// Lets a test release a provider that waits on it, without the provider seeing cancellation.
final class Latch: @unchecked Sendable {
    private let lock = NSLock()
    private var open = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Waits until ``release()``; cancelling the waiting task does not end the wait.
    func wait() async {
        await withCheckedContinuation { continuation in
            lock.lock()
            if open {
                lock.unlock()
                continuation.resume()
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }

    func release() {
        lock.lock()
        open = true
        let all = waiters
        waiters = []
        lock.unlock()
        for w in all { w.resume() }
    }
}
