import SpecRuntime

/// `xs[i]`, Swift's subscript of an array, read by the parser as a call of
/// ``Expr/subscriptMember``: the element at index `i` of a list, an `Int` index. Swift traps past
/// the end; here that is a run-time error naming the index and the count
/// (`BuiltinCatalog.subscripts`), as overflow and division by zero are.
extension ExpressionChecker {
    mutating func subscripted(_ base: Expr, _ brackets: SpecRange, _ arguments: [Expr], _ range: SpecRange) -> Typed? {
        guard let b = infer(base) else {
            for argument in arguments { _ = infer(argument) }
            return nil
        }
        guard case .list(let element) = b.type else {
            let notes = b.type == .string
                ? [DiagnosticNote("a string has no subscript by number in Swift either; take its characters with 'map { $0 }', or its ends with 'first' and 'last' on them")]
                : b.type.isOptional ? [DiagnosticNote("unwrap the optional list first, as in '(xs ?? [])[0]'")] : []
            return error(.unknownMember, "'\(b.type)' has no subscript; only a list is subscripted, as in 'xs[0]'", brackets, notes: notes)
        }
        guard arguments.count == 1 else {
            return error(.wrongArity, "a list's subscript takes one index, as in 'xs[0]'", range)
        }
        guard let index = check(arguments[0], expecting: .int) else { return nil }
        return (.call(.subscripted, [b.expr, index]), element)
    }
}
