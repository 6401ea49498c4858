import ScreenSpec
import SpecRuntime

/// A checked spec as a picture: every named node, operator, action, service, component and
/// screen it opens, grouped by kind, each edge a dependency the runtime follows.
///
/// Built from ``CheckedSpec`` alone, so it shows what runs, not what was written: a binding is an
/// edge into a component property, a two-way binding a pair of edges, a stream output a chain of
/// its operators in order. Hidden helper nodes (a binding's computed source, a property's edit
/// stream) are folded into the edges they stand for.
package struct DataflowGraph: Sendable {
    package enum Group: String, Sendable, CaseIterable {
        case view = "View"
        case viewModel = "View model"
        case services = "Services"
        case screens = "Other screens"
    }

    package enum Shape: Sendable {
        case input, state, param, output, streamOutput, operatorStep, action, actionState
        case service, componentProperty, componentEvent, screen
    }

    package struct Node: Sendable, Hashable {
        /// An identifier safe in Mermaid and DOT: letters, digits and `_`.
        package var id: String
        /// The name as the spec and the timeline write it, such as `login.enabled`.
        package var name: String
        /// What it is, such as `input property · String`.
        package var caption: String
        package var shape: Shape
        package var group: Group
        /// The cluster inside the group (a component, an action), nil for none.
        package var cluster: String?
    }

    package struct Cluster: Sendable, Hashable {
        package var id: String
        package var title: String
        package var group: Group
    }

    package enum EdgeKind: Sendable, Hashable {
        /// Each emission or change flows along: the target reacts.
        case feeds
        /// The target reads the latest value when something else makes it run.
        case reads
        /// A handler or binding writes the target.
        case sets
        /// A request or action work calls a service.
        case calls
        /// A navigation output opens another screen.
        case opens
    }

    package struct Edge: Sendable, Hashable {
        package var from: String
        package var to: String
        package var kind: EdgeKind
        package var label: String?
    }

    package var screen: String
    package var nodes: [Node] = []
    package var clusters: [Cluster] = []
    package var edges: [Edge] = []
    /// The ids of the nodes of a dependency cycle, drawn marked (a spec that does not load because
    /// of it); empty for a spec that loads.
    package var cycle: Set<String> = []

    /// Whether the edge joins two nodes of the cycle.
    package func isInCycle(_ edge: Edge) -> Bool { cycle.contains(edge.from) && cycle.contains(edge.to) }

    /// The nodes of `group` outside any cluster, then each cluster of the group with its nodes.
    package func layout(of group: Group) -> (loose: [Node], clusters: [(Cluster, [Node])]) {
        let loose = nodes.filter { $0.group == group && $0.cluster == nil }
        let inside = clusters.filter { $0.group == group }.map { c in (c, nodes.filter { $0.cluster == c.id }) }
        return (loose, inside)
    }

    package init(spec: CheckedSpec) {
        var builder = DataflowGraphBuilder(spec: spec)
        self = builder.build()
    }

    /// A spec that does not load because of one dependency cycle, drawn as far as it loads, the
    /// cycle's nodes and edges marked.
    package init(drawing: CycleDrawing) {
        self.init(spec: drawing.spec)
        let ids = drawing.cycle.map(DataflowGraphBuilder.nodeID)
        cycle = Set(ids)
        // An output in the cycle has no checked expression to draw its reads from: the cycle's
        // own links stand for them, each from the value read to its reader.
        for (k, from) in ids.enumerated() {
            let to = ids[(k + 1) % ids.count]
            if !edges.contains(where: { $0.from == from && $0.to == to }) { edges.append(Edge(from: from, to: to, kind: .feeds)) }
        }
    }

    init(screen: String) { self.screen = screen }
}
