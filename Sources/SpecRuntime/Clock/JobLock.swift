#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live clock's lock: recursive (an observer may read current values, or queue a write,
/// inside a job on the thread that runs it), built on a plain pthread mutex and an owner.
///
/// `NSRecursiveLock` does the same through a class call and a recursive mutex, whose lock and
/// unlock cost about twice a plain one's: about 40 instructions of the 10 % a live input may cost
/// over a virtual one (docs/performance.md, "Live screens").
final class JobLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // The holder's thread, 0 for none: one word, written only by the thread holding the mutex.
    // Another thread may read it while it changes, but can never find its own id there unless it
    // holds the mutex: a thread stores its id after locking and clears it before unlocking.
    @exclusivity(unchecked) private var owner: UInt = 0
    @exclusivity(unchecked) private var depth = 0

    init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    func lock() {
        let me = Self.thread()
        if owner == me {
            depth += 1
            return
        }
        pthread_mutex_lock(mutex)
        owner = me
    }

    /// This thread's id as a word, never 0.
    @inline(__always)
    private static func thread() -> UInt {
        #if canImport(Darwin)
        return UInt(bitPattern: pthread_self())
        #else
        return UInt(pthread_self())
        #endif
    }

    @inline(__always)
    func unlock() {
        if depth > 0 {
            depth -= 1
            return
        }
        owner = 0
        pthread_mutex_unlock(mutex)
    }
}
