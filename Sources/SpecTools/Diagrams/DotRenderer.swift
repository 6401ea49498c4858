import SpecRuntime

/// Renders a ``DataflowGraph`` in Graphviz's DOT language: groups and clusters are `cluster_`
/// subgraphs, edge kinds are line styles. Every label is cut to ``DiagramLabel/maximum``
/// characters; a node whose name was cut keeps more of it as its tooltip.
///
/// Laid out to read left to right: inputs and params in the first rank, the view in the last, to
/// the right of the view model. An edge from the view back into the view model (an edit, a tap)
/// is laid out as its reverse and drawn with its arrow at the view model's end, so the view is not
/// pulled into the middle of the picture; a `reads` edge does not rank its ends (a value read when something else
/// fires, such as an action's `enabled`, would otherwise fold the graph back on itself). Edge
/// labels are external labels, placed beside their edge after the layout, not ranks of their own.
package enum DotRenderer {
    package static func render(_ graph: DataflowGraph) -> String {
        let screen = DiagramLabel.short(graph.screen)
        var out = "digraph \(quote(screen)) {\n"
        out += "  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=12, label=\(quote(screen + " — dataflow")), labelloc=t, "
            + "newrank=true, forcelabels=true, ranksep=0.55];\n"
        out += "  node [fontname=\"Helvetica\", fontsize=10, style=filled, fillcolor=white];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9];\n"
        for (g, group) in DataflowGraph.Group.allCases.enumerated() {
            let (loose, clusters) = graph.layout(of: group)
            guard !loose.isEmpty || !clusters.isEmpty else { continue }
            out += "  subgraph cluster_g\(g) {\n    label=\(quote(group.rawValue)); style=rounded; color=\"#888888\";\n"
            for node in loose { out += "    " + declaration(node, inCycle: graph.cycle.contains(node.id)) + "\n" }
            for (cluster, nodes) in clusters {
                out += "    subgraph cluster_\(cluster.id) {\n      label=\(quote(DiagramLabel.short(cluster.title))); style=\"rounded,dashed\"; color=\"#aaaaaa\";\n"
                for node in nodes { out += "      " + declaration(node, inCycle: graph.cycle.contains(node.id)) + "\n" }
                out += "    }\n"
            }
            out += "  }\n"
        }
        let first = graph.nodes.filter { $0.shape == .input || $0.shape == .param }.map(\.id)
        if !first.isEmpty { out += "  { rank=min; \(first.joined(separator: "; ")); }\n" }
        let view = graph.nodes.filter { $0.group == .view }.map(\.id)
        if !view.isEmpty { out += "  { rank=max; \(view.joined(separator: "; ")); }\n" }
        let inView = Set(view)
        var ranked: Set<String> = []
        for edge in graph.edges {
            var attributes: [String] = []
            let backward = inView.contains(edge.from) && !inView.contains(edge.to)
            switch edge.kind {
            case .feeds: break
            case .reads: attributes += ["style=dashed", "constraint=false"]
            case .sets: attributes.append("penwidth=2")
            case .calls: attributes.append("color=\"#666666\"")
            case .opens: attributes += ["style=dotted", backward ? "arrowtail=empty" : "arrowhead=empty"]
            }
            if let label = edge.label { attributes.append("xlabel=\(quote(DiagramLabel.short(label)))") }
            if graph.isInCycle(edge) { attributes += ["color=\"#d00000\"", "penwidth=3"] }
            if backward { attributes.append("dir=back") }
            let (from, to) = backward ? (edge.to, edge.from) : (edge.from, edge.to)
            if edge.kind != .reads { ranked.insert(from) }
            out += "  \(from) -> \(to)" + (attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]") + ";\n"
        }
        // The view's rank comes after every rank of the view model: an invisible edge from each
        // view model node that leads nowhere, so the two groups stand side by side. The edges go
        // into the view's last node: into its first, Graphviz hung the events screen's view
        // (navigation bar, avatar, segment, table) below the view model instead of beside it.
        if let target = view.last {
            for node in graph.nodes where node.group == .viewModel && !ranked.contains(node.id) {
                out += "  \(node.id) -> \(target) [style=invis];\n"
            }
        }
        out += "}\n"
        return out
    }

    private static func declaration(_ node: DataflowGraph.Node, inCycle: Bool) -> String {
        let (shape, fill): (String, String)
        switch node.shape {
        case .input: (shape, fill) = ("ellipse", "#e8f1ff")
        case .state: (shape, fill) = ("cylinder", "#fff4dc")
        case .param: (shape, fill) = ("parallelogram", "#ffffff")
        case .output: (shape, fill) = ("box", "#e9f7ec")
        case .streamOutput: (shape, fill) = ("box3d", "#e9f7ec")
        case .operatorStep: (shape, fill) = ("hexagon", "#f4ecff")
        case .action: (shape, fill) = ("cds", "#ffe9e6")
        case .actionState: (shape, fill) = ("box", "#ffffff")
        case .service: (shape, fill) = ("component", "#eeeeee")
        case .componentProperty: (shape, fill) = ("box", "#ffffff")
        case .componentEvent: (shape, fill) = ("oval", "#ffffff")
        case .screen: (shape, fill) = ("tab", "#ffffff")
        }
        let tooltip = DiagramLabel.isCut(node.name) ? ", tooltip=\(quote(DiagramLabel.short(node.name, DiagramLabel.tooltipMaximum)))" : ""
        let name = node.shape == .operatorStep ? folded(DiagramLabel.short(node.name)) : DiagramLabel.short(node.name)
        return "\(node.id) [label=\(quote(name + "\n" + DiagramLabel.short(node.caption))), shape=\(shape), "
            + "fillcolor=\"\(fill)\"\(tooltip)\(inCycle ? ", color=\"#d00000\", penwidth=3" : "")];"
    }

    /// A long operator, `withLatestFrom: segmentSelection` or `flatMapLatest → github.events`, on
    /// two lines at its first `: ` or ` → `: a hexagon grows with its width twice over, and a
    /// pipeline of them made the events graph half again as wide.
    static func folded(_ name: String) -> String {
        guard name.count > 18 else { return name }
        if let colon = name.range(of: ": ") { return name[..<colon.lowerBound] + ":\n" + name[colon.upperBound...] }
        if let arrow = name.range(of: " → ") { return name[..<arrow.lowerBound] + "\n→ " + name[arrow.upperBound...] }
        return name
    }

    /// A DOT string: quotes and backslashes escaped, line breaks as `\n`.
    static func quote(_ s: String) -> String {
        var out = "\""
        for c in s {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": break
            default: out.append(c)
            }
        }
        return out + "\""
    }
}
