import SpecRuntime

/// An operator's arguments typed by its entry's ``OperatorTyping``: nothing here names an
/// operator. (A request's are typed in `DataflowPass+Streams.swift`, against the services.)
extension DataflowPass {
    mutating func checkArguments(_ op: OperatorDecl, _ entry: OperatorEntry, element: inout SpecType, node: Int, sourceName: String,
                                 bound requestElement: (name: String, type: SpecType)?,
                                 navigationShape: inout NavigationShape?) -> OperatorArguments? {
        let arguments = op.arguments
        // A value the shape does not take is left out: the mutation tool renames an operator to
        // one of the same expressions (`takeWhile` -> `skipWhile`), whose shape may have no options.
        let kinds = entry.shape.parameters.map(\.kind)
        let takesChoice = kinds.contains { if case .choice = $0 { true } else { false } }
        let takesFlag = kinds.contains { if case .flag = $0 { true } else { false } }
        var checked = OperatorArguments(count: arguments.count?.value, duration: arguments.duration?.value,
                                        choice: takesChoice ? arguments.choice?.value : nil, flag: takesFlag ? arguments.flag?.value : nil)
        if entry.typing == .switches, !arguments.sources.isEmpty, element != .int {
            cx.diagnostics.error(.typeMismatch, "'\(op.name)' chooses a stream by the index each element carries, so it needs elements of type 'Int', found '\(element)'",
                                 at: op.range, notes: [DiagnosticNote("map the elements to an index first, as in '- map: \"$0 ? 1 : 0\"'")])
            return nil
        }
        // The other streams in order, each compared as it is found when the typing asks for one type.
        var otherTypes: [SpecType] = []
        for other in arguments.sources {
            // In a row's work, a stream of the row: its index in the row's inputs.
            let rowStream = rowWork?.streams[other.value].map { (node: $0.input, type: $0.type) }
            let source = rowStream == nil ? streamSource(other, for: node, stoppedBy: entry.typing == .endsOn) : nil
            guard let symbol = rowStream ?? source.map({ (node: $0.node, type: $0.type) }) else {
                return nil
            }
            // `takeUntil: query` of an input property, a state or an output: it has a current
            // value, which it emits when the stream subscribes (RxSwift's BehaviorRelay and Driver
            // replay theirs), so the stream ends as it starts.
            if entry.typing == .endsOn, let source, source.hasCurrentValue {
                cx.diagnostics.append(Diagnostic(
                    .warning, id: .endsAtOnce,
                    "'\(op.name): \(other.value)' ends the stream as soon as it subscribes: '\(other.value)' has a current value, which it emits then",
                    at: other.range,
                    notes: [DiagnosticNote("as in RxSwift, where 'takeUntil' on a BehaviorRelay or a Driver completes at once")],
                    fixIt: "end it on the changes alone: a stream output '\(other.value)Changed: { stream: \(other.value), ops: [ { skip: 1 } ] }', then '\(op.name): \(other.value)Changed'"))
            }
            switch entry.typing {
            case .joinsSameType where symbol.type != element:
                cx.diagnostics.error(.typeMismatch, "'\(op.name)' needs streams of one type: '\(sourceName)' carries '\(element)' here, '\(other.value)' carries '\(symbol.type)'",
                                     at: other.range, notes: [DiagnosticNote(Self.joinNote(op.name, sourceName, element, other.value, symbol.type))])
                return nil
            case .recovers where symbol.type != element:
                cx.diagnostics.error(.typeMismatch, "'\(op.name)' falls back to a stream of the same type: the stream carries '\(element)' here, '\(other.value)' carries '\(symbol.type)'",
                                     at: other.range)
                return nil
            case .switches:
                if let first = otherTypes.first, first != symbol.type {
                    cx.diagnostics.error(.typeMismatch, "'\(op.name)' needs streams of one type: '\(arguments.sources[0].value)' carries '\(first)', '\(other.value)' carries '\(symbol.type)'",
                                         at: other.range)
                    return nil
                }
            case .readsLatest:
                cx.samplingEdges.append((symbol.node, node))
            default:
                break
            }
            checked.sources.append(symbol.node)
            otherTypes.append(symbol.type)
        }
        func typed(_ e: Expr, _ arguments: [SpecType], expecting expected: SpecType?, infer: Bool = false) -> (expr: TypedExpr, type: SpecType)? {
            operatorExpression(e, arguments: arguments, expecting: expected, node: node, bound: requestElement, infer: infer)
        }
        switch entry.typing {
        case .keepsElement, .joinsSameType, .endsOn, .shares:
            break
        case .resubscribes:
            // `retry: { when: EXPR }`: which errors are retried, '$0' the error.
            if let condition = arguments.expressions.first {
                guard let t = typed(condition, [.error], expecting: .bool) else { return nil }
                checked.expressions = [t.expr]
            }
        case .transforms:
            guard let transform = arguments.expressions.first, let t = typed(transform, [element], expecting: nil, infer: true) else { return nil }
            checked.expressions = [t.expr]
            element = t.type
        case .predicate:
            guard let condition = arguments.expressions.first, let t = typed(condition, [element], expecting: .bool) else { return nil }
            checked.expressions = [t.expr]
        case .keyed:
            var keyType = element
            if let key = arguments.expressions.first {
                guard let t = typed(key, [element], expecting: nil, infer: true) else { return nil }
                checked.expressions = [t.expr]
                keyType = t.type
            }
            // `{ by: "$0.id == $1.id" }`: the comparer over two keys (the elements without a key),
            // checked after the key, which is `$0` itself when none is written.
            if let comparer = arguments.comparer {
                guard let t = typed(comparer, [keyType, keyType], expecting: .bool) else { return nil }
                checked.expressions = [checked.expressions.first ?? .operatorArgument(0), t.expr]
            }
        case .prepends:
            for value in arguments.expressions {
                guard let t = typed(value, [], expecting: element) else { return nil }
                checked.expressions.append(t.expr)
            }
        case .unwrappingTransform:
            guard let transform = arguments.expressions.first else { return nil }
            // `c ? $0 * 10 : nil`, Swift's usual spelling: the other branch gives the type that
            // the nil is an optional of.
            var expected: SpecType?
            if case .ternary(_, let a, let b) = transform.kind {
                let other: Expr? = if case .null = a.kind { b } else if case .null = b.kind { a } else { nil }
                if let other, !other.isNullLiteral {
                    guard let o = typed(other, [element], expecting: nil, infer: true) else { return nil }
                    expected = .makeOptional(o.type)
                }
            }
            guard let t = typed(transform, [element], expecting: expected, infer: true) else { return nil }
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
            guard let accumulated = accumulate(seedExpr, accExpr, element: element, node: node, bound: requestElement) else { return nil }
            checked.expressions = [accumulated.seed, accumulated.accumulator]
            element = accumulated.type
        case .collects:
            element = .list(element)
        case .enumerates:
            // A record of the checker's own, so that '$0.index' and '$0.element' are typed as
            // any record's fields; its name cannot be written in a spec ('<'), so it never clashes.
            let name = EnumeratedPair.typeName(element)
            cx.table.records[name] = EnumeratedPair.fields(element)
            element = .record(name)
        case .combines:
            guard let combine = arguments.expressions.first, let t = typed(combine, [element] + otherTypes, expecting: nil, infer: true) else { return nil }
            checked.expressions = [t.expr]
            element = t.type
        case .switches:
            element = otherTypes.first ?? element
        case .readsLatest:
            if let combine = arguments.expressions.first {
                guard let t = typed(combine, [element] + otherTypes, expecting: nil, infer: true) else { return nil }
                checked.expressions = [t.expr]
                element = t.type
            } else if let other = otherTypes.first {
                element = other
            }
        case .samples:
            if let defaultValue = arguments.expressions.first {
                guard let t = typed(defaultValue, [], expecting: element) else { return nil }
                checked.expressions = [t.expr]
            }
        case .recovers:
            if let fallback = arguments.expressions.first {
                guard let t = typed(fallback, [.error], expecting: element) else { return nil }
                checked.expressions = [t.expr]
            }
        case .requests:
            // Read with its request, which `checkOperators` types; without one it was not read.
            return nil
        case .navigates:
            guard let navigation = arguments.navigation, let t = checkNavigate(navigation, element: element, node: node) else { return nil }
            checked.expressions = [t.expr]
            navigationShape = t.shape
            element = .navigation
        }
        return checked
    }

    /// How to give two joined streams one type: where one is the other's optional, Swift's
    /// `map { Optional($0) }` on the other; else a `map` of either.
    static func joinNote(_ op: String, _ source: String, _ element: SpecType, _ other: String, _ otherType: SpecType) -> String {
        if otherType == .makeOptional(element) && !element.isOptional {
            return "make the elements of '\(source)' optional first, as Swift's 'map { Optional($0) }': '- map: Optional($0)' before '\(op)'"
        }
        if element == .makeOptional(otherType) && !otherType.isOptional {
            return "'\(other)' carries '\(otherType)': make it a stream of '\(element)' with '- map: Optional($0)' in a stream output of its own"
        }
        return "map one of them first, as in '- map: \"...\"'"
    }
}

private extension Expr {
    var isNullLiteral: Bool {
        if case .null = kind { return true }
        return false
    }
}
