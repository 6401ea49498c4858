import SpecRuntime

/// A function of `functions:`, checked once: its signature, and its body as a typed expression
/// that reads parameter `k` as field `k` of the record a call binds (see ``FunctionTable/call(_:_:)``).
struct CheckedFunction: Sendable {
    var params: [(name: String, type: SpecType)]
    var returns: SpecType
    var body: TypedExpr
}

/// The functions expressions may call: those that checked, and the names of those that did not
/// (a call to one stays quiet: its declaration was reported).
struct FunctionTable: Sendable {
    var checked: [String: CheckedFunction] = [:]
    var failed: Set<String> = []

    var names: [String] { Array(checked.keys) + failed }

    /// A call of `function` with `arguments` typed at the call: the body, inlined. It runs as an
    /// optional's `map` runs its closure, on a record of the arguments, which the body reads its
    /// parameters from (as a closure's argument, a number of closures out when it reads one
    /// inside a closure of its own). So the engine and compiled programs know nothing of
    /// functions, the arguments are computed once each, where the call is, and a closure among
    /// them is read where it was written.
    static func call(_ function: CheckedFunction, _ arguments: [TypedExpr]) -> TypedExpr {
        guard !function.params.isEmpty else { return function.body }
        return .call(.optionalMap, [.makeRecord(type: "", fieldNames: function.params.map(\.name), arguments), function.body])
    }
}

/// `functions:`: each signature resolved, then each body checked once with its parameters in
/// scope and nothing else of the screen (a function is pure), in an order where a function
/// comes after those it calls. A function that calls itself, directly or through others, is
/// refused where the call is.
struct FunctionsPass {
    let spec: Spec
    let resolver: TypeResolver

    func run(over cx: inout CheckContext) {
        var table = FunctionTable()
        table.failed = spec.unreadableFunctions
        var signatures: [String: (decl: FunctionDecl, params: [(name: String, type: SpecType)], returns: SpecType)] = [:]
        let builtins = Set(BuiltinCatalog.functionNames + ["fail"])
        for decl in spec.functions {
            let name = decl.name.value
            if builtins.contains(name) {
                cx.diagnostics.error(.duplicateName, "'\(name)' is a function of the expression language already", at: decl.name.range,
                                     fixIt: "give the function another name, such as '\(name)Of'")
                table.failed.insert(name)
                continue
            }
            var params: [(name: String, type: SpecType)] = []
            var ok = true
            for param in decl.params {
                if let type = resolver.resolve(param.type, diagnostics: &cx.diagnostics) { params.append((param.name.value, type)) } else { ok = false }
            }
            guard ok, let returns = resolver.resolve(decl.returns, diagnostics: &cx.diagnostics) else {
                table.failed.insert(name)
                continue
            }
            signatures[name] = (decl, params, returns)
        }
        // Each body after the functions it calls; a call back to one being checked is a cycle.
        var state: [String: Bool] = [:]  // false: being checked; true: done
        func visit(_ name: String, from call: SpecRange?, path: [String]) {
            guard let signature = signatures[name] else { return }
            if let done = state[name] {
                if !done, let call {
                    let loop = (path.drop { $0 != name } + [name]).map { "'\($0)'" }.joined(separator: " → ")
                    cx.diagnostics.error(.cycle, "function '\(name)' calls itself (\(loop)): a function may not be recursive", at: call,
                                         notes: [DiagnosticNote("an expression has no loops; a list's 'map', 'filter' or 'reduce' goes over its elements")])
                    table.failed.insert(name)
                }
                return
            }
            state[name] = false
            for (callee, range) in Self.calls(in: signature.decl.body) where signatures[callee] != nil {
                visit(callee, from: range, path: path + [name])
            }
            state[name] = true
            guard !table.failed.contains(name) else { return }
            var checker = ExpressionChecker(symbols: [:], table: cx.table, diagnostics: cx.diagnostics)
            checker.functions = table
            checker.functionParameters = Dictionary(uniqueKeysWithValues: signature.params.enumerated().map { ($1.name, ($0, $1.type)) })
            let body = checker.check(signature.decl.body, expecting: signature.returns)
            cx.diagnostics = checker.diagnostics
            for record in checker.addedRecords { cx.table.records[record.name] = record.fields }
            if let body {
                table.checked[name] = CheckedFunction(params: signature.params, returns: signature.returns, body: body)
            } else {
                table.failed.insert(name)
            }
        }
        for decl in spec.functions { visit(decl.name.value, from: nil, path: []) }
        cx.functions = table
    }

    /// The plain calls `name(…)` in `expr`, with where each is written.
    static func calls(in expr: Expr) -> [(name: String, range: SpecRange)] {
        var out: [(name: String, range: SpecRange)] = []
        var stack = [expr]
        while let e = stack.popLast() {
            switch e.kind {
            case .call(let callee, let args):
                if case .name(let n) = callee.kind { out.append((n, callee.range)) }
                stack.append(callee)
                stack.append(contentsOf: args)
            case .unary(_, let a), .closure(let a, _): stack.append(a)
            case .binary(_, let a, let b): stack.append(contentsOf: [a, b])
            case .ternary(let a, let b, let c): stack.append(contentsOf: [a, b, c])
            case .member(let base, _, _, _): stack.append(base)
            case .list(let items): stack.append(contentsOf: items)
            case .construct(let callee, let args): stack.append(callee); stack.append(contentsOf: args.map(\.value))
            case .interpolation(let parts): for case .expr(let x) in parts { stack.append(x) }
            case .int, .double, .bool, .string, .null, .void, .name, .closureArgument, .closureParameter, .implicitMember, .invalid: break
            }
        }
        return out.reversed()
    }
}
