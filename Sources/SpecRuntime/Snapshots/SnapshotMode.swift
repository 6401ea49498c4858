/// What a snapshot check may write.
public struct SnapshotMode: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable { case verify, recordNew, update }
    let kind: Kind

    /// Never writes: a missing or different snapshot is a failure. For CI and for `swift test`.
    public static let verify = SnapshotMode(kind: .verify)
    /// Writes snapshots that do not exist yet; a different one is a failure and is left alone.
    /// The default of `specrun test` on a developer's machine.
    public static let recordNew = SnapshotMode(kind: .recordNew)
    /// Writes new and different snapshots; equal ones are not touched.
    public static let update = SnapshotMode(kind: .update)

    var writesNew: Bool { kind != .verify }
    var writesChanged: Bool { kind == .update }

    public var description: String {
        switch kind {
        case .verify: return "verify"
        case .recordNew: return "record new"
        case .update: return "update"
        }
    }
}
