/// A list with its elements moved, the values Swift's mutating `swapAt(_:_:)`, `remove(at:)` and
/// `insert(_:at:)` leave in the array: an expression has a value and changes nothing, so a
/// handler sets the list to the moved one (`set: { queue: 'queue.swappingAt(i, i - 1)' }`), as
/// Swift's guidelines name a method's non-mutating form. An index Swift would trap on is an
/// evaluation error here (a handler's runtime error, a stream's `evaluation` error), never a
/// trap and never a clamped index. The checker types the labeled forms itself
/// (`ExpressionChecker+ListMoves.swift`): their entries have no spellings.
extension BuiltinCatalog {
    static let listMoves: [BuiltinEntry] = [
        // `xs.swappingAt(i, j)`: `i` and `j` in `0..<count`; `swappingAt(i, i)` is the list.
        BuiltinEntry(TypedExpr.Builtin.swappingAt.id, [.method("swappingAt", on: .list(.element), [.exact(.int), .exact(.int)], .list(.element))]) { fs in
            let (f0, f1, f2) = (fs[0], fs[1], fs[2])
            return { ctx throws(EvalError) in
                guard case .list(var l) = try f0(ctx) else { return .none }
                let i = try offset(f1(ctx), in: l.count, through: l.count - 1, "swappingAt")
                let j = try offset(f2(ctx), in: l.count, through: l.count - 1, "swappingAt")
                try ctx.spend(l.count)
                l.swapAt(i, j)
                return .list(l)
            }
        },
        // `xs.removing(at: i)`: `i` in `0..<count`.
        BuiltinEntry(TypedExpr.Builtin.removingAt.id, [], arguments: [2]) { fs in
            let (f0, f1) = (fs[0], fs[1])
            return { ctx throws(EvalError) in
                guard case .list(var l) = try f0(ctx) else { return .none }
                let i = try offset(f1(ctx), in: l.count, through: l.count - 1, "removing(at:)")
                try ctx.spend(l.count)
                l.remove(at: i)
                return .list(l)
            }
        },
        // `xs.inserting(x, at: i)`: `i` in `0...count`, `count` appending.
        BuiltinEntry(TypedExpr.Builtin.insertingAt.id, [], arguments: [3]) { fs in
            let (f0, f1, f2) = (fs[0], fs[1], fs[2])
            return { ctx throws(EvalError) in
                guard case .list(var l) = try f0(ctx) else { return .none }
                let element = try f1(ctx)
                let i = try offset(f2(ctx), in: l.count, through: l.count, "inserting(_:at:)")
                try ctx.spend(l.count + 1)
                l.insert(element, at: i)
                return .list(l)
            }
        },
    ]

    /// The list moves the checker types itself, with labels (`removing(at:)`,
    /// `inserting(_:at:)`): their entries above have no spellings, so ``methodNames(on:)``
    /// lists these names with a list's other methods, where a message names a value's members.
    package static let labeledListMoves = ["removing", "inserting"]

    /// The offset `value` holds when it is in `0...last`; else the evaluation error that stands
    /// for Swift's trap, naming the offsets the list has.
    private static func offset(_ value: Value, in count: Int, through last: Int, _ method: String) throws(EvalError) -> Int {
        guard case .int(let i) = value else { throw EvalError(message: "'\(method)' takes an 'Int' offset, found \(ValueFormatter.text(value))") }
        guard i >= 0, i <= last else {
            let offsets = last < 0 ? "an empty list has none" : last == 0 ? "its only offset is 0" : "its offsets are 0 to \(last)"
            throw EvalError(message: "offset \(i) is out of range for '\(method)' on a list of \(count) element\(count == 1 ? "" : "s"): \(offsets)")
        }
        return i
    }
}

extension TypedExpr.Builtin {
    /// `xs.swappingAt(i, j)`: the receiver, then the two offsets.
    package static let swappingAt = TypedExpr.Builtin("swappingAt")
    /// `xs.removing(at: i)`: the receiver, then the offset.
    package static let removingAt = TypedExpr.Builtin("removingAt")
    /// `xs.inserting(x, at: i)`: the receiver, the element, then the offset.
    package static let insertingAt = TypedExpr.Builtin("insertingAt")
}
