import SpecRuntime

/// Calls: the builtin functions (`min`, `max`, `abs`, conversions, colours) and the methods of
/// lists and strings (`map`, `filter`, `contains`, ...), typed by their arguments.
extension ExpressionChecker {
    static let functions = ["min", "max", "abs", "Double", "Int", "String"] + colorFunctions
    static let methods = ["map", "filter", "contains", "first", "allSatisfy", "uppercased", "lowercased", "joined"]

    mutating func call(_ callee: Expr, _ arguments: [Expr], _ range: SpecRange) -> Typed? {
        switch callee.kind {
        case .name(let name):
            return function(name, callee.range, arguments, range)
        case .member(let base, let name, _, let nameRange):
            return method(base, name, nameRange, arguments, range)
        default:
            return error("not-callable", "this expression cannot be called", callee.range)
        }
    }

    private mutating func function(_ name: String, _ nameRange: SpecRange, _ arguments: [Expr], _ range: SpecRange) -> Typed? {
        guard Self.functions.contains(name) else {
            if let dotted = missingDot(name, expected: .error), symbols[name] == nil {
                var literal = dotted
                if arguments.count == 1, case .int(let status) = arguments[0].kind { literal = ".\(name)(\(status))" }
                diagnostics.error("unknown-function", "unknown function '\(name)'; did you mean '\(literal)'?", at: nameRange,
                                  notes: [DiagnosticNote("an 'Error' literal starts with a dot, as an enum case does in Swift")], fixIt: "write '\(literal)'")
                return nil
            }
            return error("unknown-function", "unknown function '\(name)'\(diagnostics.didYouMean(name, in: Self.functions))", nameRange,
                         notes: [DiagnosticNote("functions are " + Self.functions.map { "'\($0)'" }.joined(separator: ", "))])
        }
        if Self.colorFunctions.contains(name) { return colorFunction(name, arguments, range) }
        let typed = arguments.map { infer($0) }
        guard typed.allSatisfy({ $0 != nil }) else { return nil }
        let args = typed.map { $0! }
        func arity(_ n: Int) -> Bool {
            if args.count == n { return true }
            diagnostics.error("wrong-arity", "'\(name)' takes \(n) argument\(n == 1 ? "" : "s"), found \(args.count)", at: range)
            return false
        }
        switch name {
        case "min", "max":
            guard arity(2) else { return nil }
            var (a, b) = (args[0], args[1])
            if a.type == .int, b.type == .double { a = (.call(.intToDouble, [a.expr]), .double) }
            if a.type == .double, b.type == .int { b = (.call(.intToDouble, [b.expr]), .double) }
            guard a.type == b.type, a.type.isNumeric else {
                return error("type-mismatch", "'\(name)' takes two numbers, found '\(a.type)' and '\(b.type)'", range)
            }
            let builtin: TypedExpr.Builtin = a.type == .int ? (name == "min" ? .minInt : .maxInt) : (name == "min" ? .minDouble : .maxDouble)
            return (.call(builtin, [a.expr, b.expr]), a.type)
        case "abs":
            guard arity(1) else { return nil }
            switch args[0].type {
            case .int: return (.call(.absInt, [args[0].expr]), .int)
            case .double: return (.call(.absDouble, [args[0].expr]), .double)
            default: return error("type-mismatch", "'abs' takes a number, found '\(args[0].type)'", arguments[0].range)
            }
        case "Double":
            guard arity(1) else { return nil }
            switch args[0].type {
            case .int: return (.call(.intToDouble, [args[0].expr]), .double)
            case .double: return args[0]
            default: return error("type-mismatch", "'Double' converts an 'Int', found '\(args[0].type)'", arguments[0].range)
            }
        case "Int":
            guard arity(1) else { return nil }
            switch args[0].type {
            case .double: return (.call(.doubleToInt, [args[0].expr]), .int)
            case .int: return args[0]
            default: return error("type-mismatch", "'Int' converts a 'Double', found '\(args[0].type)'", arguments[0].range)
            }
        default: // String
            guard arity(1) else { return nil }
            return (.call(.describe, [args[0].expr]), .string)
        }
    }

    private mutating func method(_ base: Expr, _ name: String, _ nameRange: SpecRange, _ arguments: [Expr], _ range: SpecRange) -> Typed? {
        guard let b = infer(base) else { return nil }
        switch (b.type, name) {
        case (.string, "uppercased"), (.string, "lowercased"):
            guard arguments.isEmpty else { return error("wrong-arity", "'\(name)()' takes no arguments", range) }
            return (.call(name == "uppercased" ? .uppercased : .lowercased, [b.expr]), .string)
        case (.string, "contains"):
            guard arguments.count == 1, let a = check(arguments[0], expecting: .string) else {
                if arguments.count != 1 { return error("wrong-arity", "'contains' takes one argument", range) }
                return nil
            }
            return (.call(.stringContains, [b.expr, a]), .bool)
        case (.list(.string), "joined"):
            guard arguments.count <= 1 else { return error("wrong-arity", "'joined' takes at most one separator", range) }
            let separator = arguments.first.flatMap { check($0, expecting: .string) } ?? .constant(.string(""))
            return (.call(.joined, [b.expr, separator]), .string)
        case (.list(let element), _):
            if let closure = arguments.last, case .closure(let body) = closure.kind, arguments.count == 1 {
                closureArguments.append(element)
                defer { closureArguments.removeLast() }
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
            } else if name == "contains", arguments.count == 1 {
                guard let a = check(arguments[0], expecting: element) else { return nil }
                return (.call(.contains, [b.expr, a]), .bool)
            }
            let known = ["map", "filter", "contains", "first", "allSatisfy"] + (element == .string ? ["joined"] : [])
            return error("unknown-member", "'\(b.type)' has no function '\(name)'\(diagnostics.didYouMean(name, in: known))", nameRange,
                         notes: [DiagnosticNote("list functions take a closure over '$0', as in 'items.map { $0.name }'")])
        default:
            return error("unknown-member", "'\(b.type)' has no function '\(name)'", nameRange)
        }
    }
}
