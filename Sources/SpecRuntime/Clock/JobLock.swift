#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live clock's lock: recursive (an observer may read current values, or queue a write,
/// inside a job on the thread that runs it), a pthread mutex of type `PTHREAD_MUTEX_RECURSIVE`.
///
/// The mutex keeps its owner and depth itself, atomically: an earlier version kept them in plain
/// fields beside a normal mutex and read the owner without holding it, which ThreadSanitizer
/// rightly reports as a data race (undefined behaviour, however benign it looks). Swift's
/// `Synchronization.Atomic` would make that field atomic, but needs macOS 15 and the package
/// supports macOS 14, and swift-atomics is a dependency this engine does not take.
/// `NSRecursiveLock` wraps the same mutex behind a class call, which cost about 40 instructions
/// of the 10 % a live input may cost over a virtual one (docs/performance.md, "Live screens").
final class JobLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    func lock() {
        pthread_mutex_lock(mutex)
    }

    @inline(__always)
    func unlock() {
        pthread_mutex_unlock(mutex)
    }
}
