import SpecRuntime

/// What a snapshot check may write.
package struct SnapshotMode: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable { case verify, recordNew, review, update }
    let kind: Kind

    /// Never writes: a missing or different snapshot is a failure. For CI and for `swift test`.
    package static let verify = SnapshotMode(kind: .verify)
    /// Writes snapshots that do not exist yet; a different one is a failure and is left alone.
    /// The default of `specrun test` on a developer's machine.
    package static let recordNew = SnapshotMode(kind: .recordNew)
    /// Writes snapshots that do not exist yet; a different one is a failure, left alone, and its
    /// new timeline is written beside it as a pending `<snapshot>.new` to review (accept or
    /// reject). The default of `specrun test` on a developer's machine.
    package static let review = SnapshotMode(kind: .review)
    /// Writes new and different snapshots; equal ones are not touched.
    package static let update = SnapshotMode(kind: .update)

    var writesNew: Bool { kind != .verify }
    var writesChanged: Bool { kind == .update }
    var writesPending: Bool { kind == .review }
    /// Every mode that writes also deletes a pending file once its scenario matches again.
    var settlesPending: Bool { kind != .verify }

    package var description: String {
        switch kind {
        case .verify: return "verify"
        case .recordNew: return "record new"
        case .review: return "review"
        case .update: return "update"
        }
    }
}
