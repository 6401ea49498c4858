/// Whether two expressions are written alike, wherever they are written: the same kinds, names,
/// literals and operators, ranges aside (`!favorite` in a handler's `set:` and in an action's
/// `with:`).
extension Expr {
    func isWrittenAlike(_ other: Expr) -> Bool { shape == other.shape }

    private var shape: String {
        let inner = children.map(\.shape).joined(separator: ",")
        switch kind {
        case .int(let v): return "i\(v)"
        case .double(let v): return "d\(v)"
        case .bool(let v): return "b\(v)"
        case .string(let s): return "s" + s.debugDescription
        case .null: return "nil"
        case .void: return "()"
        case .name(let n): return "n:" + n
        case .closureArgument(let i): return "$\(i)"
        case .implicitMember(let m): return "." + m
        case .closureParameter(let n, _): return "p:" + n
        case .invalid: return "?"
        case .interpolation(let parts):
            return "\"" + parts.map { if case .text(let t) = $0 { t.debugDescription } else { "_" } }.joined() + "(" + inner + ")"
        case .construct(_, let args): return "new" + args.map(\.label).joined(separator: ":") + "(" + inner + ")"
        case .unary(let op, _): return op.rawValue + "(" + inner + ")"
        case .binary(let op, _, _): return op.rawValue + "(" + inner + ")"
        case .ternary: return "?:(" + inner + ")"
        case .member(_, let name, let optional, _): return (optional ? "?." : ".") + name + "(" + inner + ")"
        case .call: return "call(" + inner + ")"
        case .closure(_, let parameters): return "{" + parameters.map(\.name).joined(separator: ",") + "}(" + inner + ")"
        case .list: return "[" + inner + "]"
        }
    }
}
