import Foundation

/// What specrun may touch in a snapshot tree. A cloned repository can ship a symbolic link inside
/// `__snapshots__` (`__snapshots__/gone -> ../../../outside`) or a FIFO where a snapshot belongs;
/// following either would write, rename or delete outside the project, or block forever. So every
/// write, rename and delete of a snapshot, pending or temporary file goes through
/// ``refusal(for:)`` first: the file must be a regular file (or not exist yet, for a write) and
/// both folders above it, `__snapshots__` and the spec's own folder, real folders rather than links.
package enum SnapshotTree {
    /// What an entry is, without following a link.
    enum Kind: Equatable {
        case missing, regular, folder, link
        /// Anything else, named for a message: a FIFO, a socket, a device.
        case other(String)
    }

    static func kind(_ path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        case S_IFIFO: return .other("FIFO")
        case S_IFSOCK: return .other("socket")
        case S_IFCHR, S_IFBLK: return .other("device")
        default: return .other("special file")
        }
    }

    /// Why `path`, a file in a spec's snapshot folder, must not be written, renamed or deleted;
    /// nil when it may. `mustExist` is for a rename's or delete's source.
    package static func refusal(for path: String, mustExist: Bool = false) -> String? {
        let specFolder = SnapshotLayout.parent(of: path)
        for folder in [SnapshotLayout.parent(of: specFolder), specFolder] {
            switch kind(folder) {
            case .link: return "'\(folder)' is a symbolic link; specrun never follows a link out of a snapshot tree"
            // A file in the way of a folder cannot lead outside; creating the folder names it.
            case .folder, .missing, .regular, .other: continue
            }
        }
        switch kind(path) {
        case .regular: return nil
        case .missing: return mustExist ? "'\(path)' does not exist" : nil
        case .folder: return "'\(path)' is a folder, not a snapshot file"
        case .link: return "'\(path)' is a symbolic link, not a regular file; specrun never follows a link out of a snapshot tree"
        case .other(let what): return "'\(path)' is a \(what), not a regular file"
        }
    }

    /// Writes a snapshot or pending file whole (see ``OutputFile``), creating the spec's snapshot
    /// folder when needed, but only as a regular file in real folders (see ``refusal(for:mustExist:)``).
    package static func write(_ text: String, to path: String) throws {
        if let refusal = refusal(for: path) { throw SnapshotError(refusal) }
        try SnapshotFile.createFolder(of: path)
        // Checked again: creating the folders could not have made a link, but another process could.
        if let refusal = refusal(for: path) { throw SnapshotError(refusal) }
        try OutputFile.write(text, to: path)
    }

    /// Deletes a snapshot, pending or temporary file; a temporary file only when no run is still
    /// writing it (see ``OutputFile/removeIfAbandoned(_:)``). Returns false when it was left alone
    /// because it is being written.
    static func remove(_ path: String) throws -> Bool {
        if let refusal = refusal(for: path, mustExist: true) { throw SnapshotError(refusal) }
        if OutputFile.isTemporary((path as NSString).lastPathComponent) {
            return try OutputFile.removeIfAbandoned(path)
        }
        if unlink(path) != 0 && errno != ENOENT {
            throw SnapshotError("cannot delete '\(path)': \(String(cString: strerror(errno)))")
        }
        return true
    }
}
