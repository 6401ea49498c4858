import ScreenSpec
import SpecRuntime

/// The mutations of a list move (`xs.swappingAt(i, j)`, `xs.removing(at: i)`,
/// `xs.inserting(x, at: i)`): the move dropped (the list as it was), and an offset computed from
/// a neighbour's turned the other way (`index - 1` <-> `index + 1`), the slip that moves a row down
/// for up. Swapping `swappingAt`'s two offsets is no mutation: it moves the same elements.
extension MutationCatalog {
    static let listMoveNames: Set<String> = ["swappingAt", "removing", "inserting"]

    static let listMoveMutations: [ExprMutation] = [
        { e, text in
            guard let (base, name, labels, values, rebuild) = listMove(e) else { return [] }
            var out: [ExprVariant] = [(base, text(base))]
            for (k, value) in values.enumerated() {
                guard name != "inserting" || k == 1, case .binary(let op, let a, let b) = value.kind, op == .add || op == .subtract else { continue }
                let flipped: BinaryOperator = op == .add ? .subtract : .add
                var changed = values
                changed[k] = Expr(.binary(flipped, a, b), value.range)
                let written = values.indices.map { j in
                    (labels[j].isEmpty ? "" : labels[j] + ": ") + (j == k ? "\(text(a)) \(flipped.rawValue) \(text(b))" : text(values[j]))
                }
                out.append((rebuild(changed), "\(text(base)).\(name)(\(written.joined(separator: ", ")))"))
            }
            return out
        },
    ]

    /// A list move's receiver, name, labels and arguments, and how to write it with other
    /// arguments; nil for any other expression.
    private static func listMove(_ e: Expr) -> (Expr, String, [String], [Expr], ([Expr]) -> Expr)? {
        switch e.kind {
        case .call(let callee, let arguments):
            guard case .member(let base, let name, false, _) = callee.kind, listMoveNames.contains(name) else { return nil }
            return (base, name, arguments.map { _ in "" }, arguments, { Expr(.call(callee, $0), e.range) })
        case .construct(let callee, let arguments):
            guard case .member(let base, let name, false, _) = callee.kind, listMoveNames.contains(name) else { return nil }
            return (base, name, arguments.map(\.label), arguments.map(\.value), { values in
                var changed = arguments
                for k in changed.indices where k < values.count { changed[k].value = values[k] }
                return Expr(.construct(callee, changed), e.range)
            })
        default:
            return nil
        }
    }
}
