/// A node of a checked spec (an input, state, an output, `login.enabled`, a stream), looked up
/// by name once with ``CheckedSpec/handle(named:)`` and then used to read a ``ScreenGraph`` and to
/// tell its emissions apart, with no name lookup per change.
///
/// A handle belongs to the program it was looked up in; it is an index into its nodes.
public struct NodeHandle: Hashable, Sendable {
    /// The node's index in the program's nodes.
    @usableFromInline package let index: Int

    /// The handle of node `index`, for the modules of this package.
    @inlinable package init(index: Int) { self.index = index }
}

/// An input property, state, event or value stream of a checked spec: what
/// ``ScreenGraph/set(_:to:)-(InputHandle,_)`` and ``ScreenGraph/send(_:_:)-(InputHandle,_)``
/// take. Looked up once with ``CheckedSpec/input(named:)``.
public struct InputHandle: Hashable, Sendable {
    /// The input's index in the program's nodes.
    @usableFromInline package let index: Int

    /// The handle of input node `index`, for the modules of this package.
    @inlinable package init(index: Int) { self.index = index }

    /// The same node as a ``NodeHandle``, to read its value or recognise its emissions.
    @inlinable public var node: NodeHandle { NodeHandle(index: index) }
}

/// An action of a checked spec (`actions:`), looked up once with ``CheckedSpec/action(named:)``:
/// what ``ScreenGraph/execute(_:input:)`` takes.
public struct ActionHandle: Hashable, Sendable {
    /// The action's index in the program's actions.
    @usableFromInline package let index: Int

    /// The handle of action `index`, for the modules of this package.
    @inlinable package init(index: Int) { self.index = index }
}

/// A checked spec's nodes and actions by name: dictionaries built once per program (when the
/// front end builds it, or a compiled spec is loaded), so that looking a name up is a hash, not
/// a search through every node.
///
/// The program's tables are `package var`s that tools copy and edit (a mutant, an explored
/// variant); an index that no longer matches is never trusted: a lookup checks the name at the
/// index it found and otherwise searches, so an edited program answers correctly, only slower.
package struct NameIndex: Sendable {
    private var nodes: [String: Int] = [:]
    private var actions: [String: Int] = [:]

    /// An empty index: every lookup searches.
    package init() {}

    /// The index of `spec`'s nodes and actions; the first declaration of a name wins, as a search would.
    package init(_ spec: CheckedSpec) {
        nodes.reserveCapacity(spec.nodes.count)
        for (i, node) in spec.nodes.enumerated() where nodes[node.name] == nil { nodes[node.name] = i }
        for (i, action) in spec.actions.enumerated() where actions[action.name] == nil { actions[action.name] = i }
    }

    /// The first node of `spec` named `name`.
    package func node(_ name: String, in spec: CheckedSpec) -> Int? {
        if let i = nodes[name], i < spec.nodes.count, spec.nodes[i].name == name { return i }
        return spec.nodes.firstIndex { $0.name == name }
    }

    /// The first action of `spec` named `name`.
    package func action(_ name: String, in spec: CheckedSpec) -> Int? {
        if let i = actions[name], i < spec.actions.count, spec.actions[i].name == name { return i }
        return spec.actions.firstIndex { $0.name == name }
    }
}

/// What an embedder reads of a checked spec: names, and handles looked up by name once. The
/// program's tables themselves are the engine's intermediate representation (`package`).
extension CheckedSpec {
    /// The screen's name (`screen:`).
    public var screenName: String { screen }

    /// The scenarios' names in declaration order; ``ScenarioRunner/run(_:scenario:params:entryLimit:eventLimit:valueSizeLimit:recordedSizeLimit:workLimit:coverage:)``
    /// takes a scenario by its position here.
    public var scenarioNames: [String] { scenarios.map(\.name) }

    /// Every node's name (inputs, state, outputs, actions' nodes, view components), in the
    /// program's order.
    public var nodeNames: [String] { nodes.map(\.name) }

    /// The node named `name` (`email`, `canLogin`, `login.enabled`), nil when there is none.
    public func handle(named name: String) -> NodeHandle? {
        node(named: name).map(NodeHandle.init(index:))
    }

    /// The input property, state, event or value stream named `name`; nil when there is none or
    /// `name` is not one the view or a scenario writes (an output, an action's node).
    public func input(named name: String) -> InputHandle? {
        guard let index = node(named: name) else { return nil }
        switch nodes[index].role {
        case .input, .state: return InputHandle(index: index)
        default: return nil
        }
    }

    /// The action named `name` (`login`), nil when there is none.
    public func action(named name: String) -> ActionHandle? {
        actionIndex(named: name).map(ActionHandle.init(index:))
    }
}
