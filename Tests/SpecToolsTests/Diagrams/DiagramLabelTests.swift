import Foundation
import ScreenSpec
@testable import SpecRuntime
@testable import SpecTools
import Testing

/// Issue 25, fault 12: a screen name over 16,384 characters gave DOT that Graphviz refuses, so
/// `graph` exited 1 for a spec that checks. Every label is now cut to a readable length.
@Suite("Diagram labels are cut to a readable length")
struct DiagramLabelTests {
    static let longName = "Screen" + String(repeating: "x", count: 20_000)

    static func graph() throws -> DataflowGraph {
        let text = """
            screen: \(longName)
            inputs:
              go: event
            outputs:
              again:
                navigate: { to: \(longName) }
                on: go
            """
        let loaded = SpecLoader.load(text: text, path: "long.yaml")
        return DataflowGraph(spec: try #require(loaded.spec, "\(loaded.renderDiagnostics().prefix(500))"))
    }

    /// The quoted strings of DOT text, unescaped enough to measure.
    static func quotedStrings(_ dot: String) -> [String] {
        var out: [String] = []
        var current: String?
        var escaped = false
        for c in dot {
            if var s = current {
                if escaped { s.append(c); escaped = false; current = s; continue }
                if c == "\\" { escaped = true; current = s; continue }
                if c == "\"" { out.append(s); current = nil; continue }
                s.append(c)
                current = s
            } else if c == "\"" {
                current = ""
            }
        }
        return out
    }

    @Test func cutting() {
        #expect(DiagramLabel.short("abc", 3) == "abc")
        #expect(DiagramLabel.short("abcd", 3) == "ab…")
        #expect(DiagramLabel.short(String(repeating: "é", count: 100)).count == DiagramLabel.maximum)
        #expect(!DiagramLabel.isCut("abc", 3) && DiagramLabel.isCut("abcd", 3))
    }

    @Test func dotLabelsAreShortAndTheNameStaysInTheTooltip() throws {
        let dot = DotRenderer.render(try Self.graph())
        #expect(!dot.contains(Self.longName))
        let strings = Self.quotedStrings(dot)
        let labels = strings.filter { $0.hasPrefix("Screen") }
        #expect(!labels.isEmpty)
        // Node labels are a name and a caption, each cut; only tooltips are longer.
        for s in strings where !s.hasPrefix(String(Self.longName.prefix(200))) {
            for line in s.split(separator: "\n") { #expect(line.count <= DiagramLabel.maximum + 20, "\(line.prefix(100))") }
        }
        #expect(strings.contains(String(Self.longName.prefix(DiagramLabel.tooltipMaximum - 1)) + "…"))
        #expect(strings.allSatisfy { $0.utf8.count < 16_384 })
    }

    @Test func mermaidLabelsAreShort() throws {
        let mermaid = MermaidRenderer.render(try Self.graph())
        #expect(!mermaid.contains(String(Self.longName.prefix(DiagramLabel.maximum))))
        #expect(mermaid.contains(String(Self.longName.prefix(DiagramLabel.maximum - 1)) + "…"))
        #expect(mermaid.split(separator: "\n").allSatisfy { $0.count < 400 })
    }
}
