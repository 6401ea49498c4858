/// Whether two handlers' `if:` conditions provably exclude each other, so that handlers on one
/// event never both run: `c` and `!c`; the same two operands compared with operators that no
/// pair of values satisfies both (`n > 0` and `n <= 0`, `a == b` and `a != b`, `x < y` and
/// `y < x`); the same operand equal to two different literals (`e == .a` and `e == .b`); a
/// conjunction one of whose terms excludes the other condition, and a disjunction all of whose
/// terms do. Both conditions read the state from before the transaction (handlers compute
/// before any writes), so one written value decides both. Anything else may hold together.
enum ExclusiveConditions {
    static func exclude(_ a: Expr, _ b: Expr) -> Bool {
        if let x = Atom(a), let y = Atom(b), x.excludes(y) { return true }
        if case .binary(.and, let l, let r) = a.kind { return exclude(l, b) || exclude(r, b) }
        if case .binary(.and, let l, let r) = b.kind { return exclude(a, l) || exclude(a, r) }
        if case .binary(.or, let l, let r) = a.kind { return exclude(l, b) && exclude(r, b) }
        if case .binary(.or, let l, let r) = b.kind { return exclude(a, l) && exclude(a, r) }
        return false
    }

    /// A condition as a Bool operand that must be true or false, and, for a comparison, its two
    /// operands with the relations between them that satisfy it, of less, equal and greater.
    private struct Atom {
        var truth: (operand: Operand, holds: Bool)?
        var comparison: (left: Operand, relations: Set<Relation>, right: Operand)?

        init?(_ e: Expr) {
            if case .unary(.not, let inner) = e.kind {
                guard let atom = Atom(inner) else { return nil }
                truth = atom.truth.map { ($0.operand, !$0.holds) }
                // `!(a == b)` is `a != b`; other negations stay whole, as an order comparison
                // with Double.nan is false both ways.
                if case .binary(let op, _, _) = inner.kind, op == .equal || op == .notEqual, let c = atom.comparison {
                    comparison = (c.left, Relation.satisfying(op == .equal ? .notEqual : .equal), c.right)
                }
                return
            }
            truth = Operand(e).map { ($0, true) }
            if case .binary(let op, let l, let r) = e.kind, op.isComparison, let l = Operand(l), let r = Operand(r) {
                comparison = (l, Relation.satisfying(op), r)
            }
            if truth == nil && comparison == nil { return nil }
        }

        func excludes(_ other: Atom) -> Bool {
            if let a = truth, let b = other.truth, a.operand == b.operand, a.holds != b.holds { return true }
            guard let (l1, s1, r1) = comparison, let (l2, s2, r2) = other.comparison else { return false }
            if l1 == l2 && r1 == r2 { return s1.isDisjoint(with: s2) }
            if l1 == r2 && r1 == l2 { return s1.isDisjoint(with: Set(s2.map(\.mirrored))) }
            // `e == .a` and `e == .b`: one operand equal to two different literals.
            guard s1 == [.equal], s2 == [.equal] else { return false }
            for (x, y) in [(l1, r1), (r1, l1)] {
                for (p, q) in [(l2, r2), (r2, l2)] where x == p && y.isLiteral && q.isLiteral && y != q { return true }
            }
            return false
        }
    }

    private enum Relation: Hashable {
        case less, equal, greater

        var mirrored: Relation {
            switch self {
            case .less: .greater
            case .equal: .equal
            case .greater: .less
            }
        }

        static func satisfying(_ op: BinaryOperator) -> Set<Relation> {
            switch op {
            case .equal: [.equal]
            case .notEqual: [.less, .greater]
            case .less: [.less]
            case .lessOrEqual: [.less, .equal]
            case .greater: [.greater]
            default: [.greater, .equal]
            }
        }
    }

    /// An operand written the same way in both conditions (ranges aside), by its structure;
    /// nil for what holds a closure or an interpolation, which are not compared.
    private struct Operand: Equatable {
        let key: String
        let isLiteral: Bool

        init?(_ e: Expr) {
            guard let key = Self.key(e) else { return nil }
            self.key = key
            isLiteral = Self.isLiteral(e)
        }

        private static func isLiteral(_ e: Expr) -> Bool {
            switch e.kind {
            case .int, .double, .bool, .string, .null, .implicitMember: return true
            case .unary(.negate, let x): return isLiteral(x)
            case .call(let callee, let args): return callee.isImplicitMember && args.allSatisfy(isLiteral)
            default: return false
            }
        }

        private static func key(_ e: Expr) -> String? {
            func all(_ items: [Expr]) -> String? {
                let keys = items.compactMap(key)
                return keys.count == items.count ? keys.joined(separator: ",") : nil
            }
            switch e.kind {
            // `1` and `1.0` are one Double value.
            case .int(let i): return "#\(Double(i))"
            case .double(let d): return "#\(d)"
            case .bool(let b): return "\(b)"
            case .string(let s): return "\"" + s.debugDescription
            case .null: return "nil"
            case .name(let n): return n
            case .closureArgument(let k): return "$\(k)"
            case .implicitMember(let m): return "." + m
            case .member(let base, let name, let optional, _): return key(base).map { $0 + (optional ? "?." : ".") + name }
            case .unary(let op, let x): return key(x).map { op.rawValue + "(" + $0 + ")" }
            case .binary(let op, let l, let r): return all([l, r]).map { "(" + op.rawValue + " " + $0 + ")" }
            case .ternary(let c, let t, let f): return all([c, t, f]).map { "(? " + $0 + ")" }
            case .call(let callee, let args): return all([callee] + args).map { "call(" + $0 + ")" }
            case .construct(let callee, let args):
                let labels = args.map(\.label).joined(separator: ":")
                return all([callee] + args.map(\.value)).map { "make(" + labels + ";" + $0 + ")" }
            case .list(let items): return all(items).map { "[" + $0 + "]" }
            case .interpolation, .closure, .closureParameter, .invalid: return nil
            }
        }
    }
}
