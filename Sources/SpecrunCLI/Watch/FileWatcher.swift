import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells when something in a set of folders changes: a file written and closed, created,
/// deleted or renamed in or out (editors often save by renaming a temporary file over the
/// original). On Linux through inotify, the only code of ours that touches it; elsewhere by
/// comparing the folders' entries every 50 ms.
package final class FileWatcher {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// After the first change, wait until this long passes without another, so that one save
    /// (write, rename, chmod…) is one re-run.
    static let settle: Int32 = 15
    /// …but never longer than this in all, so a file written without pause still gets a run.
    static let settleLimit = Duration.milliseconds(300)

    #if os(Linux)
    private let fd: Int32
    private var descriptors: [String: Int32] = [:]
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB)

    package init() throws(Failure) {
        fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { throw Failure(description: "cannot watch files: inotify_init1: \(String(cString: strerror(errno)))") }
    }

    deinit { close(fd) }

    /// Watches exactly `wanted` from now on, each folder as it is now: a folder removed and
    /// made again is a new folder that the old watch no longer sees, so every call arms each
    /// folder afresh (for a folder already watched the kernel returns the same watch) and drops
    /// the watches no longer wanted. A folder that cannot be watched (gone, or the inotify watch
    /// limit reached) is left out.
    package func watch(_ wanted: Set<String>) {
        var armed: [String: Int32] = [:]
        for folder in wanted {
            let wd = inotify_add_watch(fd, folder, Self.mask)
            if wd >= 0 { armed[folder] = wd }
        }
        let kept = Set(armed.values)
        for wd in Set(descriptors.values) where !kept.contains(wd) { inotify_rm_watch(fd, wd) }
        descriptors = armed
    }

    /// Blocks until something changes, then until the changes settle; or, with `input`, until
    /// that descriptor has something to read (a key in `test --watch`): then true, at once.
    @discardableResult
    package func waitForChange(orInput input: Int32? = nil) -> Bool {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        if let input { fds.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
        while true {
            guard poll(&fds, nfds_t(fds.count), -1) > 0 else { continue }
            if fds.count > 1, fds[1].revents != 0 { return true }
            if fds[0].revents != 0 { break }
        }
        var pfd = fds[0]
        drain()
        let deadline = ContinuousClock.now + Self.settleLimit
        while ContinuousClock.now < deadline, poll(&pfd, 1, Self.settle) > 0 { drain() }
        return false
    }

    /// Forgets the events queued so far (a pass's own writes), so that waiting starts idle; the
    /// caller compares contents afterwards for anything else that happened before.
    func discardPending() { drain() }

    /// Reads every queued event. Which folder changed does not matter: the loop compares
    /// contents, and arms its watches again before it waits.
    private func drain() {
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer, size)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
        }
    }
    #else
    private var watched: Set<String> = []
    private var state: [String: [String: Date]] = [:]

    package init() throws(Failure) {}

    package func watch(_ wanted: Set<String>) {
        watched = wanted
        state = Dictionary(uniqueKeysWithValues: wanted.map { ($0, Self.listing($0)) })
    }

    func discardPending() {}

    @discardableResult
    package func waitForChange(orInput input: Int32? = nil) -> Bool {
        while true {
            if let input {
                var pfd = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                if poll(&pfd, 1, 50) > 0 { return true }
            } else {
                usleep(50_000)
            }
            let now = Dictionary(uniqueKeysWithValues: watched.map { ($0, Self.listing($0)) })
            if now != state {
                state = now
                return false
            }
        }
    }

    private static func listing(_ folder: String) -> [String: Date] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var out: [String: Date] = [:]
        for name in names {
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
            out[name] = attributes?[.modificationDate] as? Date ?? .distantPast
        }
        return out
    }
    #endif
}
