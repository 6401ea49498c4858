import Dispatch

/// Maps on every core. Each call of `transform` must be independent of the others; results
/// keep the input's order.
func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @escaping @Sendable (T) -> R) -> [R] {
    guard items.count > 1 else { return items.map(transform) }
    let results = Slots<R>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: items.count) { i in
        results.set(i, transform(items[i]))
    }
    return results.values
}

/// A fixed buffer whose slots are each written by exactly one iteration of
/// `concurrentPerform`, and read only after it returns: no two threads touch the same memory,
/// so it needs no lock.
private final class Slots<R>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<R?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    deinit {
        _ = buffer.deinitialize()
        buffer.deallocate()
    }

    func set(_ i: Int, _ value: R) { buffer[i] = value }

    var values: [R] { buffer.map { $0! } }
}
