import Foundation
import SpecRuntime

/// A changed timeline waiting for review, as insta keeps `.snap.new` files: a local
/// `specrun test` that finds a scenario's timeline different from its snapshot writes the new
/// text beside it as `<scenario>.timeline.new`. Accepting renames it over the snapshot,
/// rejecting deletes it; either way the snapshot folder is back to committed files only.
package struct PendingSnapshot: Sendable, Hashable, Comparable {
    /// What a pending file's name adds to its snapshot's: `x.timeline` -> `x.timeline.new`.
    package static let suffix = ".new"

    /// The pending file, `…/__snapshots__/<spec stem>/<slug>.timeline.new`.
    package var path: String
    /// The snapshot it would replace (which may not exist yet).
    package var snapshotPath: String { String(path.dropLast(Self.suffix.count)) }

    /// Nil unless `path` ends in `.timeline.new`.
    package init?(path: String) {
        guard path.hasSuffix("." + SnapshotLayout.fileExtension + Self.suffix) else { return nil }
        self.path = path
    }

    /// The pending file of a snapshot.
    package static func path(forSnapshot snapshotPath: String) -> String {
        snapshotPath + suffix
    }

    package static func < (a: PendingSnapshot, b: PendingSnapshot) -> Bool { a.path < b.path }

    /// The spec file the snapshot belongs to: `<folder>/<stem>.yaml` (or `.yml`) for a pending
    /// file in `<folder>/__snapshots__/<stem>/`; nil when no such spec exists.
    package var specPath: String? {
        let specFolder = SnapshotLayout.parent(of: path)
        let snapshots = SnapshotLayout.parent(of: specFolder)
        guard (snapshots as NSString).lastPathComponent == SnapshotLayout.folderName else { return nil }
        guard let stem = SnapshotLayout.stem(ofFolder: (specFolder as NSString).lastPathComponent) else { return nil }
        let folder = SnapshotLayout.parent(of: snapshots)
        return SpecFinder.specExtensions.map { SnapshotLayout.join(folder, stem + "." + $0) }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The new snapshot text; nil when the file cannot be read.
    package var text: String? { SnapshotFile.read(path) }

    /// The scenario name from the text's `# scenario:` header line.
    package var scenario: String? {
        guard let text else { return nil }
        for line in text.split(separator: "\n", maxSplits: 3) where line.hasPrefix("# scenario: ") {
            return String(line.dropFirst("# scenario: ".count))
        }
        return nil
    }

    /// What accepting would change: the diff from the snapshot (empty when it is missing) to the
    /// pending text, and its one-line summary.
    package func changes() -> (diff: UnifiedDiff, summary: String) {
        let old = SnapshotFile.read(snapshotPath)
        let lineDiff = LineDiff(old: old.map(LineDiff.lines) ?? [], new: LineDiff.lines(text ?? ""))
        let diff = UnifiedDiff(lineDiff, oldLabel: "\(snapshotPath) (snapshot)", newLabel: "\(snapshotPath) (new)")
        let summary = old == nil ? "new snapshot" : (lineDiff.hasChanges ? TimelineChanges.summary(of: lineDiff) : "no change")
        return (diff, summary)
    }

    /// Makes the pending text the snapshot: an atomic rename over it. Both must be regular files
    /// (the snapshot may be missing) in real folders, never a link (see `SnapshotTree`).
    package func accept() throws {
        if let refusal = SnapshotTree.refusal(for: path, mustExist: true) ?? SnapshotTree.refusal(for: snapshotPath) {
            throw SnapshotError("skipped '\(path)': \(refusal)")
        }
        if rename(path, snapshotPath) != 0 {
            throw SnapshotError("cannot rename '\(path)' to '\(snapshotPath)': \(String(cString: strerror(errno)))")
        }
    }

    /// Deletes the pending file; the snapshot stays as it is. Only a regular file in real folders
    /// is deleted, never through a link (see `SnapshotTree`).
    package func reject() throws {
        if SnapshotTree.kind(path) == .missing { return }
        if let refusal = SnapshotTree.refusal(for: path, mustExist: true) { throw SnapshotError("skipped '\(path)': \(refusal)") }
        if unlink(path) != 0 && errno != ENOENT {
            throw SnapshotError("cannot delete '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    /// Every pending file that belongs to the given specs and folders: for a spec file, those in
    /// its snapshot folder; for a folder, those in every `__snapshots__/<stem>/` below it
    /// (hidden folders skipped). Sorted, without duplicates.
    package static func find(in paths: [String]) -> [PendingSnapshot] {
        var found: Set<PendingSnapshot> = []
        for path in paths {
            if SpecFinder.isDirectory(path) {
                collect(path, depth: 0, into: &found)
            } else {
                for file in files(in: SnapshotLayout.directory(forSpec: path)) { found.insert(file) }
            }
        }
        return found.sorted()
    }

    /// The pending files in one spec's snapshot folder.
    static func files(in folder: String) -> [PendingSnapshot] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
            .compactMap { PendingSnapshot(path: SnapshotLayout.join(folder, $0)) }
            .filter { !SpecFinder.isDirectory($0.path) }
    }

    private static func collect(_ folder: String, depth: Int, into found: inout Set<PendingSnapshot>) {
        guard depth <= SpecFinder.maximumDepth else { return }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for name in names where !name.hasPrefix(".") {
            let path = SnapshotLayout.join(folder, name)
            guard SpecFinder.isDirectory(path) else { continue }
            if name == SnapshotLayout.folderName {
                let stems = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }
                for stem in stems { for file in files(in: SnapshotLayout.join(path, stem)) { found.insert(file) } }
            } else {
                collect(path, depth: depth + 1, into: &found)
            }
        }
    }
}
