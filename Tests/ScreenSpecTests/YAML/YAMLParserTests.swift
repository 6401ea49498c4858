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

    @Test func readsAliasesAndMergeKeysRefusesDuplicateKeys() {
        // An alias is the anchored value written out; `<<` merges a mapping under the keys written.
        let (root, none) = parse("a: &x { p: 1, q: 2 }\nb: *x\nc: { <<: *x, q: 3 }\nd: { <<: [{ p: 4 }, *x] }\n")
        #expect(none.isEmpty)
        func pairs(_ key: String) -> [String] {
            root?.mapping?.first { $0.key.string == key }?.value.mapping?.map { "\($0.key.string ?? "?")=\($0.value.string ?? "?")" } ?? []
        }
        #expect(pairs("b") == ["p=1", "q=2"])
        #expect(pairs("c") == ["p=1", "q=3"])
        #expect(pairs("d") == ["p=4", "q=2"])
        #expect(parse("a: *x\n").1.map(\.message) == ["'*x' names no anchor: an alias names an anchor ('&x') written before it"])
        #expect(parse("a: { <<: 1 }\n").1.first?.id == "yaml-alias")
        #expect(parse("a: &x { b: *x }\n").1.map(\.message) == ["'*x' is inside the value '&x' names: a value cannot hold itself"])
        // Depth counts through an alias: 150 levels named, then used 100 levels down.
        let deep = "a: &x " + String(repeating: "[", count: 150) + String(repeating: "]", count: 150) + "\nb: "
            + String(repeating: "[", count: 100) + "*x" + String(repeating: "]", count: 100) + "\n"
        #expect(parse(deep).1.first?.id == "yaml-depth")
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
