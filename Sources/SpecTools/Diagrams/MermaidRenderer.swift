import SpecRuntime

/// Renders a ``DataflowGraph`` as a Mermaid flowchart, which GitHub and GitLab draw inside
/// markdown (a ```` ```mermaid ```` block). Every label is cut to ``DiagramLabel/maximum`` characters.
package enum MermaidRenderer {
    package static func render(_ graph: DataflowGraph) -> String {
        var out = "flowchart LR\n"
        for group in DataflowGraph.Group.allCases {
            let (loose, clusters) = graph.layout(of: group)
            guard !loose.isEmpty || !clusters.isEmpty else { continue }
            out += "  subgraph \(groupID(group))[\"\(escape(group.rawValue))\"]\n"
            for node in loose { out += "    " + declaration(node) + "\n" }
            for (cluster, nodes) in clusters {
                out += "    subgraph \(cluster.id)[\"\(escape(DiagramLabel.short(cluster.title)))\"]\n"
                for node in nodes { out += "      " + declaration(node) + "\n" }
                out += "    end\n"
            }
            out += "  end\n"
        }
        for edge in graph.edges {
            let label = edge.label.map { "|\(escape(DiagramLabel.short($0)))|" } ?? ""
            out += "  \(edge.from) \(arrow(edge.kind))\(label) \(edge.to)\n"
        }
        for (shape, style) in styles {
            let ids = graph.nodes.filter { $0.shape == shape }.map(\.id)
            guard !ids.isEmpty else { continue }
            out += "  classDef \(className(shape)) \(style)\n"
            out += "  class \(ids.joined(separator: ",")) \(className(shape))\n"
        }
        if !graph.cycle.isEmpty {
            // The dependency cycle that keeps the spec from loading, in red.
            out += "  classDef cycle stroke:#d00000,stroke-width:3px\n"
            out += "  class \(graph.nodes.map(\.id).filter(graph.cycle.contains).joined(separator: ",")) cycle\n"
            for (k, edge) in graph.edges.enumerated() where graph.isInCycle(edge) {
                out += "  linkStyle \(k) stroke:#d00000,stroke-width:3px\n"
            }
        }
        return out
    }

    private static func groupID(_ group: DataflowGraph.Group) -> String {
        switch group {
        case .view: return "view"
        case .viewModel: return "viewModel"
        case .services: return "services"
        case .screens: return "screens"
        }
    }

    private static func declaration(_ node: DataflowGraph.Node) -> String {
        let text = "\"\(escape(DiagramLabel.short(node.name)))<br/><small>\(escape(DiagramLabel.short(node.caption)))</small>\""
        switch node.shape {
        case .input: return "\(node.id)([\(text)])"
        case .state: return "\(node.id)[(\(text))]"
        case .param: return "\(node.id)[/\(text)/]"
        case .output, .actionState, .componentProperty: return "\(node.id)[\(text)]"
        case .streamOutput: return "\(node.id)[[\(text)]]"
        case .operatorStep: return "\(node.id){{\(text)}}"
        case .action: return "\(node.id)>\(text)]"
        case .service: return "\(node.id)[/\(text)\\]"
        case .componentEvent: return "\(node.id)([\(text)])"
        case .screen: return "\(node.id)[\\\(text)/]"
        }
    }

    private static func arrow(_ kind: DataflowGraph.EdgeKind) -> String {
        switch kind {
        case .feeds: return "-->"
        case .reads: return "-.->"
        case .sets: return "==>"
        case .calls: return "-->"
        case .opens: return "-.->"
        }
    }

    private static let styles: [(DataflowGraph.Shape, String)] = [
        (.input, "fill:#e8f1ff,stroke:#3b73c4"),
        (.state, "fill:#fff4dc,stroke:#b7861f"),
        (.output, "fill:#e9f7ec,stroke:#2f8a46"),
        (.streamOutput, "fill:#e9f7ec,stroke:#2f8a46"),
        (.operatorStep, "fill:#f4ecff,stroke:#7a4fc2"),
        (.action, "fill:#ffe9e6,stroke:#c2452f"),
        (.service, "fill:#eeeeee,stroke:#666666"),
    ]

    private static func className(_ shape: DataflowGraph.Shape) -> String {
        switch shape {
        case .input: return "input"
        case .state: return "state"
        case .output: return "output"
        case .streamOutput: return "stream"
        case .operatorStep: return "op"
        case .action: return "action"
        case .service: return "service"
        default: return "other"
        }
    }

    /// Mermaid's entity codes for what would end a quoted label or read as markup.
    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "\"": out += "#quot;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "#": out += "#35;"
            case "\n": out += " "
            default: out.append(c)
            }
        }
        return out
    }
}
