import Foundation
import Testing

/// The first element of `sequence` that `matches`, waiting as long as it takes (the screens run
/// on real time, so a loaded machine takes longer; nothing here depends on how fast it is).
func first<S: AsyncSequence>(_ sequence: S, where matches: (S.Element) -> Bool = { _ in true }) async throws -> S.Element? {
    for try await element in sequence where matches(element) { return element }
    return nil
}

/// Collects what a closure receives, from any thread.
final class Inbox<T: Sendable>: @unchecked Sendable {
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

/// Holds a provider's answer until the test has seen what happens while the call is in flight
/// (`executing`), so that a fast answer cannot overtake the check.
final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(open: Bool = false) {
        isOpen = open
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if isOpen {
                lock.unlock()
                continuation.resume()
            } else {
                waiting.append(continuation)
                lock.unlock()
            }
        }
    }

    func open() {
        lock.lock()
        isOpen = true
        let resumed = waiting
        waiting = []
        lock.unlock()
        for continuation in resumed { continuation.resume() }
    }
}
