import Foundation

/// Expands the files and folders given to `specrun test` into spec files.
package enum SpecFinder {
    /// Folders deeper than this are not searched (a guard against very deep trees; loops of
    /// symbolic links are cut by visiting each real folder once).
    static let maximumDepth = 32

    /// The extensions a spec file has in a folder search.
    package static let specExtensions = ["yaml", "yml"]

    /// Folders are searched recursively for `*.yaml` and `*.yml`, skipping `__snapshots__` and
    /// hidden folders, following symbolic links but visiting each real folder once (a link to a
    /// folder above it is not a loop); a file is kept as given whatever its extension, and a path
    /// that does not exist too (loading it reports the problem). Sorted by path; a spec reached
    /// by several paths (links) is kept once, under the first path in that order.
    ///
    /// A folder search takes regular files only (a link to one too): a FIFO named `x.yaml` would
    /// block the read forever. A file or folder whose name is not UTF-8 cannot be named by a
    /// Swift string, so it is left out; ``search(_:)`` lists those.
    package static func specs(in paths: [String]) -> [String] {
        search(paths).specs
    }

    /// ``specs(in:)``, and the entries a folder search met whose names are not UTF-8 (a spec file
    /// by its extension, or a folder), each shown with its bad bytes as `\xFF`, sorted.
    package static func search(_ paths: [String]) -> (specs: [String], nonUTF8Names: [String]) {
        var walk = Walk()
        for path in paths {
            if isDirectory(path) {
                collect(path, depth: 0, walk: &walk)
            } else {
                walk.found.append(path)
            }
        }
        var seen: Set<String> = []
        return (walk.found.sorted().filter { seen.insert(realPath($0) ?? ($0 as NSString).standardizingPath).inserted },
                walk.nonUTF8Names.sorted())
    }

    /// What one folder search has found so far.
    private struct Walk {
        var found: [String] = []
        var nonUTF8Names: [String] = []
        var visited: Set<String> = []
    }

    /// Snapshot files under `folder` whose spec file is gone: every `.timeline` file in
    /// `__snapshots__/<escaped stem>/` when neither `<stem>.yaml` nor `<stem>.yml` sits beside
    /// `__snapshots__` (see `SnapshotLayout.folderName(forStem:)`). Sorted.
    package static func orphanedSnapshots(under folder: String) -> [String] {
        var found: [String] = []
        var visited: Set<String> = []
        collectOrphans(folder, depth: 0, visited: &visited, into: &found)
        return found.sorted()
    }

    private static func collect(_ folder: String, depth: Int, walk: inout Walk) {
        guard depth <= maximumDepth, walk.visited.insert(realPath(folder) ?? folder).inserted else { return }
        let (names, nonUTF8) = rawEntries(folder)
        for bytes in nonUTF8 where bytes.first != UInt8(ascii: ".") {
            let shown = SnapshotLayout.join(folder, escapedName(bytes))
            if isDirectory(bytes: bytes, in: folder) || specExtensions.contains(where: { bytes.reversed().starts(with: ("." + $0).utf8.reversed()) }) {
                walk.nonUTF8Names.append(shown)
            }
        }
        for name in names where !name.hasPrefix(".") {
            let path = SnapshotLayout.join(folder, name)
            if isDirectory(path) {
                if name != SnapshotLayout.folderName { collect(path, depth: depth + 1, walk: &walk) }
            } else if isSpecFileName(name) && isRegularFile(path) {
                walk.found.append(path)
            }
        }
    }

    /// Whether `path` is a regular file, or a link to one.
    package static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// A folder's entry names, sorted, and apart those that are not UTF-8, as raw bytes.
    /// (Foundation's listing repairs such a name with U+FFFD, giving a path that does not exist.)
    private static func rawEntries(_ folder: String) -> (names: [String], nonUTF8: [[UInt8]]) {
        guard let directory = opendir(folder) else { return ([], []) }
        defer { closedir(directory) }
        var names: [String] = [], nonUTF8: [[UInt8]] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if bytes == [UInt8(ascii: ".")] || bytes == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            if let name = String(validating: bytes, as: UTF8.self) { names.append(name) } else { nonUTF8.append(bytes) }
        }
        return (names.sorted(), nonUTF8)
    }

    /// Whether the entry named by raw `bytes` in `folder` is a folder (a link to one too).
    private static func isDirectory(bytes: [UInt8], in folder: String) -> Bool {
        var path = Array(folder.utf8) + [UInt8(ascii: "/")] + bytes + [0]
        var info = stat()
        return path.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) == 0 }
        } && info.st_mode & S_IFMT == S_IFDIR
    }

    /// A name with each byte that is not part of valid UTF-8 shown as `\xFF`.
    static func escapedName(_ bytes: [UInt8]) -> String {
        var out = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            // The longest valid UTF-8 prefix is kept as it is; one bad byte is escaped.
            var end = rest.endIndex
            while end > rest.startIndex, String(validating: rest[rest.startIndex..<end], as: UTF8.self) == nil { end -= 1 }
            if end > rest.startIndex {
                out += String(decoding: rest[rest.startIndex..<end], as: UTF8.self)
                rest = rest[end...]
            } else if let byte = rest.popFirst() {
                out += "\\x" + String(format: "%02X", Int(byte))
            }
        }
        return out
    }

    private static func collectOrphans(_ folder: String, depth: Int, visited: inout Set<String>, into found: inout [String]) {
        guard depth <= maximumDepth, visited.insert(realPath(folder) ?? folder).inserted else { return }
        let names = entries(folder)
        for name in names where !name.hasPrefix(".") {
            let path = SnapshotLayout.join(folder, name)
            guard isDirectory(path) else { continue }
            if name == SnapshotLayout.folderName {
                for folderName in entries(path) where !folderName.hasPrefix(".") {
                    let specFolder = SnapshotLayout.join(path, folderName)
                    // A name no spec stem escapes to (such as `100%`, kept from before stems were
                    // escaped) belongs to no spec.
                    let stem = SnapshotLayout.stem(ofFolder: folderName)
                    guard isDirectory(specFolder), !specExtensions.contains(where: { ext in stem.map { names.contains($0 + "." + ext) } ?? false }) else { continue }
                    found += snapshotFiles(in: specFolder) + PendingSnapshot.files(in: specFolder).map(\.path)
                }
            } else {
                collectOrphans(path, depth: depth + 1, visited: &visited, into: &found)
            }
        }
    }

    /// Whether a file name ends in `.yaml` or `.yml`.
    package static func isSpecFileName(_ name: String) -> Bool {
        specExtensions.contains { name.hasSuffix("." + $0) }
    }

    /// The canonical path (every link resolved), nil when the path does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The `.timeline` files directly in a folder, and the temporary files a killed write of one
    /// left behind (`.NAME.timeline.XXXXXXXX.tmp`, but not one a run is still writing), sorted;
    /// empty when it does not exist.
    static func snapshotFiles(in folder: String) -> [String] {
        entries(folder)
            .filter { isSnapshotFile($0) }
            .map { SnapshotLayout.join(folder, $0) }
            .filter { !isDirectory($0) && !OutputFile.isBeingWritten($0) }
    }

    /// A snapshot file's name, or one of the temporary files written on the way to one.
    static func isSnapshotFile(_ name: String) -> Bool {
        let suffix = "." + SnapshotLayout.fileExtension
        if !name.hasPrefix(".") { return name.hasSuffix(suffix) }
        return OutputFile.isTemporary(name) && name.dropLast(OutputFile.temporarySuffix.count + 9).hasSuffix(suffix)
    }

    private static func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    package static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
