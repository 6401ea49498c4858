import ScreenSpec
@testable import SpecRuntime
import SpecTesting
@testable import SpecTools
import Testing

/// Issue 27 item 8: `graph` draws a spec whose only error is a dependency cycle, as far as it
/// loads, the cycle marked; a spec with other errors is still not drawn.
@Suite("A cycle, drawn")
struct CycleDrawingTests {
    @Test("the cycle's nodes and links are marked in Mermaid and DOT")
    func drawn() throws {
        let loaded = SpecLoader.load(text: """
            screen: D
            inputs:
              a: { type: Int, default: 1 }
            outputs:
              x: y + a
              y: x + 1
              z: a * 2
            """, path: "t.yaml")
        #expect(loaded.spec == nil)
        let drawing = try #require(loaded.cycleDrawing)
        let graph = DataflowGraph(drawing: drawing)
        let names = graph.nodes.filter { graph.cycle.contains($0.id) }.map(\.name)
        #expect(names == ["x", "y"])
        #expect(graph.nodes.contains { $0.name == "z" })
        let mermaid = MermaidRenderer.render(graph)
        #expect(mermaid.contains("classDef cycle stroke:#d00000"))
        #expect(mermaid.contains("  n2 --> n1\n") && mermaid.contains("  n1 --> n2\n"))
        #expect(mermaid.contains("linkStyle"))
        let dot = DotRenderer.render(graph)
        #expect(dot.contains("n1 -> n2 [color=\"#d00000\", penwidth=3];"))
    }

    @Test("a spec with another error is not drawn")
    func notDrawn() {
        let loaded = SpecLoader.load(text: """
            screen: D
            inputs:
              a: { type: Int, default: 1 }
            outputs:
              x: y + a
              y: x + 1
              z: b * 2
            """, path: "t.yaml")
        #expect(loaded.cycleDrawing == nil)
    }

    @Test("an unreachable item copied from the report with its 'never' names the item")
    func neverPrefix() {
        let range = SpecRange(file: "t.yaml", at: SpecLocation(line: 1, column: 1))
        var items = [CoverageItem(kind: .branch, what: "the 'then' branch", range: range, declaration: "label"),
                     CoverageItem(kind: .branch, what: "the 'else' branch", range: range, declaration: "label")]
        let accepted = CoverageReport.apply([CoverageMark(declaration: "label", item: "never the 'else' branch", reason: "r", itemRange: range)], to: &items)
        #expect(accepted.isEmpty)
        #expect(items.map(\.unreachableBecause) == [nil, "r"])
        let refused = CoverageReport.apply([CoverageMark(declaration: "label", item: "the 'else' brnch", reason: "r", itemRange: range)], to: &items)
        #expect(refused.first?.fixIt == "\"the 'else' branch\"")
    }
}
