import SpecRuntime

/// Renders a ``DataflowGraph`` in Graphviz's DOT language: groups and clusters are `cluster_`
/// subgraphs, edge kinds are line styles. Every label is cut to ``DiagramLabel/maximum``
/// characters; a node whose name was cut keeps more of it as its tooltip.
package enum DotRenderer {
    package static func render(_ graph: DataflowGraph) -> String {
        let screen = DiagramLabel.short(graph.screen)
        var out = "digraph \(quote(screen)) {\n"
        out += "  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=12, label=\(quote(screen + " — dataflow")), labelloc=t];\n"
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
        for edge in graph.edges {
            var attributes: [String] = []
            switch edge.kind {
            case .feeds: break
            case .reads: attributes.append("style=dashed")
            case .sets: attributes.append("penwidth=2")
            case .calls: attributes.append("color=\"#666666\"")
            case .opens: attributes += ["style=dotted", "arrowhead=empty"]
            }
            if let label = edge.label { attributes.append("label=\(quote(DiagramLabel.short(label)))") }
            if graph.isInCycle(edge) { attributes += ["color=\"#d00000\"", "penwidth=3"] }
            out += "  \(edge.from) -> \(edge.to)" + (attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]") + ";\n"
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
        return "\(node.id) [label=\(quote(DiagramLabel.short(node.name) + "\n" + DiagramLabel.short(node.caption))), shape=\(shape), "
            + "fillcolor=\"\(fill)\"\(tooltip)\(inCycle ? ", color=\"#d00000\", penwidth=3" : "")];"
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
