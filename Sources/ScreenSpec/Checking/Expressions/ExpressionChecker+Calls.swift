import SpecRuntime

/// Calls: the builtin functions (`min`, `max`, `abs`, conversions, colours) and methods (`contains`,
/// `uppercased`, …) of ``BuiltinCatalog``, resolved by their arguments' types, and the closure
/// methods of lists (`map`, `filter`, …), which bind `$0`.
extension ExpressionChecker {
    static let closureMethods = ["map", "filter", "contains", "first", "allSatisfy", "reduce", "sorted", "count", "min", "max", "enumerated"]

    mutating func call(_ callee: Expr, _ arguments: [Expr], expected: SpecType?, _ range: SpecRange) -> Typed? {
        switch callee.kind {
        case .name("fail") where symbols["fail"] == nil:
            return fail(arguments, expected: expected, range)
        case .name(let name):
            return function(name, callee.range, arguments, range)
        case .member(let base, Expr.subscriptMember, _, let brackets):
            return subscripted(base, brackets, arguments, range)
        case .member(let base, let name, _, let nameRange):
            return method(base, name, nameRange, arguments, range)
        case .list where Self.typeText(callee) != nil:
            return typedEmptyList(Self.typeText(callee) ?? "", callee, arguments, range)
        default:
            return error(.notCallable, "this expression cannot be called", callee.range)
        }
    }

    private mutating func function(_ name: String, _ nameRange: SpecRange, _ arguments: [Expr], _ range: SpecRange) -> Typed? {
        if let function = functions.checked[name] { return call(name, function, nameRange, arguments, range) }
        if functions.failed.contains(name) {
            // Reported where it is declared; its arguments are still checked.
            for argument in arguments { _ = infer(argument) }
            return nil
        }
        let candidates = BuiltinCatalog.functions(named: name)
        if name == "Date", candidates.isEmpty {
            for argument in arguments { _ = infer(argument) }
            return dateIsNow(range)
        }
        if name == "Optional", candidates.isEmpty, arguments.count == 1 {
            // Swift's `Optional(x)`: the value, typed as an optional (`.some(x)`), so that a
            // `String` stream merges with a `String?` one as `map: Optional($0)` makes it.
            guard let value = infer(arguments[0]) else { return nil }
            return (value.expr, .makeOptional(value.type))
        }
        if name == "Array", candidates.isEmpty, arguments.count == 1 {
            // Swift's `Array(xs.prefix(2))` turns a slice back into an array; here a slice is a list,
            // and `Array` of a list is that list.
            guard let list = infer(arguments[0]) else { return nil }
            guard case .list = list.type else {
                return error(.typeMismatch, "'Array(…)' takes a list here, found '\(list.type)'", arguments[0].range)
            }
            return list
        }
        guard !candidates.isEmpty else {
            if let dotted = missingDot(name, expected: .error), symbols[name] == nil {
                var literal = dotted
                if arguments.count == 1, case .int(let status) = arguments[0].kind { literal = ".\(name)(\(status))" }
                diagnostics.error(.unknownFunction, "unknown function '\(name)'; did you mean '\(literal)'?", at: nameRange,
                                  notes: [DiagnosticNote("an 'Error' literal starts with a dot, as an enum case does in Swift")], fixIt: "write '\(literal)'")
                return nil
            }
            let builtins = BuiltinCatalog.functionNames
            let declared = functions.names.sorted()
            return error(.unknownFunction, "unknown function '\(name)'\(diagnostics.didYouMean(name, in: declared + builtins))", nameRange,
                         notes: [DiagnosticNote("functions are " + (declared + builtins).map { "'\($0)'" }.joined(separator: ", ")
                                                + (declared.isEmpty ? "; declare one of your own under 'functions:'" : ""))])
        }
        return resolve(name, candidates, receiver: nil, arguments, range)
    }

    /// `mmss(elapsed)`: a call of a function of `functions:`, its arguments in order and checked
    /// against its parameters, the body inlined (``FunctionTable/call(_:_:)``).
    private mutating func call(_ name: String, _ function: CheckedFunction, _ nameRange: SpecRange, _ arguments: [Expr], _ range: SpecRange) -> Typed? {
        let signature = "\(name)(" + function.params.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ") -> \(function.returns)"
        guard arguments.count == function.params.count else {
            let takes = function.params.count == 1 ? "1 argument" : "\(function.params.count) arguments"
            return error(.wrongArity, "'\(name)' takes \(takes), found \(arguments.count)", range,
                         notes: [DiagnosticNote("it is declared '\(signature)' under 'functions:'")])
        }
        var typed: [TypedExpr] = []
        for (argument, param) in zip(arguments, function.params) {
            guard let t = infer(argument, expected: param.type) else { return nil }
            if param.type.accepts(t.type) {
                typed.append(t.expr)
            } else if param.type == .double, t.type == .int {
                typed.append(.call(.intToDouble, [t.expr]))
            } else {
                return error(.typeMismatch, "'\(name)' takes '\(param.name)' of type '\(param.type)', found '\(t.type)'", argument.range,
                             notes: [DiagnosticNote("it is declared '\(signature)' under 'functions:'")])
            }
        }
        return (FunctionTable.call(function, typed), function.returns)
    }

    /// Picks the spelling whose parameters the arguments fit — exactly, or else with an `Int`
    /// passed for a `Double` (`min(1, 2.5)`) — and types the call.
    private mutating func resolve(_ name: String, _ candidates: [(entry: BuiltinEntry, spelling: BuiltinSpelling)],
                                  receiver: Typed?, _ arguments: [Expr], _ range: SpecRange) -> Typed? {
        let element = receiver.flatMap { r in candidates.lazy.compactMap { $0.spelling.receiverBinding(r.type) }.first } ?? .void
        let fitting = candidates.filter { $0.spelling.parameters.count == arguments.count }
        guard !fitting.isEmpty else {
            let counts = Set(candidates.map(\.spelling.parameters.count)).sorted()
            let wanted = counts.map(String.init).joined(separator: " or ")
            let noun = counts == [1] ? "argument" : "arguments"
            let written = receiver == nil ? "'\(name)'" : "'\(name)()'"
            return error(.wrongArity, counts == [0] ? "\(written) takes no arguments" : "\(written) takes \(wanted) \(noun), found \(arguments.count)", range)
        }
        // Where every candidate takes one type, the argument is checked against it (so `gray(1)`
        // reads 1 as a Double); elsewhere its type chooses the candidate.
        var typed: [Typed] = []
        for (i, argument) in arguments.enumerated() {
            let types = fitting.map { $0.spelling.parameters[i].resolved(element: element) }
            if let first = types.first, let expected = first, types.allSatisfy({ $0 == expected }) {
                guard let t = check(argument, expecting: expected) else { return nil }
                typed.append((t, expected))
            } else {
                guard let t = infer(argument) else { return nil }
                typed.append(t)
            }
        }
        func fit(_ spelling: BuiltinSpelling, promoting: Bool) -> [TypedExpr]? {
            var out: [TypedExpr] = []
            for (parameter, argument) in zip(spelling.parameters, typed) {
                guard let expected = parameter.resolved(element: element) else { out.append(argument.expr); continue }
                if expected.accepts(argument.type) {
                    out.append(argument.expr)
                } else if promoting, expected == .double, argument.type == .int {
                    out.append(.call(.intToDouble, [argument.expr]))
                } else {
                    return nil
                }
            }
            return out
        }
        guard let (entry, spelling, args) = fitting.lazy.compactMap({ c in fit(c.spelling, promoting: false).map { (c.entry, c.spelling, $0) } }).first
            ?? fitting.lazy.compactMap({ c in fit(c.spelling, promoting: true).map { (c.entry, c.spelling, $0) } }).first
        else {
            let takes = fitting.map { c in c.spelling.parameters.map { "'\($0.resolved(element: element).map { "\($0)" } ?? "\($0)")'" }.joined(separator: " and ") }
            let found = typed.map { "'\($0.type)'" }.joined(separator: " and ")
            return error(.typeMismatch, "'\(name)' takes \(takes.joined(separator: " or ")), found \(found)", arguments.count == 1 ? arguments[0].range : range)
        }
        let result = spelling.result.resolved(element: element) ?? .void
        if entry.builtin == .identity { return (args[0], result) }
        let all = (receiver.map { [$0.expr] } ?? []) + args + spelling.appended.map { TypedExpr.constant($0) }
        return (.call(entry.builtin, all), result)
    }

    /// The methods a string takes a closure (or key path) in, over its characters, as Swift's
    /// String, a collection of Characters, does: `code.allSatisfy(\.isNumber)`.
    static let characterMethods = ["map", "filter", "contains", "first", "allSatisfy", "count"]

    /// A string's closure method over its characters (each a one-character `String`), nil when
    /// `name` with these arguments is none: `filter` gives a `String`, as Swift's does.
    mutating func characterMethod(_ b: Typed, _ name: String, _ nameRange: SpecRange, _ arguments: [LabeledExpr], _ range: SpecRange) -> Typed?? {
        guard b.type == .string, Self.characterMethods.contains(name), let last = arguments.last, case .closure = last.value.kind else { return nil }
        let characters: Typed = (.call(.characters, [b.expr]), .list(.string))
        let handled: Typed?
        if let closureHandled = closureMethod(characters, name, nameRange, arguments, range) {
            handled = closureHandled
        } else {
            handled = method(characters, name, nameRange, arguments.map(\.value), range)
        }
        guard let t = handled else { return .some(nil) }
        return .some(name == "filter" ? (.call(.joined, [t.expr, .constant(.string(""))]), .string) : t)
    }

    private mutating func method(_ base: Expr, _ name: String, _ nameRange: SpecRange, _ arguments: [Expr], _ range: SpecRange) -> Typed? {
        guard let b = infer(base) else { return nil }
        let labeledArguments = arguments.map { LabeledExpr(label: "", labelRange: $0.range, value: $0) }
        if let handled = characterMethod(b, name, nameRange, labeledArguments, range) { return handled }
        return method(b, name, nameRange, arguments, range)
    }

    private mutating func method(_ b: Typed, _ name: String, _ nameRange: SpecRange, _ arguments: [Expr], _ range: SpecRange) -> Typed? {
        if b.type == .error, name == "body" { return errorBody(b, arguments, range) }
        let labeled = arguments.map { LabeledExpr(label: "", labelRange: $0.range, value: $0) }
        if let handled = closureMethod(b, name, nameRange, labeled, range) { return handled }
        if let handled = listMove(b, name, nameRange, labeled, range) { return handled }
        if case .list(let element) = b.type, let closure = arguments.last, case .closure(let body, let parameters) = closure.kind, arguments.count == 1 {
            closureArguments.append(element)
            defer { closureArguments.removeLast() }
            let known = ["map", "filter", "contains", "first", "allSatisfy"].contains(name)
            guard !known || enterClosure(parameters, of: name, passing: [element], pushesElement: true) else { return nil }
            defer { if known { closureScopes.removeLast() } }
            switch name {
            case "map":
                guard let t = infer(body) else { return nil }
                return (.closureCall(.map, b.expr, body: t.expr), .list(t.type))
            case "filter", "contains", "first", "allSatisfy":
                guard let t = check(body, expecting: .bool) else { return nil }
                let kind: TypedExpr.ClosureBuiltin = switch name {
                case "filter": .filter
                case "contains": .containsWhere
                case "first": .firstWhere
                default: .allSatisfy
                }
                let type: SpecType = switch kind {
                case .filter: b.type
                case .firstWhere: .makeOptional(element)
                default: .bool
                }
                return (.closureCall(kind, b.expr, body: t), type)
            default:
                break
            }
        } else {
            let candidates = BuiltinCatalog.methods(named: name, on: b.type)
            if !candidates.isEmpty { return resolve(name, candidates, receiver: b, arguments, range) }
        }
        let properties = BuiltinCatalog.properties.filter { $0.receiver.bind(b.type, element: nil) != nil }.map(\.name)
        if case .list = b.type {
            var known = Self.closureMethods
            for m in BuiltinCatalog.methodNames(on: b.type) where !known.contains(m) { known.append(m) }
            return error(.unknownMember, "'\(b.type)' has no function '\(name)'\(diagnostics.didYouMean(name, in: known))", nameRange,
                         notes: [DiagnosticNote("list functions take a closure over '$0', as in 'items.map { $0.name }'")]
                            + Self.membersNote(b.type, properties: properties, methods: known.map { $0 + "()" }))
        }
        var known = BuiltinCatalog.methodNames(on: b.type)
        if case .record = b.type { known.append("with") }
        return error(.unknownMember, "'\(b.type)' has no function '\(name)'\(known.isEmpty ? "" : diagnostics.didYouMean(name, in: known))", nameRange,
                     notes: Self.membersNote(b.type, properties: properties, methods: known.map { $0 + "()" }))
    }

    /// The members a value of `type` has, for the note of an unknown one; none when it has none.
    static func membersNote(_ type: SpecType, properties: [String], methods: [String]) -> [DiagnosticNote] {
        let all = properties.map { "'\($0)'" } + methods.map { "'\($0)'" }
        guard !all.isEmpty else { return [] }
        return [DiagnosticNote("'\(type)' has " + all.joined(separator: ", "))]
    }
}
