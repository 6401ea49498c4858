#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `bfs` holds, as the budget counts it: the search's own estimate (``Search``'s `held()`)
/// and, beside it, how much the process's resident memory grew since the search began, read from
/// the system every ``interval`` new states (`/proc/self/statm` on Linux, `task_info` on Darwin;
/// none elsewhere). The estimate counts what the search keeps; the allocator's overhead, the
/// arrays' spare capacity and what a state's values share only in part it cannot see, and it
/// was measured at about 2.5 times low on a large spec (docs/explore.md, "The memory budget").
/// The budget is reached when either reaches it.
struct MemoryGauge {
    /// New states between two readings of resident memory: a reading costs a system call and
    /// a parse, about a microsecond, and a state costs about 20.
    static let interval = 1024

    private let baseline: Int?
    private var nextReading = interval
    /// The largest growth measured so far, in bytes.
    private(set) var measured = 0

    init() {
        baseline = Self.resident()
    }

    /// Whether what is held reached `budget`: the estimate at every state, the measured growth
    /// every ``interval`` states.
    @inline(__always)
    mutating func reached(_ budget: Int, estimate: Int, states: Int) -> Bool {
        if estimate >= budget { return true }
        guard states >= nextReading else { return false }
        nextReading = states + Self.interval
        return measure() >= budget
    }

    /// Reads resident memory now: the growth since the search began, 0 where it cannot be read.
    @discardableResult
    mutating func measure() -> Int {
        guard let baseline, let now = Self.resident() else { return 0 }
        measured = max(measured, now - baseline)
        return now - baseline
    }

    /// The process's resident memory in bytes, nil where it cannot be read.
    static func resident() -> Int? {
        #if os(Linux)
        // `size resident shared text lib data dt`, in pages (proc(5)).
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count >= 2, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #elseif canImport(Darwin)
        var info = mach_task_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
        let status = withUnsafeMutablePointer(to: &info) {
            $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) { task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count) }
        }
        return status == KERN_SUCCESS ? Int(info.resident_size) : nil
        #else
        return nil
        #endif
    }
}
