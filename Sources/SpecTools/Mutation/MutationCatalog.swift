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
            return [(Expr(.binary(swapped, a, b), e.range), "\(text(a)) \(swapped.rawValue) \(text(b))")]
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
        // A non-empty string constant made empty.
        { e, _ in
            guard case .string(let s) = e.kind, !s.isEmpty else { return [] }
            return [(Expr(.string(""), e.range), "\"\"")]
        },
        // A ternary's branches swapped.
        { e, text in
            guard case .ternary(let c, let a, let b) = e.kind else { return [] }
            return [(Expr(.ternary(c, b, a), e.range), "\(text(c)) ? \(text(b)) : \(text(a))")]
        },
    ]

    /// The variants of one stream operator, other than its expressions: what its catalogue entry
    /// allows (removed, renamed to an operator of the same shape, a count +-1), a time halved and
    /// doubled, a count of `skip`/`take` +-1, `flatMapLatest` <-> `flatMap`.
    static func operatorVariants(_ op: OperatorDecl) -> [(edit: OperatorEdit, change: String)] {
        var out: [(OperatorEdit, String)] = []
        func replaced(_ kind: OperatorDecl.Kind, name: String? = nil) -> OperatorEdit {
            var changed = op
            changed.kind = kind
            if let name { changed.name = name }
            return .replace(changed)
        }
        for mutation in OperatorCatalog.entry(named: op.name)?.mutations ?? [] {
            switch mutation {
            case .remove:
                out.append((.remove, "\(op.name) -> (removed)"))
            case .replace(let other):
                out.append((replaced(op.kind, name: other), "\(op.name) -> \(other)"))
            case .countByOne:
                guard case .catalogued(let arguments) = op.kind, let n = arguments.count else { continue }
                for changed in [n.value + 1, n.value - 1] where changed >= 0 && n.value < Int.max {
                    var a = arguments
                    a.count = Located(changed, n.range)
                    out.append((replaced(.catalogued(a)), "\(op.name) \(n.value) -> \(op.name) \(changed)"))
                }
            }
        }
        func times(_ ms: Located<Int>, _ make: @escaping (Located<Int>) -> OperatorDecl.Kind) {
            for changed in [ms.value / 2, ms.value * 2] where changed != ms.value && ms.value <= Int.max / 2 {
                out.append((replaced(make(Located(changed, ms.range))), "\(op.name) \(durationText(ms.value)) -> \(op.name) \(durationText(changed))"))
            }
        }
        switch op.kind {
        case .debounce(let ms): times(ms) { .debounce($0) }
        case .throttle(let ms, let latest): times(ms) { .throttle($0, latest: latest) }
        case .delay(let ms): times(ms) { .delay($0) }
        case .skip(let n), .take(let n):
            let make: (Located<Int>) -> OperatorDecl.Kind = op.name == "skip" ? { .skip($0) } : { .take($0) }
            for changed in [n.value + 1, n.value - 1] where changed >= 0 && n.value < Int.max {
                out.append((replaced(make(Located(changed, n.range))), "\(op.name) \(n.value) -> \(op.name) \(changed)"))
            }
        case .flatMapLatest(let request): out.append((replaced(.flatMap(request)), "flatMapLatest -> flatMap"))
        case .flatMap(let request): out.append((replaced(.flatMapLatest(request)), "flatMap -> flatMapLatest"))
        default: break
        }
        return out
    }

    enum OperatorEdit {
        case remove
        case replace(OperatorDecl)
    }

    /// How a duration reads in a change: `300ms`, `5s`.
    static func durationText(_ ms: Int) -> String {
        ms % 1000 == 0 && ms != 0 ? "\(ms / 1000)s" : "\(ms)ms"
    }
}
