import ScreenSpec
import SpecRuntime

/// The mutations `specrun mutate` makes. Each entry looks at one expression node, or one
/// declaration, and returns its variants with the change as the report prints it; adding a
/// mutation is adding an entry.
enum MutationCatalog {
    /// A variant of one expression node: the replacement and its text as written.
    typealias ExprVariant = (replacement: Expr, text: String)
    typealias ExprMutation = @Sendable (_ expr: Expr, _ text: (Expr) -> String) -> [ExprVariant]

    static let expressionMutations: [ExprMutation] = [
        // Comparison boundaries and equality: `>=` <-> `>`, `<` <-> `<=`, `==` <-> `!=`; `&&` <-> `||`.
        { e, text in
            guard case .binary(let op, let a, let b) = e.kind else { return [] }
            let swapped: BinaryOperator? = switch op {
            case .greaterOrEqual: .greater
            case .greater: .greaterOrEqual
            case .less: .lessOrEqual
            case .lessOrEqual: .less
            case .equal: .notEqual
            case .notEqual: .equal
            case .and: .or
            case .or: .and
            default: nil
            }
            guard let swapped else { return [] }
            var mutated = Expr(.binary(swapped, a, b), e.range)
            mutated.operatorRange = e.operatorRange
            return [(mutated, "\(text(a)) \(swapped.rawValue) \(text(b))")]
        },
        // Dropping a `!`.
        { e, text in
            guard case .unary(.not, let a) = e.kind else { return [] }
            return [(a, text(a))]
        },
        // Integer constants +1 and -1 (an off-by-one boundary), and from 3 up also divided and
        // multiplied by 3 (a bound far off, as a slip or a unit mistake makes).
        { e, _ in
            guard case .int(let v) = e.kind else { return [] }
            var values = [v &+ 1, v &- 1]
            if v >= 3 && v <= Int.max / 3 { values += [v / 3, v * 3] }
            return values.map { (Expr(.int($0), e.range), "\($0)") }
        },
        // A non-empty string constant made empty, and an interpolated string too (`"Welcome,
        // \(name)!"`), as Stryker empties a template literal: a label nothing checks survives.
        { e, _ in
            let empty: [ExprVariant] = [(Expr(.string(""), e.range), "\"\"")]
            switch e.kind {
            case .string(let s): return s.isEmpty ? [] : empty
            case .interpolation(let parts): return parts.isEmpty ? [] : empty
            default: return []
            }
        },
        // A ternary's branches swapped.
        { e, text in
            guard case .ternary(let c, let a, let b) = e.kind else { return [] }
            return [(Expr(.ternary(c, b, a), e.range), "\(text(c)) ? \(text(b)) : \(text(a))")]
        },
    ] + listMoveMutations + setMutations

    /// The variants of one stream operator, other than its expressions: what its catalogue entry
    /// allows (removed, renamed to an operator of the same shape, a count +-1, a time halved and
    /// doubled).
    static func operatorVariants(_ op: OperatorDecl) -> [(edit: OperatorEdit, change: String)] {
        var out: [(OperatorEdit, String)] = []
        func replaced(_ arguments: OperatorArgumentsDecl, name: String? = nil) -> OperatorEdit {
            var changed = op
            changed.arguments = arguments
            if let name { changed.name = name }
            return .replace(changed)
        }
        for mutation in OperatorCatalog.entry(named: op.name)?.mutations ?? [] {
            switch mutation {
            case .remove:
                out.append((.remove, "\(op.name) -> (removed)"))
            case .replace(let other):
                out.append((replaced(op.arguments, name: other), "\(op.name) -> \(other)"))
            case .countByOne:
                guard let n = op.arguments.count else { continue }
                for changed in [n.value + 1, n.value - 1] where changed >= 0 && n.value < Int.max {
                    var a = op.arguments
                    a.count = Located(changed, n.range)
                    out.append((replaced(a), "\(op.name) \(n.value) -> \(op.name) \(changed)"))
                }
            case .durationByHalfAndDouble:
                guard let ms = op.arguments.duration else { continue }
                for changed in [ms.value / 2, ms.value * 2] where changed != ms.value && ms.value <= Int.max / 2 {
                    var a = op.arguments
                    a.duration = Located(changed, ms.range)
                    out.append((replaced(a), "\(op.name) \(durationText(ms.value)) -> \(op.name) \(durationText(changed))"))
                }
            }
        }
        return out
    }

    enum OperatorEdit {
        case remove
        case replace(OperatorDecl)
    }

    /// How a duration reads in a change: `300ms`, `5s`.
    static func durationText(_ ms: Int) -> String { TimerPlan.text(ms) }
}
