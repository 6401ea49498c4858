import Foundation

/// Where the checker reads the other specs a spec's navigations open: the screens declared beside
/// it, found by name, and the spec a navigation's `file:` names.
///
/// A spec loaded with ``SpecLoader/load(path:)`` reads its project through a
/// ``FileSystemSpecResolver``; a spec loaded from a string reads nothing unless one is given to
/// ``SpecLoader/load(text:path:resolver:)``, so that an app or an editor decides what it exposes.
public protocol SpecResolver: Sendable {
    /// The names of the spec files in `folder` (ending in `.yaml` or `.yml`), in any order.
    func specFiles(in folder: String) -> [String]

    /// The text of the spec at `file`, a path from the folder `folder` (a name that
    /// ``specFiles(in:)`` gave, or a navigation's `file:` as written), or why it cannot be had.
    func text(of file: String, from folder: String) -> Result<String, SpecUnavailable>
}

/// Why a resolver gives no spec for a path; the checker reports it where the path is written.
public struct SpecUnavailable: Error, Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// The path is absolute; navigations name specs from the spec's folder.
        case absolute
        /// The path leads, by its text, out of the project folder `root`.
        case outside(root: String)
        /// No such file inside the project folder `root` (or a link that leads out of it).
        case notInside(root: String)
        /// The file exists but cannot be a spec (see ``reason``).
        case unreadable
    }

    package let kind: Kind
    /// Why, in words, as a diagnostic note shows it: lowercase, no final period.
    public let reason: String

    package init(_ kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// The file cannot be read as a spec, for the reason given (lowercase, no final period).
    public static func unreadable(_ reason: String) -> SpecUnavailable { SpecUnavailable(.unreadable, reason: reason) }
}

/// Reads other specs from the file system, only inside the spec's project (see ``ProjectFolder``):
/// no absolute path, nothing above the project folder, no link leading out of it. A spec from
/// someone else must not learn, through its diagnostics, whether a file exists elsewhere, its
/// size or what it holds.
public struct FileSystemSpecResolver: SpecResolver {
    /// A resolver of the file system, confined to each spec's project folder.
    public init() {}

    /// The spec files in `folder`: names ending in `.yaml` or `.yml`.
    public func specFiles(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
    }

    /// The text of `file` from `folder`, refused outside the project folder.
    public func text(of file: String, from folder: String) -> Result<String, SpecUnavailable> {
        let real: String
        switch ProjectFolder.resolve(file, from: folder) {
        case .success(let resolved): real = resolved
        case .failure(.absolute): return .failure(SpecUnavailable(.absolute, reason: "it is an absolute path"))
        case .failure(.outside(let root)): return .failure(SpecUnavailable(.outside(root: root), reason: "it leads out of the project folder '\(root)'"))
        case .failure(.notInside(let root)):
            return .failure(SpecUnavailable(.notInside(root: root), reason: "no such file in the project folder '\(root)' (or a link that leads out of it)"))
        }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: real)
        } catch {
            return .failure(.unreadable("it does not exist or cannot be read"))
        }
        if let type = attributes[.type] as? FileAttributeType, type == .typeDirectory { return .failure(.unreadable("it is a folder")) }
        // A FIFO would block every check of a navigation, a device could be read without end.
        guard attributes[.type] as? FileAttributeType == .typeRegular else { return .failure(.unreadable("it is not a regular file")) }
        guard (attributes[.size] as? Int ?? 0) <= SpecLoader.maximumFileSize else {
            return .failure(.unreadable("it is larger than \(SpecLoader.maximumFileSize) bytes"))
        }
        guard let data = FileManager.default.contents(atPath: real) else { return .failure(.unreadable("it cannot be read")) }
        guard let text = String(data: data, encoding: .utf8) else { return .failure(.unreadable("it is not UTF-8 text")) }
        return .success(text)
    }
}
