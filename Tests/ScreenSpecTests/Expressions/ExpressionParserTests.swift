import Testing
@testable import ScreenSpec
@testable import SpecRuntime

/// Prints an expression fully parenthesised, to assert the parse tree's shape.
private func shape(_ e: Expr) -> String {
    switch e.kind {
    case .int(let v): return "\(v)"
    case .double(let v): return "\(v)"
    case .bool(let v): return "\(v)"
    case .string(let s): return "\"\(s)\""
    case .null: return "nil"
    case .void: return "()"
    case .name(let n): return n
    case .closureArgument(let i): return "$\(i)"
    case .implicitMember(let n): return ".\(n)"
    case .construct(let f, let args): return "\(f)(\(args.map { "\($0.label): \(shape($0.value))" }.joined(separator: ", ")))"
    case .invalid: return "<invalid>"
    case .unary(let op, let a): return "(\(op.rawValue)\(shape(a)))"
    case .binary(let op, let a, let b): return "(\(shape(a)) \(op.rawValue) \(shape(b)))"
    case .ternary(let c, let a, let b): return "(\(shape(c)) ? \(shape(a)) : \(shape(b)))"
    case .member(let b, let n, let optional, _): return "\(shape(b))\(optional ? "?." : ".")\(n)"
    case .call(let f, let args): return "\(shape(f))(\(args.map(shape).joined(separator: ", ")))"
    case .closure(let body, let parameters):
        return "{ " + (parameters.isEmpty ? "" : parameters.map(\.name).joined(separator: ", ") + " in ") + "\(shape(body)) }"
    case .closureParameter(let n, let declared): return "\(n)@\(declared.start.column)"
    case .list(let items): return "[\(items.map(shape).joined(separator: ", "))]"
    case .interpolation(let parts):
        return "\"" + parts.map { part -> String in
            switch part {
            case .text(let t): return t
            case .expr(let x): return "\\(\(shape(x)))"
            }
        }.joined() + "\""
    }
}

@Suite("Expression parser")
struct ExpressionParserTests {
    private func parse(_ text: String) -> (String, [Diagnostic]) {
        var bag = DiagnosticBag()
        let e = ExpressionParser.parse(ExpressionSource(text: text, file: "e", start: SpecLocation(line: 3, column: 13)), diagnostics: &bag)
        return (shape(e), bag.all)
    }

    @Test(arguments: [
        ("email.count >= 10 && password.count >= 4", "((email.count >= 10) && (password.count >= 4))"),
        ("a || b && c", "(a || (b && c))"),
        ("on ? () : (())", "(on ? () : ())"),
        ("!a && -b < 3", "((!a) && ((-b) < 3))"),
        ("1 + 2 * 3 - 4 % 5", "((1 + (2 * 3)) - (4 % 5))"),
        ("a ?? b ?? 0", "(a ?? (b ?? 0))"),
        ("a ?? 0 > 1", "((a ?? 0) > 1)"),
        ("x ? y : z ? 1 : 2", "(x ? y : (z ? 1 : 2))"),
        ("user?.name.count", "user?.name.count"),
        ("repos.map { $0.name }", "repos.map({ $0.name })"),
        ("min(a, 2)", "min(a, 2)"),
        ("[1, 2, 3]", "[1, 2, 3]"),
        ("\"\\(temp)°F\"", "\"\\(temp)°F\""),
        ("(a + b) * c", "((a + b) * c)"),
        ("1.5e3", "1500.0"),
    ])
    func parsesWithSwiftPrecedence(text: String, expected: String) {
        let (tree, diagnostics) = parse(text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(tree == expected)
    }

    @Test(arguments: [
        ("a +", "e:3:16: error: expected an expression, found end of expression"),
        ("(a + b", "e:3:19: error: expected ')', found end of expression"),
        ("a == b == c", "e:3:20: error: comparisons cannot be chained; join them with '&&'"),
        ("a ? b", "e:3:18: error: expected ':' in 'a ? b : c', found end of expression"),
        ("'x'", "e:3:13: error: strings are written in double quotes, as in Swift"),
        ("\"open", "e:3:13: error: unterminated string literal"),
        ("a @ b", "e:3:15: error: unexpected character '@'"),
        ("99999999999999999999", "e:3:13: error: integer literal '99999999999999999999' overflows Int"),
        ("\"\\(a +)\"", "e:3:19: error: expected an expression, found end of expression"),
    ])
    func reportsErrorsAtTheirColumn(text: String, expected: String) {
        let (_, diagnostics) = parse(text)
        #expect(diagnostics.first?.description == expected)
    }

    // A named parameter is resolved where it is written: `p@25` is the parameter named at column 25.
    @Test(arguments: [
        ("xs.filter { p in !ms.contains { $0.id == p.id } }", "xs.filter({ p in (!ms.contains({ ($0.id == p@25.id) })) })"),
        ("xs.reduce(0) { sum, x in sum + x.price }", "xs.reduce(0, { sum, x in (sum@28 + x@33.price) })"),
        ("{ (p) in p }", "{ p in p@16 }"),
        ("xs.map { xs in xs }", "xs.map({ xs in xs@22 })"),
        ("xs.map { p in \"\\(p)\" }", "xs.map({ p in \"\\(p@22)\" })"),
        ("xs.map { p in ys.map { p in p } }", "xs.map({ p in ys.map({ p in p@36 }) })"),
        ("xs.map { _ in 1 }", "xs.map({ _ in 1 })"),
    ])
    func namesClosureParametersAsSwiftDoes(text: String, expected: String) {
        let (tree, diagnostics) = parse(text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(tree == expected)
    }

    @Test(arguments: [
        ("xs.map { (p: Int) in p }", "e:3:22: error: a closure's parameters are written without types: each has the type its method gives it",
         "write '{ p in … }'"),
        ("xs.map { p -> Int in p }", "e:3:22: error: a closure's return type is not written: it is the type of its body", "write '{ p in … }'"),
        ("xs.map { a b in a }", "e:3:22: error: a closure's parameters are names separated by ',' before 'in', as in '{ sum, x in sum + x }'",
         "write '{ a, b in … }'"),
        ("xs.map { a, a in a }", "e:3:25: error: the closure names 'a' twice", nil),
    ])
    func reportsAClosureParameterListItCannotRead(text: String, expected: String, fixIt: String?) {
        let (_, diagnostics) = parse(text)
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.description == expected)
        #expect(diagnostics.first?.fixIt == fixIt)
    }

    @Test func hostileNestingIsOneDiagnostic() {
        let (_, diagnostics) = parse(String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.id == "too-deep")
    }

    @Test func mapsColumnsThroughYAMLQuotes() throws {
        let text = "outputs:\n  label: '\"Hi \\(nme)\"'\n"
        let loaded = SpecLoader.load(text: "screen: S\n" + text, path: "q.yaml")
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.description == "q.yaml:3:17: error: unknown name 'nme'")
    }
}
