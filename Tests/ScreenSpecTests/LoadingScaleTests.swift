import Testing
@testable import ScreenSpec
@testable import SpecRuntime

/// Loading stays linear and iterative at scale (issue 6): large collections, long dependency
/// chains, and the duplicate-key diagnostic that the indexed YAML builder now finds by lookup.
@Suite struct LoadingScaleTests {
    private func chain(_ n: Int) -> String {
        var s = "screen: Chain\ninputs:\n  start: { type: Int, default: 0 }\noutputs:\n  o0: start\n"
        for i in 1..<n { s += "  o\(i): o\(i - 1) + 1\n" }
        return s
    }

    @Test func aChainOf20000DependentOutputsLoadsInDependencyOrder() throws {
        let loaded = SpecLoader.load(text: chain(20_000), path: "chain.yaml")
        #expect(loaded.diagnostics.isEmpty)
        let spec = try #require(loaded.spec)
        #expect(spec.nodes.count == 20_001)
        let index = Dictionary(uniqueKeysWithValues: spec.nodes.enumerated().map { ($1.name, $0) })
        let ranks = (0..<20_000).map { spec.rank[index["o\($0)"]!] }
        #expect(zip(ranks, ranks.dropFirst()).allSatisfy { $0 < $1 })
        #expect(spec.nodes[spec.node(named: "o19999")!].type == .int)
    }

    @Test func aChainWrittenBackwardsIsTypedAfterWhatItReads() throws {
        // Outputs refer to later ones: the checker types each after the output it names.
        var s = "screen: Back\ninputs:\n  start: { type: Int, default: 0 }\noutputs:\n"
        for i in stride(from: 999, to: 0, by: -1) { s += "  o\(i): \"o\(i - 1) > 0 ? o\(i - 1) : o\(i - 1) + 1\"\n" }
        s += "  o0: start\n"
        let loaded = SpecLoader.load(text: s, path: "back.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let spec = try #require(loaded.spec)
        #expect(spec.nodes[spec.node(named: "o999")!].type == .int)
    }

    @Test func aMappingOf10000KeysKeepsEveryEntryInOrder() throws {
        var s = "screen: Wide\ninputs:\n  a: { type: Int, default: 1 }\noutputs:\n"
        for i in 0..<10_000 { s += "  o\(i): a + \(i)\n" }
        let loaded = SpecLoader.load(text: s, path: "wide.yaml")
        #expect(loaded.diagnostics.isEmpty)
        let spec = try #require(loaded.spec)
        #expect(spec.nodes.count == 10_001)
        #expect(spec.nodes.dropFirst().map(\.name) == (0..<10_000).map { "o\($0)" })
    }

    @Test func aDuplicateKeyIsReportedAtItsSecondUseWithTheFirstAsANote() throws {
        let text = """
            screen: Dup
            inputs:
              a: { type: Int, default: 1 }
              b: { type: Int, default: 2 }
              a: { type: Int, default: 3 }
            """
        let loaded = SpecLoader.load(text: text, path: "dup.yaml")
        #expect(loaded.hasErrors)
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.id == "duplicate-key")
        #expect(diagnostic.message == "duplicate key 'a'")
        #expect(diagnostic.range.start == SpecLocation(line: 5, column: 3))
        #expect(diagnostic.notes.map(\.range?.start) == [SpecLocation(line: 3, column: 3)])
    }

    @Test func equalKeysInDifferentMappingsAreNotDuplicates() {
        let text = """
            screen: Nested
            inputs:
              a: { type: Int, default: 1 }
              b: { type: Int, default: 2 }
            """
        #expect(SpecLoader.load(text: text, path: "nested.yaml").diagnostics.isEmpty)
    }
}
