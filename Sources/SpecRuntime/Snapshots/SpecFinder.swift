import Foundation

/// Expands the files and folders given to `specrun test` into spec files.
public enum SpecFinder {
    /// Folders deeper than this are not searched (a guard against symbolic link loops).
    static let maximumDepth = 32

    /// The extensions a spec file has in a folder search.
    public static let specExtensions = ["yaml", "yml"]

    /// Folders are searched recursively for `*.yaml` and `*.yml`, skipping `__snapshots__` and hidden
    /// folders; a file is kept as given whatever its extension, and a path that does not exist
    /// too (loading it reports the problem). Sorted by path, without duplicates.
    public static func specs(in paths: [String]) -> [String] {
        var found: [String] = []
        for path in paths {
            if isDirectory(path) {
                collect(path, depth: 0, into: &found)
            } else {
                found.append(path)
            }
        }
        var seen: Set<String> = []
        return found.sorted().filter { seen.insert(($0 as NSString).standardizingPath).inserted }
    }

    /// Snapshot files under `folder` whose spec file is gone: every `.timeline` file in
    /// `__snapshots__/<stem>/` when neither `<stem>.yaml` nor `<stem>.yml` sits beside
    /// `__snapshots__`. Sorted.
    public static func orphanedSnapshots(under folder: String) -> [String] {
        var found: [String] = []
        collectOrphans(folder, depth: 0, into: &found)
        return found.sorted()
    }

    private static func collect(_ folder: String, depth: Int, into found: inout [String]) {
        guard depth <= maximumDepth else { return }
        for name in entries(folder) where !name.hasPrefix(".") {
            let path = SnapshotLayout.join(folder, name)
            if isDirectory(path) {
                if name != SnapshotLayout.folderName { collect(path, depth: depth + 1, into: &found) }
            } else if isSpecFileName(name) {
                found.append(path)
            }
        }
    }

    private static func collectOrphans(_ folder: String, depth: Int, into found: inout [String]) {
        guard depth <= maximumDepth else { return }
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
                collectOrphans(path, depth: depth + 1, into: &found)
            }
        }
    }

    /// Whether a file name ends in `.yaml` or `.yml`.
    public static func isSpecFileName(_ name: String) -> Bool {
        specExtensions.contains { name.hasSuffix("." + $0) }
    }

    /// The `.timeline` files directly in a folder, sorted; empty when it does not exist.
    static func snapshotFiles(in folder: String) -> [String] {
        entries(folder)
            .filter { !$0.hasPrefix(".") && $0.hasSuffix("." + SnapshotLayout.fileExtension) }
            .map { SnapshotLayout.join(folder, $0) }
            .filter { !isDirectory($0) }
    }

    private static func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    public static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
