import SpecRuntime

/// One thing a spec's scenarios should make happen at least once — an output changing, a branch
/// taken, a service result answered — with where it is written.
package struct CoverageItem: Sendable, Hashable {
    /// What kind of construct it belongs to, for grouping and for JSON.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case output, branch, service, action, handler, navigation, binding, event
    }

    package var kind: Kind
    /// What must happen, such as `'canLogin' is false` or `the 'else' branch of '? :' is taken`.
    package var what: String
    package var range: SpecRange
    /// The declaration it belongs to, as `unreachable:` names it: an output, action, component
    /// (the part of a name before its first `.`) or service.
    package var declaration: String
    /// For an item of a screen handler, the event it is on (`rows.toggled`), which `unreachable:`
    /// may name instead of ``declaration`` to mark that handler's items alone.
    package var event: String? = nil
    package var covered = false
    /// The scenarios that exercised it, in declaration order.
    package var coveredBy: [String] = []
    /// The reason given in `unreachable:`, when the spec marks it as never reachable.
    package var unreachableBecause: String? = nil
    /// The reason of an `unreachable:` mark naming this item although a scenario reached it: the
    /// item counts as covered, and the report warns that the mark is wrong.
    package var reachedThoughMarked: String? = nil
    /// With ``reachedThoughMarked``, when the mark names several items of one text: how to name
    /// the unreached ones alone (`occurrence:`).
    package var markHint: String? = nil

    /// Neither covered nor explained.
    package var missed: Bool { !covered && unreachableBecause == nil }
}
