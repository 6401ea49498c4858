import Foundation
import SpecRuntime

/// The text of a snapshot file and its storage. The text is a two-line header naming the spec
/// (by file name, so it does not depend on the working folder) and the exact scenario name,
/// then the scenario's timeline exactly as `specrun run` prints it, minus `expect:` failure
/// lines (those are reported as failures, not recorded as behaviour):
///
/// ```
/// # spec: login.yaml
/// # scenario: signs in once the form is valid
/// Login › signs in once the form is valid
///      0ms  canLogin          false
/// ```
package enum SnapshotFile {
    /// The snapshot text recorded for a timeline.
    package static func text(for timeline: Timeline, specPath: String) -> String {
        var recorded = timeline
        recorded.entries = timeline.entries.filter { if case .failure = $0 { return false } else { return true } }
        return "# spec: \(oneLine((specPath as NSString).lastPathComponent))\n"
            + "# scenario: \(oneLine(timeline.scenario))\n"
            + TimelineFormatter.text(recorded)
    }

    /// Reads a snapshot, with `\r\n` read as `\n` so a checkout that converted line endings still
    /// matches. Nil when the file does not exist or cannot be read. Bytes that are not UTF-8 read
    /// as U+FFFD, so a damaged snapshot is reported as different rather than silently replaced as
    /// if it were missing. Only a regular file is read (a link to one is followed): a FIFO at a
    /// snapshot path would block the read forever and a device could be endless, so those read as
    /// nil, and a write to the path then says what is in the way (see `SnapshotTree`).
    package static func read(_ path: String) -> String? {
        // Opened without blocking (a FIFO with no writer would block `open` itself), then checked
        // on the descriptor, so the file cannot be swapped between the check and the read.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        let data: Data
        do { data = try FileHandle(fileDescriptor: fd, closeOnDealloc: true).readToEnd() ?? Data() } catch { return nil }
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// Writes a whole output file with ``OutputFile/write(_:to:)``'s semantics: a regular or new
    /// file is replaced atomically, a FIFO, device or link target is written into, and a missing
    /// folder is an error. The entry point for "write a whole output file" the user names
    /// (`--output` reports); snapshot and pending files go through `SnapshotTree.write(_:to:)`,
    /// which never follows a link out of the snapshot tree.
    package static func writeAtomically(_ text: String, to path: String) throws {
        try OutputFile.write(text, to: path)
    }

    /// Creates the folder a snapshot file goes into, with its parents.
    static func createFolder(of path: String) throws {
        let folder = SnapshotLayout.parent(of: path)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw SnapshotError("cannot create the folder '\(folder)'" + (fileInTheWay(of: folder).map { ": '\($0)' is a file, not a folder" } ?? ""))
        }
    }

    /// The first existing non-folder along `folder`'s path, which stops its creation.
    private static func fileInTheWay(of folder: String) -> String? {
        var prefix = folder.hasPrefix("/") ? "/" : ""
        for part in folder.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: prefix, isDirectory: &isFolder), !isFolder.boolValue { return prefix }
        }
        return nil
    }

    /// Escapes line breaks so the header stays one line per field.
    private static func oneLine(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\r", with: "\\r")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}

/// A snapshot file could not be written or removed.
package struct SnapshotError: Error, CustomStringConvertible, Sendable {
    package var description: String
    init(_ description: String) { self.description = description }
}
