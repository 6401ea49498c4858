import SpecProgram

/// Whether two handlers' `if:` conditions provably exclude each other, so that handlers on one
/// event never both run: `c` and `!c`; the same two operands compared with operators that no
/// pair of values satisfies both (`n > 0` and `n <= 0`, `a == b` and `a != b`, `x < y` and
/// `y < x`); the same operand equal to two different literals (`e == .a` and `e == .b`); a
/// conjunction one of whose terms excludes the other condition, and a disjunction all of whose
/// terms do. Both conditions read the state from before the transaction (handlers compute
/// before any writes), so one written value decides both. Anything else may hold together.
///
/// Each condition is read once into a tree whose every subexpression has a number (equal numbers
/// for subexpressions written alike), so that comparing two conditions of hundreds of operators
/// costs one comparison of numbers per pair of their nodes.
enum ExclusiveConditions {
    static func exclude(_ a: Expr, _ b: Expr) -> Bool {
        var keys = Keys()
        return Condition(a, &keys).excludes(Condition(b, &keys))
    }

    /// A condition as its `&&`/`||` tree, each node with its ``Atom`` if it is one.
    private indirect enum Shape {
        case and(Condition, Condition)
        case or(Condition, Condition)
        case leaf
    }

    private struct Condition {
        var atom: Atom?
        var shape: Shape

        init(_ e: Expr, _ keys: inout Keys) {
            atom = Atom(e, &keys)
            switch e.kind {
            case .binary(.and, let l, let r): shape = .and(Condition(l, &keys), Condition(r, &keys))
            case .binary(.or, let l, let r): shape = .or(Condition(l, &keys), Condition(r, &keys))
            default: shape = .leaf
            }
        }

        func excludes(_ other: Condition) -> Bool {
            if let x = atom, let y = other.atom, x.excludes(y) { return true }
            if case .and(let l, let r) = shape { return l.excludes(other) || r.excludes(other) }
            if case .and(let l, let r) = other.shape { return excludes(l) || excludes(r) }
            if case .or(let l, let r) = shape { return l.excludes(other) && r.excludes(other) }
            if case .or(let l, let r) = other.shape { return excludes(l) && excludes(r) }
            return false
        }
    }

    /// A condition as a Bool operand that must be true or false, and, for a comparison, its two
    /// operands with the relations between them that satisfy it, of less, equal and greater.
    private struct Atom {
        var truth: (operand: Operand, holds: Bool)?
        var comparison: (left: Operand, relations: Set<Relation>, right: Operand)?

        init?(_ e: Expr, _ keys: inout Keys) {
            if case .unary(.not, let inner) = e.kind {
                guard let atom = Atom(inner, &keys) else { return nil }
                truth = atom.truth.map { ($0.operand, !$0.holds) }
                // `!(a == b)` is `a != b`; other negations stay whole, as an order comparison
                // with Double.nan is false both ways.
                if case .binary(let op, _, _) = inner.kind, op == .equal || op == .notEqual, let c = atom.comparison {
                    comparison = (c.left, Relation.satisfying(op == .equal ? .notEqual : .equal), c.right)
                }
                return
            }
            truth = Operand(e, &keys).map { ($0, true) }
            if case .binary(let op, let l, let r) = e.kind, op.isComparison, let l = Operand(l, &keys), let r = Operand(r, &keys) {
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

    /// The numbers of subexpressions, by their structure: a node's text names its children by
    /// their numbers, so it stays short however deep the expression.
    private struct Keys {
        private var numbers: [String: Int] = [:]

        mutating func number(_ text: String) -> Int {
            if let n = numbers[text] { return n }
            numbers[text] = numbers.count
            return numbers.count - 1
        }
    }

    /// An operand written the same way in both conditions (ranges aside), by its structure, and
    /// a literal by its value (`1` and `1.0`, `0` and `-0`); nil for what holds a closure or an
    /// interpolation, which are not compared.
    private struct Operand: Equatable {
        let key: Int
        let isLiteral: Bool

        init?(_ e: Expr, _ keys: inout Keys) {
            guard let key = Self.key(e, &keys) else { return nil }
            self.key = key
            isLiteral = Self.isLiteral(e)
        }

        /// A value written as itself. A colour's name is not one: `.gray` and `.grey` are one colour,
        /// and an implicit member's type is not known here.
        private static func isLiteral(_ e: Expr) -> Bool {
            switch e.kind {
            case .int, .double, .bool, .string, .null: return true
            case .implicitMember(let name): return ColorValue.named(name) == nil
            case .unary(.negate, let x): return isLiteral(x)
            case .call(let callee, let args): return callee.isImplicitMember && args.allSatisfy(isLiteral)
            default: return false
            }
        }

        /// A number literal's value, negated or not: exact for an `Int` no `Double` holds.
        private static func number(_ e: Expr) -> String? {
            switch e.kind {
            case .int(let i): return Double(exactly: i).map { "#\($0 == 0 ? 0 : $0)" } ?? "#int \(i)"
            case .double(let d): return "#\(d == 0 ? 0 : d)"
            case .unary(.negate, let x):
                switch x.kind {
                case .int(let i): return i == .min ? nil : number(Expr(.int(-i), e.range))
                case .double(let d): return number(Expr(.double(-d), e.range))
                default: return nil
                }
            default: return nil
            }
        }

        private static func key(_ e: Expr, _ keys: inout Keys) -> Int? {
            func all(_ items: [Expr]) -> String? {
                var parts: [String] = []
                for item in items {
                    guard let k = key(item, &keys) else { return nil }
                    parts.append(String(k))
                }
                return parts.joined(separator: ",")
            }
            if let number = number(e) { return keys.number(number) }
            let text: String?
            switch e.kind {
            case .int, .double: text = nil
            case .bool(let b): text = "\(b)"
            case .string(let s): text = "\"" + s.debugDescription
            case .null: text = "nil"
            case .void: text = "()"
            case .name(let n): text = n
            case .closureArgument(let k): text = "$\(k)"
            case .implicitMember(let m): text = "." + m
            case .member(let base, let name, let optional, _): text = key(base, &keys).map { "\($0)" + (optional ? "?." : ".") + name }
            case .unary(let op, let x): text = key(x, &keys).map { op.rawValue + "(\($0))" }
            case .binary(let op, let l, let r): text = all([l, r]).map { "(" + op.rawValue + " " + $0 + ")" }
            case .ternary(let c, let t, let f): text = all([c, t, f]).map { "(? " + $0 + ")" }
            case .call(let callee, let args): text = all([callee] + args).map { "call(" + $0 + ")" }
            case .construct(let callee, let args):
                let labels = args.map(\.label).joined(separator: ":")
                text = all([callee] + args.map(\.value)).map { "make(" + labels + ";" + $0 + ")" }
            case .list(let items): text = all(items).map { "[" + $0 + "]" }
            case .interpolation, .closure, .closureParameter, .invalid: text = nil
            }
            return text.map { keys.number($0) }
        }
    }
}
