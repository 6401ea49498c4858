import SpecRuntime

/// A closure around the expression being checked: what its method passes it and the parameters
/// it names, as Swift writes them (`{ p in … }`, `{ sum, x in sum + x.price }`).
///
/// A named parameter is what `$0` or `$1` is, read the way the engine holds it: a list closure
/// (`map`, `filter`, `contains`, `first`, `allSatisfy`, `count(where:)`, an optional's `map`)
/// pushes its element on the engine's stack of closure arguments, so an outer one is read a
/// number of closures out (``TypedExpr/outerClosureArgument(_:)``); a closure over two arguments
/// (`reduce`, `sorted(by:)`) sets them as an operator's arguments, which a list closure inside it
/// leaves alone, but another two-argument closure inside it replaces.
struct ClosureScope {
    /// The method the closure is passed to, for messages.
    var method: String
    /// The names of its parameters as written, `_` included; empty for a closure over `$0`.
    var names: [String]
    /// Where each parameter is named (empty for a closure over `$0`): a parameter's reference
    /// carries the range of its name (``Expr/Kind/closureParameter(_:declared:)``).
    var declared: [SpecRange]
    var types: [SpecType]
    /// A list closure's element is on the engine's stack; a two-argument closure's are not.
    var pushesElement: Bool
}

extension ExpressionChecker {
    /// Enters the closure of `method`, which passes it arguments of `types`: false after
    /// reporting parameters it names in another number (nothing is entered then). The caller
    /// removes the scope when its body is checked.
    mutating func enterClosure(_ parameters: [ClosureParameter], of method: String, passing types: [SpecType], pushesElement: Bool) -> Bool {
        if !parameters.isEmpty, parameters.count != types.count {
            let passes = types.count == 1 ? "one argument"
                : method == "reduce" ? "two arguments, the result so far and an element" : "two arguments, the two elements it compares"
            let example = types.count == 1 ? "{ x in … }" : method == "reduce" ? "{ sum, x in … }" : "{ a, b in … }"
            diagnostics.error(.closureArgument, "'\(method)' passes its closure \(passes); this closure names \(parameters.count)",
                              at: parameters[0].range.union(parameters[parameters.count - 1].range), fixIt: "write '\(example)'")
            return false
        }
        closureScopes.append(ClosureScope(method: method, names: parameters.map(\.name), declared: parameters.map(\.range), types: types,
                                          pushesElement: pushesElement))
        return true
    }

    /// `$N` inside a closure that names its parameters. As in Swift, it is not that closure's
    /// argument; but an operator's expression or an action's work is no closure that could name
    /// its own, so there `$N` still reads the element or the input when every closure around it
    /// is a list closure naming its parameters (which leave it in place):
    /// `filter: "!messages.contains { m in m.id == $0.id }"`.
    mutating func anonymousArgument(_ index: Int, in named: ClosureScope, _ expr: Expr) -> Typed? {
        let outerReadable = !operatorArguments.isEmpty || actionInput != nil || inputUnresolved
        if outerReadable, closureScopes.allSatisfy({ !$0.names.isEmpty && $0.pushesElement }) {
            let saved = (closureScopes, closureArguments)
            (closureScopes, closureArguments) = ([], [])
            defer { (closureScopes, closureArguments) = saved }
            return infer(expr)
        }
        let name = index < named.names.count ? named.names[index] : named.names[0]
        diagnostics.error(.closureArgument, "'$\(index)' cannot be used in a closure that names its parameters", at: expr.range,
                          notes: outerReadable ? [DiagnosticNote("an operator's '$\(index)' is read inside closures that all name their parameters and pass one argument, as in 'messages.contains { m in m.id == $0.id }'")] : [],
                          fixIt: name == "_" ? "name the parameter, and write its name" : "write '\(name)'")
        return nil
    }

    /// `p`, a parameter an enclosing closure names.
    mutating func closureParameter(_ name: String, declared: SpecRange, _ range: SpecRange) -> Typed? {
        guard let s = closureScopes.lastIndex(where: { $0.declared.contains(declared) }),
              let k = closureScopes[s].declared.firstIndex(of: declared) else {
            // The closure it belongs to was not checked as one (an error said so already).
            return nil
        }
        let scope = closureScopes[s]
        let inner = closureScopes[(s + 1)...]
        if scope.pushesElement {
            let outward = inner.count(where: \.pushesElement)
            return (outward == 0 ? .closureArgument : .outerClosureArgument(outward), scope.types[k])
        }
        if let pair = inner.first(where: { !$0.pushesElement }) {
            return error(.closureArgument, "'\(name)' of the '\(scope.method)' closure cannot be read inside the '\(pair.method)' closure within it", range,
                         notes: [DiagnosticNote("a closure over two arguments takes the place of the one around it; compute what it needs from '\(name)' outside it, or carry it in the inner closure's initial value")])
        }
        return (.operatorArgument(k), scope.types[k])
    }
}
