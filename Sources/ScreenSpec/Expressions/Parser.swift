import SpecRuntime

/// Parses expression text into an ``Expr`` by recursive descent, one function per rule.
///
/// The grammar, loosest first; precedence follows Swift:
///
///     expression     := ternary
///     ternary        := or ( '?' expression ':' expression )?
///     or             := and ( '||' and )*
///     and            := comparison ( '&&' comparison )*
///     comparison     := coalesce ( ('==' | '!=' | '<' | '<=' | '>' | '>=') coalesce )?
///     coalesce       := additive ( '??' coalesce )?
///     additive       := multiplicative ( ('+' | '-') multiplicative )*
///     multiplicative := prefix ( ('*' | '/' | '%') prefix )*
///     prefix         := ('!' | '-') prefix | postfix
///     postfix        := primary ( '.' name | '?.' name | '(' arguments ')' | closure )*
///     primary        := int | double | string | 'true' | 'false' | 'nil' | name | '$' digit
///                     | '.' name | '(' expression ')' | '[' ( expression (',' expression)* )? ']' | closure
///     arguments      := argument (',' argument)*;  argument := (name ':')? expression
///                       (all labeled, as a record's; or none; or the first only, as `String(format:)`)
///     closure        := '{' ( parameters 'in' )? expression '}'
///     parameters     := names | '(' names ')';  names := name (',' name)*
///
/// Every loop consumes a token or stops. Nesting deeper than ``maximumDepth`` is an error, so
/// hostile input cannot exhaust the stack.
package struct ExpressionParser {
    package static let maximumDepth = 64
    /// Operators and postfix steps in one expression. A flat chain such as `a + a + ...` builds
    /// a tree as deep as it is long, and later passes walk it recursively.
    package static let maximumOperators = 512

    private let source: ExpressionSource
    var tokens: [Token]
    var index = 0
    private var depth = 0
    var closureDepth = 0
    /// The parameters each enclosing closure names, innermost last (empty for one over `$0`).
    var scopes: [[ClosureParameter]] = []
    private var operatorCount = 0
    /// Whether a missing closing symbol was reported at the end of the expression already.
    private var reportedAtEnd = false
    var diagnostics: [Diagnostic] = []

    /// Parses the whole of `source`; problems are appended to `diagnostics`.
    package static func parse(_ source: ExpressionSource, diagnostics: inout DiagnosticBag) -> Expr {
        var parser = ExpressionParser(source: source, start: 0, end: source.scalars.count)
        let expr = parser.parseAll()
        // Past the depth limit every open bracket would report its missing partner: keep the one
        // diagnostic that explains them all.
        if let tooDeep = parser.diagnostics.first(where: { $0.id == DiagnosticID.tooDeep.rawValue }) {
            diagnostics.append(tooDeep)
            return Expr(.invalid, source.range)
        }
        diagnostics.append(contentsOf: parser.diagnostics)
        // What was parsed around an error is a guess: checking it would report made-up types.
        if parser.diagnostics.contains(where: { $0.severity == .error }) { return Expr(.invalid, source.range) }
        return expr
    }

    /// Parses the scalars `start..<end` of `source` as one expression: a `\( )` part of a
    /// template (``TemplateParser``), reported at its true columns.
    static func parse(_ source: ExpressionSource, from start: Int, to end: Int, diagnostics: inout DiagnosticBag) -> Expr {
        var parser = ExpressionParser(source: source, start: start, end: end, depth: 1)
        let expr = parser.parseAll()
        diagnostics.append(contentsOf: parser.diagnostics)
        if parser.diagnostics.contains(where: { $0.severity == .error }) { return Expr(.invalid, source.range(start, end)) }
        return expr
    }

    private init(source: ExpressionSource, start: Int, end: Int, depth: Int = 0, closureDepth: Int = 0, scopes: [[ClosureParameter]] = []) {
        self.source = source
        var lexer = Lexer(scalars: source.scalars, start: start, end: end)
        self.tokens = lexer.tokenize()
        self.depth = depth
        self.closureDepth = closureDepth
        self.scopes = scopes
    }

    private mutating func parseAll() -> Expr {
        if case .end = current.kind {
            return fail("expected an expression", at: current)
        }
        let expr = expression()
        if case .invalid(let reason) = current.kind {
            diagnostics.append(Diagnostic(id: .invalidToken, reason, at: range(current)))
        } else if current.kind != .end {
            let token = current
            let hint = token.kind == .symbol(":") ? "; 'a ? b : c' needs its '?'" : ""
            diagnostics.append(Diagnostic(id: .expectedEnd, "unexpected \(describe(token)) after the expression\(hint)",
                                          at: range(token)))
        }
        return expr
    }

    // MARK: tokens

    var current: Token { tokens[index] }

    mutating func advance() -> Token {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    func isSymbol(_ s: String) -> Bool {
        if case .symbol(let t) = current.kind { return t == s }
        return false
    }

    private mutating func consume(_ s: String) -> Bool {
        guard isSymbol(s) else { return false }
        _ = advance()
        return true
    }

    func range(_ token: Token) -> SpecRange { source.range(token.start, token.end) }

    private func range(from start: SpecRange, to end: SpecRange) -> SpecRange { start.union(end) }

    private func describe(_ token: Token) -> String {
        switch token.kind {
        case .int(let v): return "'\(v)'"
        case .double(let v): return "'\(v)'"
        case .string: return "string literal"
        case .identifier(let name): return "'\(name)'"
        case .closureArgument(let i): return "'$\(i)'"
        case .symbol(let s): return "'\(s)'"
        case .end: return "end of expression"
        case .invalid: return "character"
        }
    }

    mutating func fail(_ message: String, at token: Token) -> Expr {
        if case .invalid(let reason) = token.kind {
            diagnostics.append(Diagnostic(id: .invalidToken, reason, at: range(token)))
        } else {
            diagnostics.append(Diagnostic(id: .expectedExpression, message + ", found \(describe(token))", at: range(token)))
        }
        return Expr(.invalid, range(token))
    }

    mutating func expect(_ s: String, closing open: Token? = nil) {
        if consume(s) { return }
        // `max(1, min(2` cut at a comma leaves two '(' open at the end: one report says it.
        if case .end = current.kind {
            if reportedAtEnd { return }
            reportedAtEnd = true
        }
        var notes: [DiagnosticNote] = []
        if let open { notes.append(DiagnosticNote("to match this '\(describeSymbol(open))'", at: range(open))) }
        if case .invalid(let reason) = current.kind {
            diagnostics.append(Diagnostic(id: .invalidToken, reason, at: range(current)))
        } else {
            diagnostics.append(Diagnostic(id: .expectedSymbol, "expected '\(s)', found \(describe(current))", at: range(current), notes: notes))
        }
    }

    private func describeSymbol(_ token: Token) -> String {
        if case .symbol(let s) = token.kind { return s }
        return "?"
    }

    // MARK: rules

    /// Counts one operator; past the limit, reports once and skips the rest of the expression.
    private mutating func countOperator() -> Bool {
        operatorCount += 1
        guard operatorCount > Self.maximumOperators else { return true }
        diagnostics.append(Diagnostic(id: .tooDeep, "expression has more than \(Self.maximumOperators) operators; split it into several outputs",
                                      at: range(current)))
        index = tokens.count - 1
        return false
    }

    /// The whole expression is one call deeper than the text around it, so `depth` runs one past
    /// the levels docs/limits.md counts (brackets, operators, interpolations): `x` is at depth 1
    /// and 0 levels, and 64 levels are allowed.
    private mutating func nested(_ body: (inout ExpressionParser) -> Expr) -> Expr {
        guard depth <= Self.maximumDepth else {
            let token = current
            diagnostics.append(Diagnostic(id: .tooDeep, "expression nests deeper than \(Self.maximumDepth) levels", at: range(token)))
            // Skip the rest so that the same limit is not reported again for every level.
            index = tokens.count - 1
            return Expr(.invalid, range(token))
        }
        depth += 1
        defer { depth -= 1 }
        return body(&self)
    }

    mutating func expression() -> Expr { nested { $0.ternary() } }

    private mutating func ternary() -> Expr {
        let condition = or()
        guard isSymbol("?") else { return condition }
        let question = advance()
        let then = expression()
        if !consume(":") {
            diagnostics.append(Diagnostic(id: .expectedSymbol, "expected ':' in 'a ? b : c', found \(describe(current))",
                                          at: range(current), notes: [DiagnosticNote("to match this '?'", at: range(question))]))
            return Expr(.ternary(condition, then, Expr(.invalid, then.range)), condition.range.union(then.range))
        }
        let otherwise = expression()
        return Expr(.ternary(condition, then, otherwise), condition.range.union(otherwise.range))
    }

    private mutating func binaryLoop(_ operators: [BinaryOperator], next: (inout ExpressionParser) -> Expr) -> Expr {
        var lhs = next(&self)
        while case .symbol(let s) = current.kind, let op = operators.first(where: { $0.rawValue == s }), countOperator() {
            let written = advance()
            let rhs = next(&self)
            lhs = Expr(.binary(op, lhs, rhs), lhs.range.union(rhs.range))
            lhs.operatorRange = range(written)
        }
        return lhs
    }

    private mutating func or() -> Expr { binaryLoop([.or]) { $0.and() } }

    private mutating func and() -> Expr { binaryLoop([.and]) { $0.comparison() } }

    private mutating func comparison() -> Expr {
        let lhs = coalesce()
        let comparisons: [BinaryOperator] = [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual]
        guard case .symbol(let s) = current.kind, let op = comparisons.first(where: { $0.rawValue == s }) else { return lhs }
        _ = advance()
        let rhs = coalesce()
        if case .symbol(let t) = current.kind, comparisons.contains(where: { $0.rawValue == t }) {
            diagnostics.append(Diagnostic(id: .chainedComparison, "comparisons cannot be chained; join them with '&&'", at: range(current)))
        }
        return Expr(.binary(op, lhs, rhs), lhs.range.union(rhs.range))
    }

    private mutating func coalesce() -> Expr {
        let lhs = additive()
        guard consume("??") else { return lhs }
        let rhs = nested { $0.coalesce() }
        return Expr(.binary(.coalesce, lhs, rhs), lhs.range.union(rhs.range))
    }

    private mutating func additive() -> Expr { binaryLoop([.add, .subtract]) { $0.multiplicative() } }

    private mutating func multiplicative() -> Expr { binaryLoop([.multiply, .divide, .remainder]) { $0.prefix() } }

    private mutating func prefix() -> Expr {
        for op in [UnaryOperator.not, .negate] where isSymbol(op.rawValue) {
            let token = advance()
            let operand = nested { $0.prefix() }
            return Expr(.unary(op, operand), range(token).union(operand.range))
        }
        return postfix()
    }

    private mutating func postfix() -> Expr {
        var expr = primary()
        // Counted only when a postfix step follows: counting first and taking it back at the end
        // made the 512th operator of an expression count as the 513th.
        while isSymbol(".") || isSymbol("?.") || isSymbol("(") || isSymbol("{") || isSymbol("["), countOperator() {
            if isSymbol("[") {
                expr = subscripted(expr)
            } else if isSymbol(".") || isSymbol("?.") {
                let dot = advance()
                guard case .identifier(let name) = current.kind else {
                    _ = fail("expected a member name after '\(describeSymbol(dot))'", at: current)
                    return expr
                }
                let nameToken = advance()
                expr = Expr(.member(expr, name, optional: dot.kind == .symbol("?."), nameRange: range(nameToken)),
                            expr.range.union(range(nameToken)))
            } else if isSymbol("(") {
                let open = advance()
                var written: [LabeledExpr] = []
                var arguments: [Expr] = []
                if !isSymbol(")") {
                    repeat {
                        if case .identifier(let label) = current.kind, index + 1 < tokens.count, tokens[index + 1].kind == .symbol(":") {
                            let labelToken = advance()
                            _ = advance()
                            written.append(LabeledExpr(label: label, labelRange: range(labelToken), value: expression()))
                        } else {
                            let argument = expression()
                            arguments.append(argument)
                            written.append(LabeledExpr(label: "", labelRange: argument.range, value: argument))
                        }
                    } while consume(",")
                }
                let close = current
                expect(")", closing: open)
                if written.contains(where: { !$0.label.isEmpty }) {
                    // `String(format: "%d", n)`: a labeled first argument, then unlabeled ones, as
                    // Swift's variadic parameters; the checker says which calls take that shape.
                    let variadic = written.first?.label.isEmpty == false && written.dropFirst().allSatisfy { $0.label.isEmpty }
                    // A method's labels are the checker's to judge (`xs.inserting(x, at: 0)`).
                    let method = if case .member = expr.kind { true } else { false }
                    if !variadic, !method, let stray = arguments.first {
                        diagnostics.append(Diagnostic(id: .mixedArguments, "every argument of a record needs a label, as in 'Goal(id: 1)'",
                                                      at: stray.range))
                    }
                    expr = Expr(.construct(expr, written), expr.range.union(range(close)))
                    continue
                }
                expr = Expr(.call(expr, arguments), expr.range.union(range(close)))
            } else if isSymbol("{") {
                let closure = self.closure()
                if case .call(let callee, var arguments) = expr.kind {
                    arguments.append(closure)
                    expr = Expr(.call(callee, arguments), expr.range.union(closure.range))
                } else {
                    expr = Expr(.call(expr, [closure]), expr.range.union(closure.range))
                }
            }
        }
        return expr
    }

    private mutating func primary() -> Expr {
        let token = current
        switch token.kind {
        case .int(let v):
            _ = advance()
            return Expr(.int(v), range(token))
        case .double(let v):
            _ = advance()
            return Expr(.double(v), range(token))
        case .string(let parts):
            _ = advance()
            return stringLiteral(parts, token: token)
        case .identifier(let name):
            _ = advance()
            switch name {
            case "true": return Expr(.bool(true), range(token))
            case "false": return Expr(.bool(false), range(token))
            case "nil": return Expr(.null, range(token))
            default:
                // A closure's parameter, the innermost of that name: it shadows a spec name.
                for scope in scopes.reversed() {
                    if let parameter = scope.first(where: { $0.name == name }) {
                        return Expr(.closureParameter(name, declared: parameter.range), range(token))
                    }
                }
                var expr = Expr(.name(name), range(token))
                expr.yamlQuoted = source.wasQuotedInYAML
                return expr
            }
        case .closureArgument(let i):
            // Whether `$N` means anything here (a closure, an operator's expression) is the checker's call.
            _ = advance()
            return Expr(.closureArgument(i), range(token))
        case .symbol("."):
            // `.received`: an enum case whose type comes from the context.
            let dot = advance()
            guard case .identifier(let name) = current.kind else {
                return fail("expected an enum case name after '.'", at: current)
            }
            let nameToken = advance()
            return Expr(.implicitMember(name), range(dot).union(range(nameToken)))
        case .symbol("("):
            let open = advance()
            // `()`: the Void value.
            if isSymbol(")") {
                let close = advance()
                return Expr(.void, range(open).union(range(close)))
            }
            let inner = expression()
            let close = current
            expect(")", closing: open)
            return Expr(inner.kind, range(open).union(range(close)))
        case .symbol("["):
            let open = advance()
            var items: [Expr] = []
            if !isSymbol("]") {
                repeat {
                    if isSymbol("]") { break }
                    items.append(expression())
                } while consume(",")
            }
            let close = current
            expect("]", closing: open)
            return Expr(.list(items), range(open).union(range(close)))
        case .symbol("{"):
            return closure()
        case .symbol("\\"):
            return keyPath()
        default:
            // `reduce(0, +)`: Swift passes an operator as a function; here a closure says it.
            if case .symbol(let op) = token.kind, ["+", "-", "*", "/", "%", "<", ">", "<=", ">=", "==", "!=", "&&", "||"].contains(op),
               index + 1 < tokens.count, tokens[index + 1].kind == .symbol(")") || tokens[index + 1].kind == .symbol(",") {
                _ = advance()
                diagnostics.append(Diagnostic(id: .expectedExpression, "'\(op)' is an operator, not a function: pass a closure that applies it",
                                              at: range(token), fixIt: "write a closure, as in 'reduce(0) { $0 \(op) $1 }'"))
                return Expr(.invalid, range(token))
            }
            let expr = fail("expected an expression", at: token)
            if token.kind != .end { _ = advance() }
            return expr
        }
    }

    private mutating func stringLiteral(_ parts: [Token.StringPart], token: Token) -> Expr {
        if parts.count == 1, case .text(let text) = parts[0] {
            return Expr(.string(text), range(token))
        }
        var result: [InterpolationPart] = []
        for part in parts {
            switch part {
            case .text(let text):
                result.append(.text(text))
            case .interpolation(let start, let end):
                // The interpolated expression is one level deeper through its own `expression()`.
                var inner = ExpressionParser(source: source, start: start, end: end, depth: depth, closureDepth: closureDepth, scopes: scopes)
                let expr: Expr
                if inner.depth <= Self.maximumDepth {
                    expr = inner.parseAll()
                } else {
                    expr = Expr(.invalid, source.range(start, end))
                    inner.diagnostics.append(Diagnostic(id: .tooDeep, "expression nests deeper than \(Self.maximumDepth) levels",
                                                        at: source.range(start, end)))
                }
                diagnostics.append(contentsOf: inner.diagnostics)
                result.append(.expr(expr))
            }
        }
        return Expr(.interpolation(result), range(token))
    }
}
