import SpecRuntime

/// A list with its elements moved (`BuiltinCatalog.listMoves`): `xs.swappingAt(i, j)` is a
/// catalogue spelling, `xs.removing(at: i)` and `xs.inserting(x, at: i)` take a label and are
/// typed here. Swift's mutating `swapAt`, `remove(at:)`, `insert(_:at:)` and
/// `move(fromOffsets:toOffset:)` change an array in place; an expression changes nothing, so
/// each is an error whose fix is the form that gives the moved list, set by a handler.
extension ExpressionChecker {
    /// The names this file types or refuses on a list, for the labeled calls the parser reads as
    /// constructions.
    static let listMoveNames = Set(BuiltinCatalog.labeledListMoves + ["swapAt", "remove", "insert", "move"])

    /// Swift's mutating methods and the form of each that gives the moved list.
    private static let mutatingListMethods: [String: String] = [
        "swapAt": "swappingAt(i, j)",
        "remove": "removing(at: i)",
        "insert": "inserting(x, at: i)",
        "move": "swappingAt(i, j)' for a neighbour, or 'removing(at: i)' then 'inserting(x, at: j)",
    ]

    /// A labeled call whose callee is `base.name`, one of ``listMoveNames``.
    mutating func listMove(_ base: Expr, _ name: String, _ nameRange: SpecRange, _ arguments: [LabeledExpr], _ range: SpecRange) -> Typed? {
        guard let b = infer(base) else { return nil }
        if let handled = listMove(b, name, nameRange, arguments, range) { return handled }
        let labels = arguments.map { "\($0.label.isEmpty ? "_" : $0.label):" }.joined()
        return error(.unknownMember, "'\(b.type)' has no function '\(name)(\(labels))'", nameRange)
    }

    /// The typed call, or `.some(nil)` after an error; nil when `name` on a value of this type is
    /// none of these (the caller goes on with the catalogue).
    mutating func listMove(_ b: Typed, _ name: String, _ nameRange: SpecRange, _ arguments: [LabeledExpr], _ range: SpecRange) -> Typed?? {
        guard case .list(let element) = b.type else { return nil }
        if let pure = Self.mutatingListMethods[name] {
            diagnostics.error(.unknownMember, "'\(name)' changes a list in place, as Swift's mutating method does; an expression gives a new list",
                              at: nameRange, notes: [DiagnosticNote("a handler sets the list to the moved one, as in 'set: { queue: queue.swappingAt(i, i - 1) }'")],
                              fixIt: "write '\(pure)'")
            return .some(nil)
        }
        switch name {
        case "removing":
            guard arguments.count == 1, arguments[0].label == "at" else {
                return .some(error(.wrongArity, "'removing(at:)' takes one offset, labeled 'at:'", arguments.isEmpty ? nameRange : range,
                                   notes: [DiagnosticNote("as in 'queue.removing(at: 0)', the list without its first element")]))
            }
            guard let offset = check(arguments[0].value, expecting: .int) else { return .some(nil) }
            return .some((.call(.removingAt, [b.expr, offset]), b.type))
        case "inserting":
            guard arguments.count == 2, arguments[0].label.isEmpty, arguments[1].label == "at" else {
                return .some(error(.wrongArity, "'inserting(_:at:)' takes an element and an offset, labeled 'at:'", arguments.isEmpty ? nameRange : range,
                                   notes: [DiagnosticNote("as in 'queue.inserting(track, at: 0)', the list with 'track' first")]))
            }
            guard let value = check(arguments[0].value, expecting: element), let offset = check(arguments[1].value, expecting: .int) else {
                return .some(nil)
            }
            return .some((.call(.insertingAt, [b.expr, value, offset]), b.type))
        default:
            return nil
        }
    }
}
