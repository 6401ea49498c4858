import Foundation

/// Writes a whole output file (a snapshot, a report, a graph) so that a reader never sees half of
/// it, without replacing what is not a plain file:
///
/// - a regular file, or a path that does not exist yet, is replaced atomically: the text goes to a
///   hidden temporary file `.NAME.XXXXXXXX.tmp` in the same folder, is flushed and renamed over
///   the destination (rename is atomic within a file system), keeping the old file's permissions;
/// - a symbolic link is followed, so its target is written and the link stays a link;
/// - a FIFO or a device (`/dev/null`, `/dev/stdout`, a terminal) is opened and written into as it
///   is, never replaced;
/// - a folder, a missing parent folder or a loop of symbolic links is an error; nothing is created
///   on the way; a link to a file that does not exist yet is written through, creating its target.
package enum OutputFile {
    /// How many symbolic links a path may go through, as the kernel's own limit (`ELOOP`).
    static let maximumLinks = 40

    /// The suffix of the temporary files, `.NAME.XXXXXXXX.tmp`; a run killed between creating one
    /// and renaming it leaves it behind (`specrun test` reports those, `--prune` deletes those no
    /// run still holds locked).
    package static let temporarySuffix = ".tmp"

    package static func write(_ text: String, to path: String) throws {
        guard !path.isEmpty else { throw SnapshotError("the output path is empty") }
        var info = stat()
        // `stat` follows links as the kernel does, including `/dev/stdout` -> `/proc/self/fd/1`
        // -> a pipe, which no path names.
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                // Replaced in its own folder, so that a link to it stays a link.
                try replace(SpecFinder.realPath(path) ?? path, with: text, mode: info.st_mode & 0o7777)
            case S_IFDIR:
                throw SnapshotError("'\(path)' is a folder, not a file")
            default:
                try writeInto(path, text)
            }
            return
        }
        if errno == ELOOP { throw SnapshotError("cannot write '\(path)': a loop of symbolic links") }
        guard errno == ENOENT else { throw SnapshotError("cannot write '\(path)': \(reason())") }
        // A new file, or a link to one (a dangling link is written through, as a shell's `>` does).
        let target = try resolvingLinks(path)
        let folder = SnapshotLayout.parent(of: target)
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0 else {
            throw SnapshotError("cannot write '\(path)': the folder '\(folder)' does not exist")
        }
        guard folderInfo.st_mode & S_IFMT == S_IFDIR else {
            throw SnapshotError("cannot write '\(path)': '\(folder)' is not a folder")
        }
        try replace(target, with: text, mode: nil)
    }

    /// Whether `name` is one of the temporary files ``write(_:to:)`` creates for `destination`
    /// (any destination when nil).
    package static func isTemporary(_ name: String, for destination: String? = nil) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(temporarySuffix) else { return false }
        let middle = name.dropFirst().dropLast(temporarySuffix.count)
        guard let dot = middle.lastIndex(of: "."), middle.distance(from: dot, to: middle.endIndex) == 9 else { return false }
        let tag = middle[middle.index(after: dot)...]
        guard tag.allSatisfy({ $0.isHexDigit }) else { return false }
        return destination.map { middle[..<dot] == $0 } ?? (dot > middle.startIndex)
    }

    /// The path `path` names once every symbolic link along its last component is followed.
    static func resolvingLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0...maximumLinks {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { throw SnapshotError("cannot read the link '\(current)': \(reason())") }
            let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : SnapshotLayout.join(SnapshotLayout.parent(of: current), link)
        }
        throw SnapshotError("cannot write '\(path)': more than \(maximumLinks) symbolic links (a loop?)")
    }

    /// Deletes a temporary file left by a killed write, unless a run is still writing it: a writer
    /// holds an exclusive `flock` on its temporary file from creation to rename, so a lock that
    /// cannot be taken means the file is live. Returns whether it was deleted (or already gone).
    package static func removeIfAbandoned(_ path: String) throws -> Bool {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            if errno == ENOENT { return true }
            throw SnapshotError("cannot open '\(path)': \(reason())")
        }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            if errno == EWOULDBLOCK { return false }
            throw SnapshotError("cannot lock '\(path)': \(reason())")
        }
        // Still the file that was locked: a writer may have renamed it into place meanwhile.
        guard isSameFile(fd, path) else { return true }
        if unlink(path) != 0 && errno != ENOENT { throw SnapshotError("cannot delete '\(path)': \(reason())") }
        return true
    }

    /// Whether `path` is a temporary file a run holds locked while writing it (see
    /// ``removeIfAbandoned(_:)``), so it is no leftover; false for any other file.
    package static func isBeingWritten(_ path: String) -> Bool {
        guard isTemporary((path as NSString).lastPathComponent) else { return false }
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        // A shared lock is released at `close`; a writer waiting for its exclusive one waits that long.
        return flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    /// Whether `path` still names the file open as `fd`.
    private static func isSameFile(_ fd: Int32, _ path: String) -> Bool {
        var open = stat(), named = stat()
        return fstat(fd, &open) == 0 && lstat(path, &named) == 0 && open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    /// Creates `.NAME.XXXXXXXX.tmp` beside `path` and locks it (see ``removeIfAbandoned(_:)``).
    /// A `--prune` of another run may delete it between its creation and the lock; then it is
    /// made again under a new name.
    private static func createTemporary(for path: String, mode: mode_t?) throws -> (fd: Int32, path: String) {
        let folder = SnapshotLayout.parent(of: path)
        let name = (path as NSString).lastPathComponent
        for _ in 0..<8 {
            let tag = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            let temporary = SnapshotLayout.join(folder, ".\(name).\(String(repeating: "0", count: 8 - tag.count) + tag)\(temporarySuffix)")
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode ?? 0o666)
            guard fd >= 0 else {
                if errno == EEXIST { continue }
                throw SnapshotError("cannot create a file in '\(folder)': \(reason())")
            }
            if flock(fd, LOCK_EX) == 0, isSameFile(fd, temporary) { return (fd, temporary) }
            close(fd)
        }
        throw SnapshotError("cannot create a temporary file in '\(folder)': it was deleted again and again")
    }

    private static func replace(_ path: String, with text: String, mode: mode_t?) throws {
        // The lock is held until `close`, after the rename.
        let (fd, temporary) = try createTemporary(for: path, mode: mode)
        // The creation mode is filtered by the umask; an existing file keeps its own permissions.
        if let mode { _ = fchmod(fd, mode) }
        if let failure = writeAll(fd, text) ?? (fsync(fd) == 0 ? nil : reason()) {
            close(fd)
            unlink(temporary)
            throw SnapshotError("cannot write '\(temporary)': \(failure)")
        }
        // Renamed while still open and locked, so a `--prune` never sees it unlocked before.
        if rename(temporary, path) != 0 {
            let failure = reason()
            unlink(temporary)
            close(fd)
            throw SnapshotError("cannot rename '\(temporary)' to '\(path)': \(failure)")
        }
        close(fd)
    }

    private static func writeInto(_ path: String, _ text: String) throws {
        let fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw SnapshotError("cannot open '\(path)' for writing: \(reason())") }
        defer { close(fd) }
        if let failure = writeAll(fd, text) { throw SnapshotError("cannot write '\(path)': \(failure)") }
    }

    /// Writes every byte, retrying after a signal or a partial write; the reason of a failure.
    private static func writeAll(_ fd: Int32, _ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard var next = bytes.baseAddress else { return nil }
            var left = bytes.count
            while left > 0 {
                let written = Foundation.write(fd, next, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return reason()
                }
                if written == 0 { return "nothing could be written" }
                next += written
                left -= written
            }
            return nil
        }
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
