import SpecRuntime

/// The collection and optional methods whose closures the checker types itself, as Swift writes
/// them: `items.reduce(0) { $0 + $1.price }`, `items.sorted(by: { $0.price < $1.price })`,
/// `items.count(where: { $0.done })`, `value.map { $0 + 1 }` and `value.flatMap { … }` on an
/// optional, and a key path `\.price` in place of the closure `{ $0.price }` (the parser's).
/// A two-argument closure reads `$0` and `$1` as an operator's expression does; inside it a
/// nested closure's `$0` is its own. Each closure may name its parameters instead, as Swift
/// writes them (`{ p in … }`, `{ sum, x in sum + x.price }`); a nested closure reads an outer
/// one's by name (``ClosureScope``).
extension ExpressionChecker {
    /// The typed call, or `.some(nil)` after an error; nil when `name` on a value of this type
    /// is none of these methods (the caller goes on with the builtin catalogue).
    mutating func closureMethod(_ b: Typed, _ name: String, _ nameRange: SpecRange, _ arguments: [LabeledExpr], _ range: SpecRange) -> Typed?? {
        let closure: Expr? = arguments.count == 1 ? arguments[0].value : nil
        switch (b.type, name) {
        case (.list(let element), "reduce"):
            guard arguments.count == 2, arguments.allSatisfy({ $0.label.isEmpty }), case .closure(let body, let parameters) = arguments[1].value.kind else {
                return .some(error(.wrongArity, "'reduce' takes an initial value and a closure over '$0' (the result so far) and '$1' (an element)", nameRange,
                                   notes: [DiagnosticNote("as in 'items.reduce(0) { $0 + $1.price }'")]))
            }
            guard enterClosure(parameters, of: name, passing: [.int, element], pushesElement: false) else { return .some(nil) }
            closureScopes.removeLast()
            return .some(reduce(b, element, arguments[0].value, body, parameters))
        case (.list(let element), "sorted") where closure != nil:
            guard let (body, parameters) = self.closure(arguments[0], label: "by", of: name, example: "items.sorted(by: { $0.price < $1.price })") else { return .some(nil) }
            guard let t = twoArgumentClosure(body, parameters, of: name, element, element, expecting: .bool) else { return .some(nil) }
            return .some((.call(.sortedBy, [b.expr, t.expr]), b.type))
        case (.list(let element), "count") where closure != nil:
            guard let (body, parameters) = self.closure(arguments[0], label: "where", of: name, example: "items.count(where: { $0.done })") else { return .some(nil) }
            closureArguments.append(element)
            defer { closureArguments.removeLast() }
            guard enterClosure(parameters, of: name, passing: [element], pushesElement: true) else { return .some(nil) }
            defer { closureScopes.removeLast() }
            guard let t = check(body, expecting: .bool) else { return .some(nil) }
            return .some((.call(.countWhere, [b.expr, t]), .int))
        case (.list(let element), "enumerated"):
            // Swift's `(offset:, element:)` pairs, typed as a record of the checker's own (its
            // name cannot be written in a spec), so that a closure reads `$0.offset`.
            guard arguments.isEmpty else {
                return .some(error(.wrongArity, "'enumerated()' takes no argument", nameRange,
                                   notes: [DiagnosticNote("as in 'items.enumerated().map { \"\\($0.offset): \\($0.element)\" }'")]))
            }
            let pair = EnumeratedPair.sequenceTypeName(element)
            if table.records[pair] == nil {
                let fields = EnumeratedPair.sequenceFields(element)
                table.records[pair] = fields
                addedRecords.append((pair, fields))
            }
            return .some((.call(.enumerated, [b.expr]), .list(.record(pair))))
        case (.list(let element), "min"), (.list(let element), "max"), (.list(let element), "sorted"):
            guard arguments.isEmpty, !BuiltinCatalog.comparableTypes.contains(element) else { return nil }
            diagnostics.error(.typeMismatch, "'\(name)()' compares 'Int', 'Double' or 'String' elements, found '\(b.type)'", at: nameRange,
                              notes: [DiagnosticNote("order by a field with a closure over '$0' and '$1'")],
                              fixIt: name == "sorted" ? "write 'sorted(by: { $0.FIELD < $1.FIELD })'"
                                  : "write 'sorted(by: { $0.FIELD < $1.FIELD }).\(name == "min" ? "first" : "last")'")
            return .some(nil)
        case (.optional(let wrapped), "map"), (.optional(let wrapped), "flatMap"):
            guard let closure, arguments[0].label.isEmpty, case .closure(let body, let parameters) = closure.kind else {
                return .some(error(.wrongArity, "'\(name)' on an optional takes a closure over '$0', the value", nameRange,
                                   notes: [DiagnosticNote("as in 'count.\(name) { \(name == "map" ? "$0 + 1" : "$0 > 0 ? $0 : nil") }'")]))
            }
            closureArguments.append(wrapped)
            defer { closureArguments.removeLast() }
            guard enterClosure(parameters, of: name, passing: [wrapped], pushesElement: true) else { return .some(nil) }
            defer { closureScopes.removeLast() }
            guard let t = infer(body) else { return .some(nil) }
            if name == "flatMap", !t.type.isOptional {
                diagnostics.error(.typeMismatch, "'flatMap' takes a closure that returns an optional, found '\(t.type)'", at: closure.range,
                                  fixIt: "write 'map' for a closure that always gives a value")
                return .some(nil)
            }
            return .some((.call(.optionalMap, [b.expr, t.expr]), .makeOptional(t.type)))
        default:
            return nil
        }
    }

    /// The body and parameters of the one closure argument of `name`, written
    /// `name(label: { … })` or as a trailing closure; nil after an error.
    private mutating func closure(_ argument: LabeledExpr, label: String, of name: String, example: String) -> (Expr, [ClosureParameter])? {
        guard case .closure(let body, let parameters) = argument.value.kind, argument.label.isEmpty || argument.label == label else {
            let range = argument.label.isEmpty ? argument.value.range : argument.labelRange
            diagnostics.error(.wrongArity, "'\(name)' takes a closure labeled '\(label):'", at: range,
                              fixIt: "write '\(example)'")
            return nil
        }
        return (body, parameters)
    }

    /// `reduce(initial) { … }`. An integer literal takes its type from the closure, as in Swift:
    /// `items.reduce(0) { $0 + $1.price }` sums `Double`s.
    private mutating func reduce(_ b: Typed, _ element: SpecType, _ initialExpr: Expr, _ body: Expr, _ parameters: [ClosureParameter]) -> Typed? {
        guard var initial = infer(initialExpr) else { return nil }
        if case .int(let v) = initialExpr.kind {
            var asInt = self, asDouble = self
            if asInt.twoArgumentClosure(body, parameters, of: "reduce", .int, element, expecting: .int) == nil,
               asDouble.twoArgumentClosure(body, parameters, of: "reduce", .double, element, expecting: .double) != nil {
                initial = (.constant(.double(Double(v))), .double)
            }
        }
        guard let t = twoArgumentClosure(body, parameters, of: "reduce", initial.type, element, expecting: initial.type) else { return nil }
        return (.call(.reduce, [b.expr, initial.expr, t.expr]), initial.type)
    }

    /// `body` typed with `$0` (or its first parameter) of type `first` and `$1` (its second) of
    /// type `second`.
    private mutating func twoArgumentClosure(_ body: Expr, _ parameters: [ClosureParameter], of method: String, _ first: SpecType, _ second: SpecType,
                                             expecting: SpecType) -> Typed? {
        guard enterClosure(parameters, of: method, passing: [first, second], pushesElement: false) else { return nil }
        let saved = (closureArguments, operatorArguments, actionInput, inputUnresolved)
        (closureArguments, operatorArguments, actionInput, inputUnresolved) = ([], [first, second], nil, false)
        defer { (closureArguments, operatorArguments, actionInput, inputUnresolved) = saved; closureScopes.removeLast() }
        return check(body, expecting: expecting).map { ($0, expecting) }
    }
}
