/// A place in an expression where evaluation takes one of several ways — a branch of `? :`, a
/// side of `&&` or `||`, a `??` fallback, a row of a binding's `table:` — with where it is
/// written. The checker marks these so that `specrun coverage` can tell which ways were taken;
/// the runtime ignores them unless a coverage recorder is attached.
package struct ProbeSite: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// `c ? a : b`: the probed expression is the `.conditional`.
        case ternary
        /// `a && b`, `a || b`: the probed expression is the `.and` or `.or`.
        case and, or
        /// `a ?? b`: the probed expression is the `.coalesce`.
        case coalesce
        /// One row of a `table:`: the probed expression is the row's `.conditional`; `key` as written.
        case tableRow(key: String)
        /// A table's `default:`: the probed expression is the default value.
        case tableDefault
        /// A handler's `if:`: the probed expression is the `Bool` condition, which goes true or false.
        case `guard`
        /// A condition of a choice between a request's inner streams (`if:` beside `then:` and
        /// `else:`, at any depth): the probed expression is the `Bool` condition, which goes
        /// true (its `then:` is taken) or false (its `else:`).
        case choice
    }

    package var kind: Kind
    /// Where the construct is written: the whole expression, or the row's key.
    package var range: SpecRange

    package init(_ kind: Kind, _ range: SpecRange) {
        self.kind = kind
        self.range = range
    }
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension ProbeSite: Codable {}
extension ProbeSite.Kind: Codable {}
