import ScreenSpec
import SpecRuntime

/// Walks a checked spec into a ``DataflowGraph``: the same dependencies ``ScreenGraph`` compiles
/// (derived reads, pipeline ports, handlers, action triggers) plus the view's event routes.
struct DataflowGraphBuilder {
    let spec: CheckedSpec
    private var graph: DataflowGraph
    private var edgeSet: Set<DataflowGraph.Edge> = []
    /// Nodes no name reaches (a binding's computed source, a property's edit stream).
    private var hidden: Set<Int> = []
    /// A property's edit stream -> the property cell it belongs to.
    private var editsOf: [Int: Int] = [:]
    private var screens: [String] = []

    init(spec: CheckedSpec) {
        self.spec = spec
        self.graph = DataflowGraph(screen: spec.screen)
    }

    mutating func build() -> DataflowGraph {
        findHiddenNodes()
        declareComponents()
        declareViewModel()
        declareServices()
        connectDerived()
        connectPipelines()
        connectActions()
        connectHandlers()
        connectComponentEvents()
        pruneUnwiredComponentMembers()
        for screen in screens {
            graph.nodes.append(.init(id: screenID(screen), name: screen, caption: "screen", shape: .screen, group: .screens, cluster: nil))
        }
        return graph
    }

    /// A component offers many properties and events; the picture keeps those the screen uses
    /// (what the timeline shows and what is wired), and says so for a component with none.
    private mutating func pruneUnwiredComponentMembers() {
        var used: Set<String> = []
        for edge in graph.edges {
            used.insert(edge.from)
            used.insert(edge.to)
        }
        var visible: Set<String> = []
        for (i, node) in spec.nodes.enumerated() where node.visible { visible.insert(Self.nodeID(i)) }
        graph.nodes.removeAll { node in
            (node.shape == .componentProperty || node.shape == .componentEvent) && !used.contains(node.id) && !visible.contains(node.id)
        }
        for (c, component) in spec.components.enumerated() where !graph.nodes.contains(where: { $0.cluster == "c\(c)" }) {
            graph.nodes.append(.init(id: "c\(c)_unwired", name: component.name, caption: "\(component.kind) · nothing wired",
                                     shape: .componentProperty, group: .view, cluster: "c\(c)"))
        }
    }

    // MARK: ids

    static func nodeID(_ i: Int) -> String { "n\(i)" }
    static func actionID(_ a: Int) -> String { "a\(a)" }
    static func operatorID(_ p: Int, _ k: Int) -> String { "p\(p)_\(k)" }
    static func serviceID(_ s: Int) -> String { "s\(s)" }
    /// By order of first mention: a screen's name may hold letters Mermaid ids do not take.
    private func screenID(_ name: String) -> String { "screen\(screens.firstIndex(of: name) ?? screens.count)" }

    // MARK: nodes

    private mutating func findHiddenNodes() {
        var named: Set<Int> = []
        for component in spec.components {
            for p in component.properties {
                named.insert(p.node)
                if let e = p.edits { editsOf[e] = p.node }
            }
            for e in component.events { named.insert(e.node) }
        }
        for (i, node) in spec.nodes.enumerated() {
            if case .component = node.role, !named.contains(i) { hidden.insert(i) }
        }
    }

    private mutating func declareComponents() {
        for (c, component) in spec.components.enumerated() {
            let cluster = "c\(c)"
            graph.clusters.append(.init(id: cluster, title: "\(component.name) · \(component.kind)", group: .view))
            for p in component.properties {
                add(p.node, caption: "\(spec.nodes[p.node].type)", shape: .componentProperty, group: .view, cluster: cluster)
            }
            for e in component.events {
                let type = spec.nodes[e.node].type
                add(e.node, caption: type == .void ? "event" : "event · \(type)", shape: .componentEvent, group: .view, cluster: cluster)
            }
        }
    }

    private mutating func declareViewModel() {
        let streamOf = Dictionary(spec.streams.enumerated().map { ($1.output, $0) }, uniquingKeysWith: { a, _ in a })
        for (i, node) in spec.nodes.enumerated() {
            switch node.role {
            case .input:
                let caption: String
                switch node.kind {
                case .property: caption = "input property · \(node.type)"
                default: caption = node.type == .void ? "input event" : "input stream · \(node.type)"
                }
                add(i, caption: caption, shape: .input, group: .viewModel)
            case .state:
                add(i, caption: "state · \(node.type)", shape: .state, group: .viewModel)
            case .param:
                add(i, caption: "param · \(node.type)", shape: .param, group: .viewModel)
            case .output:
                if let p = streamOf[i], let period = spec.streams[p].timer?.period, let output = node.everyTickOf {
                    // The hidden interval of an output with `every:` (DeclarationsPass.swift).
                    graph.nodes.append(.init(id: Self.nodeID(i), name: "every \(TimerPlan.text(period))",
                                             caption: "ticks '\(output)'", shape: .streamOutput, group: .viewModel, cluster: nil))
                } else if let p = streamOf[i] {
                    let plan = spec.streams[p]
                    add(i, caption: "stream output\(plan.holdsValue ? " (holds value)" : "") · \(node.type)", shape: .streamOutput, group: .viewModel)
                    for (k, op) in plan.operators.enumerated() {
                        graph.nodes.append(.init(id: Self.operatorID(p, k), name: operatorLabel(op), caption: "operator \(k + 1) of \(plan.operators.count)",
                                                 shape: .operatorStep, group: .viewModel, cluster: nil))
                    }
                } else if isStreamErrors(i) {
                    add(i, caption: "request errors · \(node.type)", shape: .streamOutput, group: .viewModel)
                } else if spec.invariants.contains(where: { $0.node == i }) {
                    add(i, caption: "invariant · \(node.type)", shape: .output, group: .viewModel)
                } else {
                    add(i, caption: "output · \(node.type)", shape: .output, group: .viewModel)
                }
            case .actionCompletions(let a) where spec.actions[a].completions == nil:
                // Never fed: nothing in the spec reads it.
                continue
            case .actionEnabled(let a), .actionExecuting(let a), .actionElements(let a), .actionErrors(let a), .actionCompletions(let a):
                let cluster = "act\(a)"
                if !graph.clusters.contains(where: { $0.id == cluster }) {
                    graph.clusters.append(.init(id: cluster, title: "action \(spec.actions[a].name)", group: .viewModel))
                    graph.nodes.append(.init(id: Self.actionID(a), name: spec.actions[a].name, caption: "action",
                                             shape: .action, group: .viewModel, cluster: cluster))
                }
                add(i, caption: "\(node.type)", shape: .actionState, group: .viewModel, cluster: cluster)
            case .component, .actionWork:
                // An action's work written as a stream is drawn as its action's call.
                continue
            }
        }
    }

    private func isStreamErrors(_ node: Int) -> Bool { spec.streams.contains { $0.errors == node } }

    private mutating func declareServices() {
        for (s, service) in spec.services.enumerated() {
            graph.nodes.append(.init(id: Self.serviceID(s), name: service.name, caption: "service · \(service.returns) · \(service.latency)ms",
                                     shape: .service, group: .services, cluster: nil))
        }
    }

    private mutating func add(_ i: Int, caption: String, shape: DataflowGraph.Shape, group: DataflowGraph.Group, cluster: String? = nil) {
        graph.nodes.append(.init(id: Self.nodeID(i), name: spec.nodes[i].name, caption: caption, shape: shape, group: group, cluster: cluster))
    }

    /// The operator and its argument as written, shortened (`filter: $0.count > 2`), so the
    /// picture says what the step does; a request names the service it calls.
    private func operatorLabel(_ op: OperatorPlan) -> String {
        if let call = op.serviceCall { return "\(op.name) → \(spec.services[call.service].name)" }
        if let written = op.written { return "\(op.name): \(written)" }
        if let n = op.arguments.count { return "\(op.name)(\(n))" }
        if let ms = op.arguments.duration { return "\(op.name)(\(ms)ms)" }
        return op.name
    }

    // MARK: edges

    private mutating func connect(_ from: String, _ to: String, _ kind: DataflowGraph.EdgeKind, _ label: String? = nil) {
        let edge = DataflowGraph.Edge(from: from, to: to, kind: kind, label: label)
        if edgeSet.insert(edge).inserted { graph.edges.append(edge) }
    }

    /// Where a node's emissions come from in the picture: itself, or what a hidden node stands for.
    private func sources(of node: Int) -> [(id: String, label: String?)] {
        guard spec.nodes.indices.contains(node) else { return [] }
        if let cell = editsOf[node] { return [(Self.nodeID(cell), "edits")] }
        guard hidden.contains(node) else { return [(Self.nodeID(node), nil)] }
        if case .derived(let expr) = spec.nodes[node].kind { return expr.nodeReads().flatMap(sources(of:)) }
        return []
    }

    private mutating func connectDerived() {
        for (i, node) in spec.nodes.enumerated() where !hidden.contains(i) {
            guard case .derived(let expr) = node.kind else { continue }
            for read in expr.nodeReads() {
                for source in sources(of: read) { connect(source.id, Self.nodeID(i), .feeds) }
            }
            for screen in expr.navigationScreens() { opens(Self.nodeID(i), screen) }
        }
    }

    private mutating func connectPipelines() {
        for (p, plan) in spec.streams.enumerated() {
            let out = Self.nodeID(plan.output)
            // An action's work written as a stream is drawn as the action: what its request
            // reads and calls are the action's edges.
            let work: Int? = if case .actionWork(let a) = spec.nodes[plan.output].role { a } else { nil }
            var previous = work == nil ? sources(of: plan.source) : []
            for (k, op) in plan.operators.enumerated() {
                let id = work.map(Self.actionID) ?? Self.operatorID(p, k)
                for source in previous { connect(source.id, id, .feeds, source.label) }
                previous = [(id, nil)]
                // A request's own `ops:` listen from its inner streams: the edge names that operator.
                for (secondary, reader) in op.listenedSources {
                    let kind: DataflowGraph.EdgeKind
                    let label: String
                    switch OperatorCatalog.entry(named: reader.name)?.edge ?? .feeds(nil) {
                    case .reads(let text): (kind, label) = (.reads, text)
                    case .feeds(let text): (kind, label) = (.feeds, text ?? reader.name)
                    }
                    for source in sources(of: secondary) { connect(source.id, id, kind, label) }
                }
                for expr in op.expressions {
                    for read in expr.nodeReads() { for source in sources(of: read) { connect(source.id, id, .reads, "reads") } }
                    for screen in expr.navigationScreens() { opens(id, screen) }
                }
                if let call = op.serviceCall, work.map({ spec.actions[$0].service != call.service }) ?? true {
                    connect(id, Self.serviceID(call.service), .calls, "calls")
                    if let errors = plan.errors { connect(id, Self.nodeID(errors), .feeds, "errors") }
                }
            }
            if work == nil { for source in previous { connect(source.id, out, .feeds, source.label) } }
        }
    }

    private mutating func connectActions() {
        for (a, action) in spec.actions.enumerated() {
            let id = Self.actionID(a)
            if let trigger = action.trigger {
                for source in sources(of: trigger) { connect(source.id, id, .feeds, "trigger") }
            }
            connect(Self.nodeID(action.enabled), id, .reads, "enabled")
            for expr in action.arguments {
                for read in expr.nodeReads() { for source in sources(of: read) { connect(source.id, id, .reads, "reads") } }
            }
            if spec.services.indices.contains(action.service) { connect(id, Self.serviceID(action.service), .calls, "calls") }
            connect(id, Self.nodeID(action.executing), .sets)
            connect(id, Self.nodeID(action.elements), .feeds)
            connect(id, Self.nodeID(action.errors), .feeds)
            if let completions = action.completions { connect(id, Self.nodeID(completions), .feeds) }
        }
    }

    private mutating func connectHandlers() {
        for handler in spec.handlers {
            for (t, target) in handler.targets.enumerated() where !hidden.contains(target) {
                let to = Self.nodeID(target)
                let isView: Bool
                if case .component = spec.nodes[target].role { isView = true } else { isView = false }
                // A property's edits written into the view model are the two-way binding's way back.
                for source in sources(of: handler.on) {
                    connect(source.id, to, .sets, isView ? "binds" : source.label ?? "sets")
                }
                guard t < handler.values.count else { continue }
                for read in handler.values[t].nodeReads() where read != target {
                    for source in sources(of: read) { connect(source.id, to, .reads, "reads") }
                }
                // What its `if:` reads decides whether the target is written at all.
                for read in handler.condition?.nodeReads() ?? [] where read != target && read != handler.on {
                    for source in sources(of: read) { connect(source.id, to, .reads, "if") }
                }
            }
        }
        // The rows of `cells:` follow their list, and each row's input writes them.
        for cells in spec.cells where !hidden.contains(cells.node) {
            for source in sources(of: cells.source) { connect(source.id, Self.nodeID(cells.node), .reads, "rows") }
            for input in cells.inputs { connect(Self.nodeID(input.node), Self.nodeID(cells.node), .sets, "row") }
            // A row's own action calls a service of the screen, from each row.
            for action in cells.actions ?? [] where spec.services.indices.contains(action.service) {
                connect(Self.nodeID(cells.node), Self.serviceID(action.service), .calls, "calls")
            }
        }
    }

    private mutating func connectComponentEvents() {
        for component in spec.components {
            for event in component.events {
                let from = Self.nodeID(event.node)
                for input in event.feeds { connect(from, Self.nodeID(input), .feeds, "fires") }
                for a in event.actions { connect(from, Self.actionID(a), .feeds, "executes") }
            }
        }
    }

    private mutating func opens(_ from: String, _ screen: String) {
        if !screens.contains(screen) { screens.append(screen) }
        connect(from, screenID(screen), .opens, "opens")
    }
}
