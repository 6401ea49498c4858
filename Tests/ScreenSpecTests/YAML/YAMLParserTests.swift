import Testing
@testable import ScreenSpec
@testable import SpecRuntime

@Suite("YAML loading")
struct YAMLParserTests {
    private func parse(_ text: String) -> (YAMLNode?, [Diagnostic]) {
        var bag = DiagnosticBag()
        let node = YAMLParser.parse(SourceFile(path: "t.yaml", text: text), diagnostics: &bag)
        return (node, bag.all)
    }

    @Test func keepsLineAndColumnOfEveryNode() throws {
        let (root, diagnostics) = parse("screen: Login\ninputs:\n  email: { type: String }\n  list:\n    - a\n    - \"b\"\n")
        #expect(diagnostics.isEmpty)
        let top = try #require(root?.mapping)
        #expect(top[0].key.range.start == SpecLocation(line: 1, column: 1))
        #expect(top[0].value.range.start == SpecLocation(line: 1, column: 9))
        let inputs = try #require(top[1].value.mapping)
        let email = try #require(inputs[0].value.mapping)
        #expect(email[0].value.string == "String")
        #expect(email[0].value.range.start == SpecLocation(line: 3, column: 18))
        let list = try #require(inputs[1].value.sequence)
        #expect(list.map(\.range.start) == [SpecLocation(line: 5, column: 7), SpecLocation(line: 6, column: 7)])
        #expect(list[1].scalar?.style == .doubleQuoted)
    }

    @Test func reportsLibyamlErrorsWithLocation() {
        let (root, diagnostics) = parse("a: \"open\nb: 1\n")
        #expect(root == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message == "invalid YAML: found unexpected end of stream")
        #expect(diagnostics.first?.range.start == SpecLocation(line: 3, column: 1))
        #expect(diagnostics.first?.notes.map(\.message) == ["while scanning a quoted scalar at 1:4", "a quote may be left open"])
    }

    @Test func explainsTabs() {
        let (_, diagnostics) = parse("a:\n\tb: 1\n")
        #expect(diagnostics.first?.message == "invalid YAML: a tab cannot indent YAML; use spaces")
        #expect(diagnostics.first?.range.start == SpecLocation(line: 2, column: 1))
    }

    @Test func suggestsQuotingAnUnquotedTernary() {
        let (_, diagnostics) = parse("outputs:\n  t: a ? b : c\n")
        #expect(diagnostics.first?.message == "invalid YAML: an unquoted 'a ? b : c' reads as a YAML mapping")
        #expect(diagnostics.first?.fixIt == "quote the expression: t: 'a ? b : c'")
    }

    @Test func refusesAliasesAndDuplicateKeys() {
        #expect(parse("a: &x 1\nb: *x\n").1.first?.id == "yaml-anchor")
        let duplicate = parse("a: 1\na: 2\n").1
        #expect(duplicate.first?.message == "duplicate key 'a'")
        #expect(duplicate.first?.range.start == SpecLocation(line: 2, column: 1))
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        let (root, diagnostics) = parse("a: " + deep)
        #expect(root == nil)
        #expect(diagnostics.first?.id == "yaml-depth")
    }

    @Test func emptyFileIsAnEmptyMapping() {
        let (root, diagnostics) = parse("")
        #expect(diagnostics.isEmpty)
        #expect(root?.mapping?.isEmpty == true)
    }
}
