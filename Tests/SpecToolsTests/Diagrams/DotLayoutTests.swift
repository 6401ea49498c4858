import ScreenSpec
import SpecRuntime
import SpecTesting
@testable import SpecTools
import Testing

/// Issue 28: the DOT graph is laid out to read left to right. Graphviz does the layout; these
/// check what it is told (Tests/IntegrationTests/GraphvizSVGTests checks where it puts things).
@Suite("DOT layout, left to right")
struct DotLayoutTests {
    static func dot(_ file: String) throws -> (DataflowGraph, String) {
        let loaded = SpecLoader.load(path: PackagePaths.root + "/specs/" + file)
        let graph = DataflowGraph(spec: try #require(loaded.spec, "\(loaded.renderDiagnostics())"))
        return (graph, DotRenderer.render(graph))
    }

    static func id(_ graph: DataflowGraph, _ name: String) throws -> String { try #require(graph.nodes.first { $0.name == name }).id }

    @Test func inputsAndParamsTakeTheFirstRankAndTheViewTheLast() throws {
        let (login, dot) = try Self.dot("login.yaml")
        let inputs = try ["email", "password", "confirm"].map { try Self.id(login, $0) }
        #expect(dot.contains("  { rank=min; \(inputs.joined(separator: "; ")); }\n"), "\(dot)")
        let view = login.nodes.filter { $0.group == .view }.map(\.id)
        #expect(view.count == 4)
        #expect(dot.contains("  { rank=max; \(view.joined(separator: "; ")); }\n"), "\(dot)")
        #expect(dot.contains("rankdir=LR") && dot.contains("newrank=true"))
        let (events, eventsDot) = try Self.dot("events.yaml")
        #expect(eventsDot.contains("{ rank=min; \(try Self.id(events, "user"));"), "a param is an input of the screen too")
        // Every shipped spec has a view; a fixture without one.
        let loaded = SpecLoader.load(path: PackagePaths.fixtures + "/navigated-detail.yaml")
        let detail = DotRenderer.render(DataflowGraph(spec: try #require(loaded.spec, "\(loaded.renderDiagnostics())")))
        #expect(detail.contains("rank=min") && !detail.contains("rank=max"), "a screen without a view has no last rank to force")
    }

    @Test func anEdgeFromTheViewIsLaidOutBackwardsWithItsArrowKept() throws {
        let (login, dot) = try Self.dot("login.yaml")
        let email = try Self.id(login, "email"), text = try Self.id(login, "email.text")
        let action = try Self.id(login, "login"), tap = try Self.id(login, "confirm.tap")
        // email.text edits email: laid out email -> email.text, the arrow drawn at email.
        #expect(dot.contains("  \(email) -> \(text) [penwidth=2, xlabel=\"edits\", dir=back];\n"), "\(dot)")
        #expect(dot.contains("  \(email) -> \(text) [penwidth=2, xlabel=\"binds\"];\n"), "\(dot)")
        #expect(dot.contains("  \(action) -> \(tap) [xlabel=\"executes\", dir=back];\n"), "\(dot)")
        #expect(!dot.contains("  \(text) -> "), "no edge leaves the view forwards")
    }

    @Test func theViewStandsAfterEveryDeadEndOfTheViewModel() throws {
        let (login, dot) = try Self.dot("login.yaml")
        let last = try #require(login.nodes.last { $0.group == .view }).id
        for name in ["notBothBusyAndEnabled", "enabledOnlyWhenValid", "login.elements", "login.errors"] {
            #expect(dot.contains("  \(try Self.id(login, name)) -> \(last) [style=invis];\n"), "\(name)")
        }
        // A node that leads on is not tied to the view.
        #expect(!dot.contains("  \(try Self.id(login, "canLogin")) -> \(last) [style=invis]"))
    }

    @Test func readsDoNotRankAndLabelsStayOnTheirEdges() throws {
        let (events, dot) = try Self.dot("events.yaml")
        let user = try Self.id(events, "user")
        let reads = dot.split(separator: "\n").filter { $0.hasPrefix("  \(user) -> p") }
        #expect(!reads.isEmpty)
        for line in reads { #expect(line.contains("style=dashed, constraint=false, xlabel=\"reads\""), "\(line)") }
        // External labels: placed beside their edge after the layout, never as ranks of their own.
        #expect(!dot.contains(" label=\"reads\"") && dot.contains("forcelabels=true"))
    }

    @Test func aLongOperatorIsFoldedOntoTwoLines() {
        #expect(DotRenderer.folded("withLatestFrom: segmentSelection") == "withLatestFrom:\nsegmentSelection")
        #expect(DotRenderer.folded("flatMapLatest → github.events") == "flatMapLatest\n→ github.events")
        #expect(DotRenderer.folded("skip: 1") == "skip: 1")
        #expect(DotRenderer.folded("aVeryLongOperatorNameWithoutBreaks") == "aVeryLongOperatorNameWithoutBreaks")
    }
}
