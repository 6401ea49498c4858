import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

@Suite("Dataflow graph")
struct DataflowGraphTests {
    private func graph(_ file: String) throws -> DataflowGraph {
        let loaded = SpecLoader.load(path: PackagePaths.root + "/specs/" + file)
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        return DataflowGraph(spec: spec)
    }

    private func id(_ graph: DataflowGraph, _ name: String) -> String? { graph.nodes.first { $0.name == name }?.id }

    private func hasEdge(_ graph: DataflowGraph, _ from: String, _ to: String, _ kind: DataflowGraph.EdgeKind, _ label: String? = nil) -> Bool {
        guard let f = id(graph, from), let t = id(graph, to) else { return false }
        return graph.edges.contains { $0.from == f && $0.to == t && $0.kind == kind && (label == nil || $0.label == label) }
    }

    @Test func loginShowsItsViewViewModelAndServiceWithTheRuntimesDependencies() throws {
        let g = try graph("login.yaml")
        #expect(g.nodes.first { $0.name == "email" }?.group == .viewModel)
        #expect(g.nodes.first { $0.name == "email.text" }?.group == .view)
        #expect(g.nodes.first { $0.name == "auth.signIn" }?.group == .services)
        #expect(hasEdge(g, "email", "canLogin", .feeds))
        #expect(hasEdge(g, "canLogin", "login.enabled", .feeds))
        #expect(hasEdge(g, "login.executing", "login.enabled", .feeds))
        #expect(hasEdge(g, "confirm", "login", .feeds, "trigger"))
        #expect(hasEdge(g, "login.enabled", "login", .reads, "enabled"))
        #expect(hasEdge(g, "login", "auth.signIn", .calls))
        #expect(hasEdge(g, "login", "login.elements", .feeds))
        // Two-way: the property shows `email`, and the person's edits write `email`.
        #expect(hasEdge(g, "email", "email.text", .sets, "binds"))
        #expect(hasEdge(g, "email.text", "email", .sets, "edits"))
        #expect(hasEdge(g, "confirm.tap", "login", .feeds, "executes"))
        #expect(hasEdge(g, "login.enabled", "confirm.enabled", .sets, "binds"))
        // A catalog property nothing uses is left out.
        #expect(!g.nodes.contains { $0.name == "email.placeholder" })
    }

    @Test func streamOutputsAreTheirOperatorsInOrderAndNavigationOpensScreens() throws {
        let g = try graph("events.yaml")
        let refresh = try #require(id(g, "refresh"))
        let headerRefresh = try #require(id(g, "headerRefresh"))
        // headerRefresh -> withLatestFrom -> merge -> startWith -> refresh
        var chain = [headerRefresh]
        while let next = g.edges.first(where: { $0.from == chain.last! && $0.kind == .feeds && ($0.to.hasPrefix("p") || $0.to == refresh) }) {
            chain.append(next.to)
            if next.to == refresh { break }
        }
        let names = chain.dropFirst().map { c in g.nodes.first { $0.id == c }!.name }
        // Each operator shows its argument as written, so the picture says what the step does.
        #expect(names == ["withLatestFrom: segmentSelection", "merge: segmentChanged", "startWith: segmentSelection", "refresh"])
        let withLatest = chain[1]
        #expect(g.edges.contains { $0.from == id(g, "segmentSelection") && $0.to == withLatest && $0.kind == .reads && $0.label == "latest" })
        #expect(g.edges.contains { $0.from == id(g, "segmentChanged") && $0.to == chain[2] && $0.kind == .feeds })
        #expect(g.nodes.contains { $0.name == "User" && $0.group == .screens })
        #expect(g.nodes.contains { $0.name == "Repository" && $0.group == .screens })
        #expect(g.edges.contains { $0.to == id(g, "User") && $0.kind == .opens })
        #expect(g.nodes.contains { $0.name == "flatMapLatest → github.events" })
        #expect(g.edges.contains { $0.to == id(g, "firstPage.errors") && $0.label == "errors" })
        #expect(hasEdge(g, "nextPage", "events", .sets, "sets"))
    }

    /// Every named node of every seed spec appears, and every edge joins declared nodes.
    @Test(arguments: ["colorpicker.yaml", "completion-review.yaml", "completion.yaml", "events.yaml", "list.yaml",
                      "location.yaml", "login.yaml", "repository.yaml", "user.yaml", "weather.yaml"])
    func everyNodeIsNamedAndEveryEdgeJoinsDeclaredNodes(_ file: String) throws {
        let loaded = SpecLoader.load(path: PackagePaths.root + "/specs/" + file)
        let spec = try #require(loaded.spec)
        let g = DataflowGraph(spec: spec)
        let ids = Set(g.nodes.map(\.id))
        #expect(ids.count == g.nodes.count, "node ids repeat")
        for edge in g.edges { #expect(ids.contains(edge.from) && ids.contains(edge.to), "\(edge)") }
        let mermaid = MermaidRenderer.render(g)
        let dot = DotRenderer.render(g)
        for node in spec.nodes where !(node.name.contains(" (")) {
            if case .component = node.role, !node.visible, !g.nodes.contains(where: { $0.name == node.name }) { continue }
            // An action's `completions` is drawn only when the spec reads it.
            if case .actionCompletions(let a) = node.role, spec.actions[a].completions == nil {
                #expect(!g.nodes.contains { $0.name == node.name }, "\(node.name) is read by nothing, yet drawn")
                continue
            }
            #expect(mermaid.contains("\"\(MermaidRenderer.escape(node.name))<br/>"), "\(node.name) is not in the Mermaid graph")
            #expect(dot.contains("label=\"\(node.name)\\n"), "\(node.name) is not in the DOT graph")
        }
        for action in spec.actions { #expect(mermaid.contains("\"\(action.name)<br/>")) }
        for service in spec.services { #expect(mermaid.contains("\"\(service.name)<br/>")) }
        for component in spec.components { #expect(mermaid.contains("[\"\(component.name) · \(component.kind)\"]")) }
        // Every node is declared exactly once.
        for node in g.nodes {
            let declarations = mermaid.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix(node.id + "[")
                || $0.trimmingCharacters(in: .whitespaces).hasPrefix(node.id + "(") || $0.trimmingCharacters(in: .whitespaces).hasPrefix(node.id + "{")
                || $0.trimmingCharacters(in: .whitespaces).hasPrefix(node.id + ">") }
            #expect(declarations.count == 1, "\(node.id) is declared \(declarations.count) times")
        }
    }

    @Test func labelsAreEscapedForMermaidAndDOT() {
        #expect(MermaidRenderer.escape("a \"b\" <c> #d") == "a #quot;b#quot; #lt;c#gt; #35;d")
        #expect(DotRenderer.quote("say \"hi\"\\ \nnext") == "\"say \\\"hi\\\"\\\\ \\nnext\"")
    }

    @Test func aComponentWithNothingWiredIsStillShown() throws {
        let loaded = SpecLoader.load(text: """
            screen: S
            inputs:
              n: { type: Int, default: 0 }
            view:
              title: { label: {} }
            """, path: "s.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let g = DataflowGraph(spec: spec)
        #expect(g.nodes.contains { $0.name == "title" && $0.caption == "label · nothing wired" && $0.group == .view })
    }
}
