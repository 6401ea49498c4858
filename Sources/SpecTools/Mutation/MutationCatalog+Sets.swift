import ScreenSpec
import SpecRuntime

/// The mutation of a set's change (`selected.union([id])`, `selected.subtracting([id])`): the
/// one turned into the other, the slip that removes where it should insert.
extension MutationCatalog {
    static let setMutations: [ExprMutation] = [
        { e, text in
            guard case .call(let callee, let arguments) = e.kind, arguments.count == 1,
                  case .member(let base, let name, false, let nameRange) = callee.kind,
                  let other = ["union": "subtracting", "subtracting": "union"][name] else { return [] }
            let changed = Expr(.member(base, other, optional: false, nameRange: nameRange), callee.range)
            return [(Expr(.call(changed, arguments), e.range), "\(text(base)).\(other)(\(text(arguments[0])))")]
        },
    ]
}
