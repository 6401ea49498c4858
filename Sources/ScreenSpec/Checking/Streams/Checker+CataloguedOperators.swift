import SpecRuntime

/// Operators built on `OperatorCatalog`, typed by their entry's ``OperatorTyping``: nothing
/// here names an operator.
extension Checker {
    mutating func checkCatalogued(_ op: OperatorDecl, _ arguments: OperatorArgumentsDecl, element: inout SpecType, node: Int) -> OperatorArguments? {
        guard let entry = OperatorCatalog.entry(named: op.name) else { return nil }
        var checked = OperatorArguments(count: arguments.count?.value)
        for other in arguments.sources {
            guard let symbol = streamSource(other, for: node) else { return nil }
            checked.sources.append(symbol.node)
        }
        switch entry.typing {
        case .dedicated, .keepsElement:
            break
        case .predicate:
            guard let condition = arguments.expressions.first,
                  let t = operatorExpression(condition, arguments: [element], expecting: .bool, node: node) else { return nil }
            checked.expressions = [t.expr]
        case .unwrappingTransform:
            guard let transform = arguments.expressions.first,
                  let t = operatorExpression(transform, arguments: [element], expecting: nil, node: node, infer: true) else { return nil }
            guard case .optional(let wrapped) = t.type else {
                diagnostics.error(.typeMismatch, "'\(op.name)' keeps the values of an optional and drops nil, but '\(t.type)' is not optional",
                                  at: transform.range, fixIt: "use 'map' for a transform that always has a value")
                return nil
            }
            checked.expressions = [t.expr]
            element = wrapped
        case .accumulates:
            guard arguments.expressions.count == 2 else { return nil }
            let (seedExpr, accExpr) = (arguments.expressions[0], arguments.expressions[1])
            // `reduce([]) { $0 + [$1] }`: an empty seed takes its type from the elements, as in 'scan'.
            var accumulator: SpecType
            if case .list(let items) = seedExpr.kind, items.isEmpty {
                if case .list = element { accumulator = element } else { accumulator = .list(element) }
            } else {
                guard let s = operatorExpression(seedExpr, arguments: [], expecting: nil, node: node, infer: true) else { return nil }
                accumulator = s.type
            }
            guard let seed = operatorExpression(seedExpr, arguments: [], expecting: accumulator, node: node),
                  let acc = operatorExpression(accExpr, arguments: [accumulator, element], expecting: accumulator, node: node)
            else { return nil }
            checked.expressions = [seed.expr, acc.expr]
            element = accumulator
        }
        return checked
    }
}
