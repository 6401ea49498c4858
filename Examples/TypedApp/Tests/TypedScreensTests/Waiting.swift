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
