import SpecRuntime

/// An expression as written, before names are resolved and types checked.
package struct Expr: Sendable {
    package indirect enum Kind: Sendable {
        case int(Int)
        case double(Double)
        case bool(Bool)
        case string(String)
        case interpolation([InterpolationPart])
        case null
        /// `()`: the `Void` value, as `map: "()"` makes a stream of `Void`.
        case void
        case name(String)
        /// `$0` inside a closure; `$0`, `$1` in an operator's expression (`scan`, `combineLatest`).
        case closureArgument(Int)
        /// `.received`: an enum case, its type taken from the context.
        case implicitMember(String)
        /// `Goal(id: 1, title: "a")`: a record built field by field; also `x.with(done: true)` and
        /// `String(format: "%d", n)`, whose arguments after the first have an empty label.
        case construct(Expr, [LabeledExpr])
        case unary(UnaryOperator, Expr)
        case binary(BinaryOperator, Expr, Expr)
        case ternary(Expr, Expr, Expr)
        /// `base.name`, or `base?.name` when `optional`.
        case member(Expr, String, optional: Bool, nameRange: SpecRange)
        case call(Expr, [Expr])
        /// `{ body }`, a closure over `$0` (and `$1`), or `{ p in body }` with the parameters it
        /// names (`parameters` empty for the first).
        case closure(Expr, parameters: [ClosureParameter])
        /// `p` inside `{ p in … }`: a parameter of an enclosing closure, known by the range of its
        /// name in that closure's parameter list (the parser resolves names to it lexically, so
        /// a parameter shadows a spec name of the same spelling, as a Swift local does).
        case closureParameter(String, declared: SpecRange)
        case list([Expr])
        /// An expression the parser could not read; its diagnostic was already reported.
        case invalid
    }

    package var kind: Kind
    package var range: SpecRange
    /// Set on a name whose YAML scalar was quoted: `title: "Hello"` is the name `Hello`, and the
    /// author most likely meant the text.
    package var yamlQuoted = false
    /// Where a binary expression's operator is written (`&&` in `a && b`): the place of what the
    /// operator decides, which `a && b && c` has two of at one start.
    package var operatorRange: SpecRange?

    package init(_ kind: Kind, _ range: SpecRange) {
        self.kind = kind
        self.range = range
    }
}

/// A parameter named in `{ p in … }` (or `{ sum, x in … }`); `_` is one that is not read.
package struct ClosureParameter: Sendable {
    package var name: String
    package var range: SpecRange
}

package struct LabeledExpr: Sendable {
    package var label: String
    package var labelRange: SpecRange
    package var value: Expr
}

package enum InterpolationPart: Sendable {
    case text(String)
    case expr(Expr)
}

package enum UnaryOperator: String, Sendable {
    case not = "!"
    case negate = "-"
}

package enum BinaryOperator: String, Sendable, CaseIterable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case and = "&&", or = "||"
    case coalesce = "??"

    package var isComparison: Bool {
        switch self {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: return true
        default: return false
        }
    }
}

extension Expr {
    /// `.received` or `.http(409)`: a member whose type comes from the context.
    var isImplicitMember: Bool {
        switch kind {
        case .implicitMember: return true
        case .call(let callee, _): if case .implicitMember = callee.kind { return true } else { return false }
        default: return false
        }
    }

    /// `nil`, whose type comes from its context.
    var isNil: Bool {
        if case .null = kind { return true }
        return false
    }

    /// The expressions directly inside this one, in no particular order.
    var children: [Expr] {
        switch kind {
        case .member(let base, _, _, _): [base]
        case .unary(_, let a), .closure(let a, _): [a]
        case .binary(_, let a, let b): [a, b]
        case .ternary(let a, let b, let c): [a, b, c]
        case .call(let callee, let args): [callee] + args
        case .list(let items): items
        case .construct(let callee, let args): [callee] + args.map(\.value)
        case .interpolation(let parts): parts.compactMap { if case .expr(let x) = $0 { x } else { nil } }
        case .name, .int, .double, .bool, .string, .null, .void, .closureArgument, .closureParameter, .implicitMember, .invalid: []
        }
    }

    /// The names this expression mentions, dotted ones (`login.enabled`) both whole and by their
    /// first part, so that the checker can order declarations before typing them.
    func referencedNames() -> [String] {
        var names: [String] = []
        var stack: [Expr] = [self]
        while let e = stack.popLast() {
            switch e.kind {
            case .name(let n): names.append(n)
            case .member(let base, let member, _, _): if case .name(let n) = base.kind { names.append(n + "." + member) }
            default: break
            }
            stack.append(contentsOf: e.children)
        }
        return names
    }
}

extension Expr {
    /// `a.b.c` written as plain member accesses over a name, as one dotted name; nil otherwise.
    var dottedPath: String? {
        switch kind {
        case .name(let n): return n
        case .member(let base, let n, false, _): return base.dottedPath.map { $0 + "." + n }
        default: return nil
        }
    }
}
