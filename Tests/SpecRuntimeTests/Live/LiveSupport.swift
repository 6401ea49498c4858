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

/// Polls `condition` on real time until it holds or `seconds` pass: a bound for things that
/// happen on a live clock, generous so that a busy machine (the whole suite runs in parallel on
/// two cores) does not fail the test; it returns as soon as the condition holds. Never an
/// assertion of exact timing.
func eventually(within seconds: Double = 600, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
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
