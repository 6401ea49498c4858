/// Closures as an expression writes them: `{ $0.price }`, `{ sum, x in sum + x }`, and key paths
/// used as functions (`\.price`).
extension ExpressionParser {
    /// `\.price.count`, a key path used as a function (SE-0249): the closure `{ $0.price.count }`.
    mutating func keyPath() -> Expr {
        let slash = advance()
        var body = Expr(.closureArgument(0), range(slash))
        if case .identifier(let name) = current.kind {
            // `\price`: reported, then read as `\.price` so that the rest is checked too.
            diagnostics.append(Diagnostic(id: .expectedSymbol, "a key path starts with '\\.', as in '\\.\(name)'", at: range(current),
                                          fixIt: "write '\\.\(name)'"))
        } else if !isSymbol(".") {
            return fail("expected '.' and a property after '\\', as in '\\.price'", at: current)
        }
        var first = true
        while first || isSymbol(".") {
            if isSymbol(".") { _ = advance() }
            first = false
            guard case .identifier(let name) = current.kind else { return fail("expected a property name in the key path, as in '\\.price'", at: current) }
            let nameToken = advance()
            body = Expr(.member(body, name, optional: false, nameRange: range(nameToken)), range(slash).union(range(nameToken)))
        }
        return Expr(.closure(body, parameters: []), body.range)
    }

    mutating func closure() -> Expr {
        let open = advance()
        let parameters = closureParameters()
        scopes.append(parameters)
        closureDepth += 1
        let body = expression()
        closureDepth -= 1
        scopes.removeLast()
        let close = current
        expect("}", closing: open)
        return Expr(.closure(body, parameters: parameters), range(open).union(range(close)))
    }

    /// The parameters a closure names before `in` (`{ p in … }`, `{ sum, x in … }`, `{ (p) in … }`),
    /// consumed with the `in`; empty when it names none. A type or a return type in the list is
    /// reported: each parameter has the type its method gives it.
    mutating func closureParameters() -> [ClosureParameter] {
        // The `in` of this closure: the first at its own bracket level, before its `}`.
        var end = index, level = 0
        scan: while true {
            switch tokens[end].kind {
            case .end: return []
            case .symbol("("), .symbol("["), .symbol("{"): level += 1
            case .symbol(")"), .symbol("]"), .symbol("}"):
                if level == 0 { return [] }
                level -= 1
            case .identifier("in") where level == 0: break scan
            default: break
            }
            end += 1
        }
        var signature = Array(tokens[index..<end])
        let inToken = tokens[end]
        index = end + 1
        let whole = signature.first.map { range($0).union(range(signature[signature.count - 1])) } ?? range(inToken)
        if signature.first?.kind == .symbol("("), signature.last?.kind == .symbol(")") { signature = Array(signature.dropFirst().dropLast()) }
        var parameters: [ClosureParameter] = []
        var names = true
        for (k, token) in signature.enumerated() {
            if k % 2 == 1 {
                if token.kind != .symbol(",") { names = false }
            } else if case .identifier(let name) = token.kind, name != "in" {
                if name != "_", let twice = parameters.first(where: { $0.name == name }) {
                    diagnostics.append(Diagnostic(id: .closureArgument, "the closure names '\(name)' twice", at: range(token),
                                                  notes: [DiagnosticNote("first named here", at: twice.range)]))
                }
                parameters.append(ClosureParameter(name: name, range: range(token)))
            } else {
                names = false
            }
        }
        guard names, !signature.isEmpty, signature.count % 2 == 1 else {
            // `{ (p: Photo) in … }`, `{ p -> Bool in … }`: the names alone are written.
            let named = signature.indices.compactMap { k -> String? in
                guard case .identifier(let name) = signature[k].kind, k == 0 || ![.symbol(":"), .symbol(">")].contains(signature[k - 1].kind) else { return nil }
                return name
            }
            let typed = signature.contains { $0.kind == .symbol(":") }
            let returns = signature.indices.contains { signature[$0].kind == .symbol("-") && signature.indices.contains($0 + 1) && signature[$0 + 1].kind == .symbol(">") }
            let message = typed ? "a closure's parameters are written without types: each has the type its method gives it"
                : returns ? "a closure's return type is not written: it is the type of its body"
                : "a closure's parameters are names separated by ',' before 'in', as in '{ sum, x in sum + x }'"
            diagnostics.append(Diagnostic(id: .closureArgument, message, at: whole,
                                          fixIt: named.isEmpty ? "write '{ p in … }'" : "write '{ \(named.joined(separator: ", ")) in … }'"))
            return []
        }
        return parameters
    }
}
