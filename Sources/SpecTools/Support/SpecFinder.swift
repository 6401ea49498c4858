import Foundation

/// Expands the files and folders given to `specrun test` into spec files.
public enum SpecFinder {
    /// Folders deeper than this are not searched (a guard against very deep trees; loops of
    /// symbolic links are cut by visiting each real folder once).
    static let maximumDepth = 32

    /// The extensions a spec file has in a folder search.
    public static let specExtensions = ["yaml", "yml"]

    /// Folders are searched recursively for `*.yaml` and `*.yml`, skipping `__snapshots__` and
    /// hidden folders, following symbolic links but visiting each real folder once (a link to a
    /// folder above it is not a loop); a file is kept as given whatever its extension, and a path
    /// that does not exist too (loading it reports the problem). Sorted by path; a spec reached
    /// by several paths (links) is kept once, under the first path in that order.
    public static func specs(in paths: [String]) -> [String] {
        var found: [String] = []
        var visited: Set<String> = []
        for path in paths {
            if isDirectory(path) {
                collect(path, depth: 0, visited: &visited, into: &found)
            } else {
                found.append(path)
            }
        }
        var seen: Set<String> = []
        return found.sorted().filter { seen.insert(realPath($0) ?? ($0 as NSString).standardizingPath).inserted }
    }

    /// Snapshot files under `folder` whose spec file is gone: every `.timeline` file in
    /// `__snapshots__/<stem>/` when neither `<stem>.yaml` nor `<stem>.yml` sits beside
    /// `__snapshots__`. Sorted.
    public static func orphanedSnapshots(under folder: String) -> [String] {
        var found: [String] = []
        var visited: Set<String> = []
        collectOrphans(folder, depth: 0, visited: &visited, into: &found)
        return found.sorted()
    }

    private static func collect(_ folder: String, depth: Int, visited: inout Set<String>, into found: inout [String]) {
        guard depth <= maximumDepth, visited.insert(realPath(folder) ?? folder).inserted else { return }
        for name in entries(folder) where !name.hasPrefix(".") {
            let path = SnapshotLayout.join(folder, name)
            if isDirectory(path) {
                if name != SnapshotLayout.folderName { collect(path, depth: depth + 1, visited: &visited, into: &found) }
            } else if isSpecFileName(name) {
                found.append(path)
            }
        }
    }

    private static func collectOrphans(_ folder: String, depth: Int, visited: inout Set<String>, into found: inout [String]) {
        guard depth <= maximumDepth, visited.insert(realPath(folder) ?? folder).inserted else { return }
        let names = entries(folder)
        for name in names where !name.hasPrefix(".") {
            let path = SnapshotLayout.join(folder, name)
            guard isDirectory(path) else { continue }
            if name == SnapshotLayout.folderName {
                for stem in entries(path) where !stem.hasPrefix(".") {
                    let specFolder = SnapshotLayout.join(path, stem)
                    guard isDirectory(specFolder), !names.contains(stem + ".yaml"), !names.contains(stem + ".yml") else { continue }
                    found += snapshotFiles(in: specFolder) + PendingSnapshot.files(in: specFolder).map(\.path)
                }
            } else {
                collectOrphans(path, depth: depth + 1, visited: &visited, into: &found)
            }
        }
    }

    /// Whether a file name ends in `.yaml` or `.yml`.
    public static func isSpecFileName(_ name: String) -> Bool {
        specExtensions.contains { name.hasSuffix("." + $0) }
    }

    /// The canonical path (every link resolved), nil when the path does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The `.timeline` files directly in a folder, and the temporary files a killed write of one
    /// left behind (`.NAME.timeline.XXXXXXXX.tmp`), sorted; empty when it does not exist.
    static func snapshotFiles(in folder: String) -> [String] {
        entries(folder)
            .filter { isSnapshotFile($0) }
            .map { SnapshotLayout.join(folder, $0) }
            .filter { !isDirectory($0) }
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

    public static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
