import Foundation

/// Where a navigation's `file:` may lead: inside the spec's project, so that checking a spec
/// from someone else's repository reads nothing of the machine it is checked on.
///
/// The project folder of a spec is the nearest folder, from the spec's own folder upwards, that
/// holds a `specs` folder, a `Package.swift` or a `.git`; when none does, the spec's own folder.
/// Paths are compared after links are followed, so a link inside the project that leads out of
/// it leads nowhere. See docs/spec-language.md.
enum ProjectFolder {
    /// Why a `file:` path was refused. The reasons never depend on what lies outside the project:
    /// a missing file and a link leading out of it get the same one.
    enum Refusal: Error, Equatable {
        case absolute
        case outside(root: String)
        case notInside(root: String)
    }

    /// The real path of the file `relative` names from the spec folder `folder`, when it is
    /// inside the project.
    static func resolve(_ relative: String, from folder: String) -> Result<String, Refusal> {
        guard !relative.hasPrefix("/") else { return .failure(.absolute) }
        let realFolder = realPath(folder) ?? folder
        let root = project(of: realFolder)
        // First by the text alone, so that a path leading out is refused before anything
        // outside is looked at.
        guard contains(root, normalized(realFolder + "/" + relative)) else { return .failure(.outside(root: root)) }
        guard let real = realPath(realFolder + "/" + relative), contains(root, real) else { return .failure(.notInside(root: root)) }
        return .success(real)
    }

    /// The project folder of the real folder `folder` (see the type's comment).
    static func project(of folder: String) -> String {
        var current = folder
        while true {
            for marker in ["specs", "Package.swift", ".git"] where FileManager.default.fileExists(atPath: current + "/" + marker) {
                return current
            }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty { return folder }
            current = parent
        }
    }

    static func contains(_ root: String, _ path: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root + "/")
    }

    /// `path` with `.` and `..` taken away by their text, without following links.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
