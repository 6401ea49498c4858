import Foundation

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
public enum SnapshotFile {
    /// The snapshot text recorded for a timeline.
    public static func text(for timeline: Timeline, specPath: String) -> String {
        var recorded = timeline
        recorded.entries = timeline.entries.filter { if case .failure = $0 { return false } else { return true } }
        return "# spec: \(oneLine((specPath as NSString).lastPathComponent))\n"
            + "# scenario: \(oneLine(timeline.scenario))\n"
            + TimelineFormatter.text(recorded)
    }

    /// Reads a snapshot, with `\r\n` read as `\n` so a checkout that converted line endings still
    /// matches. Nil when the file does not exist or cannot be read. Bytes that are not UTF-8 read
    /// as U+FFFD, so a damaged snapshot is reported as different rather than silently replaced as
    /// if it were missing.
    public static func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// Writes the whole file or nothing: the text goes to a hidden temporary file in the same
    /// folder, is flushed, and is renamed over the destination (rename is atomic within a file
    /// system). Creates missing folders.
    public static func writeAtomically(_ text: String, to path: String) throws {
        let folder = SnapshotLayout.parent(of: path)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw SnapshotError("cannot create the folder '\(folder)'" + (fileInTheWay(of: folder).map { ": '\($0)' is a file, not a folder" } ?? ""))
        }
        let name = (path as NSString).lastPathComponent
        let temporary = SnapshotLayout.join(folder, ".\(name).\(UUID().uuidString.prefix(8)).tmp")
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary) else {
            throw SnapshotError("cannot create a file in '\(folder)'")
        }
        do {
            try handle.write(contentsOf: Data(text.utf8))
            try handle.synchronize()
            try handle.close()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: temporary)
            throw SnapshotError("cannot write '\(temporary)': \(error.localizedDescription)")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw SnapshotError("cannot rename '\(temporary)' to '\(path)': \(reason)")
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
public struct SnapshotError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ description: String) { self.description = description }
}
