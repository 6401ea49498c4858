import SpecRuntime

/// Operators built on `OperatorCatalog`, typed by their entry's ``OperatorTyping``: nothing
/// here names an operator.
extension DataflowPass {
    mutating func checkCatalogued(_ op: OperatorDecl, _ arguments: OperatorArgumentsDecl, element: inout SpecType, node: Int,
                                 bound requestElement: (name: String, type: SpecType)?) -> OperatorArguments? {
        guard let entry = OperatorCatalog.entry(named: op.name) else { return nil }
        // A choice the shape does not take is left out: the mutation tool renames an operator to
        // one of the same expressions (`takeWhile` -> `skipWhile`), whose shape may have no options.
        let takesChoice = entry.shape?.parameters.contains { if case .choice = $0.kind { true } else { false } } == true
        var checked = OperatorArguments(count: arguments.count?.value, duration: arguments.duration?.value,
                                        choice: takesChoice ? arguments.choice?.value : nil)
        var otherTypes: [SpecType] = []
        for other in arguments.sources {
            guard let symbol = streamSource(other, for: node) else { return nil }
            checked.sources.append(symbol.node)
            otherTypes.append(symbol.type)
        }
        switch entry.typing {
        case .dedicated, .keepsElement:
            break
        case .predicate:
            guard let condition = arguments.expressions.first,
                  let t = operatorExpression(condition, arguments: [element], expecting: .bool, node: node, bound: requestElement) else { return nil }
            checked.expressions = [t.expr]
        case .unwrappingTransform:
            guard let transform = arguments.expressions.first else { return nil }
            // `c ? $0 * 10 : nil`, Swift's usual spelling: the other branch gives the type that
            // the nil is an optional of.
            var expected: SpecType?
            if case .ternary(_, let a, let b) = transform.kind {
                let other: Expr? = if case .null = a.kind { b } else if case .null = b.kind { a } else { nil }
                if let other, !other.isNullLiteral {
                    guard let o = operatorExpression(other, arguments: [element], expecting: nil, node: node, bound: requestElement, infer: true) else { return nil }
                    expected = .makeOptional(o.type)
                }
            }
            guard let t = operatorExpression(transform, arguments: [element], expecting: expected, node: node, bound: requestElement, infer: true) else { return nil }
            guard case .optional(let wrapped) = t.type else {
                cx.diagnostics.error(.typeMismatch, "'\(op.name)' keeps the values of an optional and drops nil, but '\(t.type)' is not optional",
                                  at: transform.range, fixIt: "use 'map' for a transform that always has a value")
                return nil
            }
            checked.expressions = [t.expr]
            element = wrapped
        case .accumulates:
            guard arguments.expressions.count == 2 else { return nil }
            let (seedExpr, accExpr) = (arguments.expressions[0], arguments.expressions[1])
            // `reduce([]) { $0 + [$1] }` as `scan`.
            guard let typed = accumulate(seedExpr, accExpr, element: element, node: node, bound: requestElement) else { return nil }
            checked.expressions = [typed.seed, typed.accumulator]
            element = typed.type
        case .collects:
            element = .list(element)
        case .enumerates:
            // A record of the checker's own, so that '$0.index' and '$0.element' are typed as
            // any record's fields; its name cannot be written in a spec ('<'), so it never clashes.
            let name = EnumeratedPair.typeName(element)
            cx.table.records[name] = EnumeratedPair.fields(element)
            element = .record(name)
        case .combines:
            guard let combine = arguments.expressions.first,
                  let t = operatorExpression(combine, arguments: [element] + otherTypes, expecting: nil, node: node, bound: requestElement, infer: true) else { return nil }
            checked.expressions = [t.expr]
            element = t.type
        }
        return checked
    }
}

private extension Expr {
    var isNullLiteral: Bool {
        if case .null = kind { return true }
        return false
    }
}
