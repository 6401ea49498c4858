/// A spec that passed every check: the runtime's only input.
///
/// Every observable thing is a graph node, indexed by position in ``nodes``; ``rank`` orders them
/// so that each node comes after everything it reads or is written by. Nothing here is looked up
/// by name at run time.
public struct CheckedSpec: Sendable {
    package var screen: String
    package var file: String
    package var types: TypeTable
    package var nodes: [NodeDecl]
    /// The topological position of each node: propagation runs in increasing rank.
    package var rank: [Int]
    package var actions: [ActionPlan]
    package var handlers: [HandlerPlan]
    package var services: [ServicePlan]
    package var scenarios: [ScenarioPlan]
    /// The nodes of `params:`, in declaration order.
    package var params: [Int]
    /// Stream outputs: operator pipelines, each feeding its output node.
    package var streams: [StreamPlan] = []
    /// `unreachable:` marks, for `specrun coverage`.
    package var coverageMarks: [CoverageMark] = []
    /// The view's components (`view:`) and how each is wired, in declaration order.
    package var components: [ComponentPlan] = []
    /// `invariants:`, each a hidden Bool node evaluated after each step (not during propagation),
    /// in declaration order.
    package var invariants: [InvariantPlan] = []
    /// `explore:` with its defaults.
    package var explore = ExplorePlan()
    /// `cells:`: cell view models instantiated per element of a list, in declaration order.
    package var cells: [CellsPlan] = []
    /// States whose `initial:` reads the screen's parameters, in declaration order (see
    /// ``StateInitialPlan``).
    package var stateInitials: [StateInitialPlan] = []
    /// Nodes and actions by name, built once with the program (see ``NameIndex``); not encoded.
    package var names = NameIndex()

    /// The encoded fields: everything but ``names``, which loading builds again.
    private enum CodingKeys: String, CodingKey {
        case screen, file, types, nodes, rank, actions, handlers, services, scenarios, params, streams
        case coverageMarks, components, invariants, explore, cells, stateInitials
    }

    /// The node declared with `name`, through the name index built once per program (a dictionary,
    /// not a search); the runtime itself uses indices.
    package func node(named name: String) -> Int? { names.node(name, in: self) }

    /// The action declared with `name`, through the same index.
    package func actionIndex(named name: String) -> Int? { names.action(name, in: self) }

    /// The longest name the timeline shows, to align its columns.
    package var longestVisibleName: Int { nodes.filter(\.visible).map(\.name.count).max() ?? 0 }

    /// Memberwise, at `package` access: the front end builds the program.
    package init(
        screen: String,
        file: String,
        types: TypeTable,
        nodes: [NodeDecl],
        rank: [Int],
        actions: [ActionPlan],
        handlers: [HandlerPlan],
        services: [ServicePlan],
        scenarios: [ScenarioPlan],
        params: [Int],
        streams: [StreamPlan] = [],
        coverageMarks: [CoverageMark] = [],
        components: [ComponentPlan] = [],
        invariants: [InvariantPlan] = [],
        explore: ExplorePlan = ExplorePlan()
    ) {
        self.screen = screen
        self.file = file
        self.types = types
        self.nodes = nodes
        self.rank = rank
        self.actions = actions
        self.handlers = handlers
        self.services = services
        self.scenarios = scenarios
        self.params = params
        self.streams = streams
        self.coverageMarks = coverageMarks
        self.components = components
        self.invariants = invariants
        self.explore = explore
        names = NameIndex(self)
    }
}

package struct NodeDecl: Sendable {
    package enum Kind: Sendable {
        /// An input property: the view writes it; it has a current value.
        case property(initial: Value)
        /// An event or value stream: no current value, it fires.
        case stream
        /// State the view model writes.
        case state(initial: Value)
        /// A screen parameter: set once when the screen is built.
        case param
        /// An expression over current values.
        case derived(TypedExpr)
    }

    package enum Role: Sendable {
        case input, state, output, param
        case actionEnabled(Int), actionExecuting(Int), actionElements(Int), actionErrors(Int), actionCompletions(Int)
        /// The hidden nodes of an action whose work is a stream (see ``ActionWorkPlan``).
        case actionWork(Int)
        /// A view component's property, event or delegate callback (`view:`).
        case component
    }

    package var name: String
    package var type: SpecType
    package var kind: Kind
    package var role: Role
    /// Whether the timeline shows its emissions.
    package var visible: Bool
    package var range: SpecRange

    /// The name of the hidden interval of an output with `every:`, `<output>$every`.
    package static func everyTickName(of output: String) -> String { output + everyTickSuffix }
    private static let everyTickSuffix = "$every"

    /// The output this node is the hidden interval of (`every:`), nil for any other node.
    package var everyTickOf: String? {
        guard !visible, case .output = role, name.hasSuffix(Self.everyTickSuffix) else { return nil }
        return String(name.dropLast(Self.everyTickSuffix.count))
    }

    package var hasCurrentValue: Bool {
        if case .stream = kind { return false }
        return true
    }

    /// Memberwise, at `package` access: the front end builds the program.
    package init(name: String, type: SpecType, kind: Kind, role: Role, visible: Bool, range: SpecRange) {
        self.name = name
        self.type = type
        self.kind = kind
        self.role = role
        self.visible = visible
        self.range = range
    }
}

/// The pipeline that runs an action's work written as a stream: its element is the execution's
/// input, its one operator a `flatMap` of the work's request. An inner stream's elements are the
/// action's elements, its error the action's error; its end ends the execution.
package struct ActionWorkPlan: Sendable, Equatable {
    /// The index in ``CheckedSpec/streams``.
    package var pipeline: Int
    /// The hidden node an execution sends its input to: the pipeline's source.
    package var executions: Int

    package init(pipeline: Int, executions: Int) {
        self.pipeline = pipeline
        self.executions = executions
    }

    /// The work's request, its pipeline's one operator, among `streams` (the program's, or the
    /// checker's as it builds them); nil when the pipeline is not there.
    package func request(in streams: [StreamPlan]) -> RequestPlan? {
        guard streams.indices.contains(pipeline) else { return nil }
        return streams[pipeline].operators.first?.arguments.request
    }
}

package struct ActionPlan: Sendable {
    package var name: String
    /// The type of value each execution takes (`Action<Input, Element>`'s `Input`); `Void` for none.
    package var input: SpecType = .void
    package var trigger: Int?
    package var enabled: Int
    package var executing: Int
    package var elements: Int
    package var errors: Int
    /// `<name>.completions`: `()` each time the work completes (not when it fails or is refused),
    /// as `CompletableAction.completions`. Nil when nothing in the spec reads it: its node
    /// exists (the name resolves) but is hidden and never fed.
    package var completions: Int?
    package var service: Int
    package var argumentNames: [String]
    package var arguments: [TypedExpr]
    /// Work written as a stream (`ops:`, `just:`, `timer:`, a choice): each execution sends its
    /// input to a hidden node whose pipeline subscribes to the work, as `flatMap` would. Then
    /// ``service`` is the service it calls when that is always one, else -1, and ``arguments``
    /// are empty: the pipeline's request holds them.
    package var work: ActionWorkPlan?

    /// Memberwise, at `package` access: the front end builds the program.
    package init(
        name: String,
        input: SpecType = .void,
        trigger: Int? = nil,
        enabled: Int,
        executing: Int,
        elements: Int,
        errors: Int,
        completions: Int? = nil,
        service: Int,
        argumentNames: [String],
        arguments: [TypedExpr]
    ) {
        self.name = name
        self.input = input
        self.trigger = trigger
        self.enabled = enabled
        self.executing = executing
        self.elements = elements
        self.errors = errors
        self.completions = completions
        self.service = service
        self.argumentNames = argumentNames
        self.arguments = arguments
    }
}

package struct HandlerPlan: Sendable {
    package var on: Int
    package var targets: [Int]
    package var values: [TypedExpr]
    /// How runtime errors name it; nil: `handler on 'name'`. Bindings say where they are written.
    package var label: String? = nil
    /// A binding from a source with a current value applies it when the screen starts, as an Rx
    /// subscription to a `BehaviorRelay` or a `ControlProperty` receives the current value.
    package var startValue: Int? = nil
    /// Per target, the values it can take; a value outside them is a runtime binding error.
    package var constraints: [ValueConstraint?] = []
    /// Where the author wrote it (a `handlers:` or `bindings:` entry), for coverage; nil for the
    /// wiring the checker derives from `view:` (binders, two-way properties, action buttons).
    package var written: SpecRange? = nil
    /// `if:`: a `Bool` read before any value is computed; when false the handler does nothing. A
    /// probe of kind ``ProbeSite/Kind/guard`` wraps it, so coverage sees it true and false.
    package var condition: TypedExpr? = nil

    /// Memberwise, at `package` access: the front end builds the program.
    package init(
        on: Int,
        targets: [Int],
        values: [TypedExpr],
        label: String? = nil,
        startValue: Int? = nil,
        constraints: [ValueConstraint?] = [],
        written: SpecRange? = nil
    ) {
        self.on = on
        self.targets = targets
        self.values = values
        self.label = label
        self.startValue = startValue
        self.constraints = constraints
        self.written = written
    }
}

package struct ScenarioPlan: Sendable {
    package var name: String
    package var range: SpecRange
    package var steps: [StepPlan]
    /// The screen's parameters for this scenario, in the order of ``CheckedSpec/params``.
    package var params: [Value] = []
    /// Services this scenario replaces: index into ``CheckedSpec/services`` and the new plan.
    package var services: [(index: Int, plan: ServicePlan)] = []

    /// The spec with this scenario's service overrides applied.
    package func applying(to spec: CheckedSpec) -> CheckedSpec {
        guard !services.isEmpty else { return spec }
        var copy = spec
        for (index, plan) in services where copy.services.indices.contains(index) { copy.services[index] = plan }
        return copy
    }

    /// Memberwise, at `package` access: the front end builds the program.
    package init(
        name: String,
        range: SpecRange,
        steps: [StepPlan],
        params: [Value] = [],
        services: [(index: Int, plan: ServicePlan)] = []
    ) {
        self.name = name
        self.range = range
        self.steps = steps
        self.params = params
        self.services = services
    }
}

package struct StepPlan: Sendable {
    package enum Kind: Sendable {
        /// Write an input property (or state).
        case set(node: Int, value: Value)
        /// Fire an event or value input.
        case send(node: Int, value: Value)
        /// Execute an action directly with an input.
        case execute(action: Int, value: Value)
        case wait(milliseconds: Int)
        /// The node's latest value must equal `value`.
        case expect(node: Int, value: Value)
        /// The node's stream must have ended so (`expect: { out: completed }`).
        case expectEnd(node: Int, end: StreamEnd)
        /// A `Bool` expression over current values must hold (`expect: messages.count == 4`).
        case expectThat(TypedExpr)
        /// Service `service` must have been called `count` times so far (`expect: { api.matches.calls: 4 }`),
        /// RxTest's count of a mock's subscriptions.
        case expectCalls(service: Int, count: Int)
        /// End an input event or value stream (`complete:`, `fail:`).
        case end(node: Int, end: StreamEnd)
        /// `complete:` or `fail:` on an action: its inputs ignore ends, as the `Action` library's
        /// `InputSubject` does; the step is shown and nothing happens.
        case endAction(action: Int, end: StreamEnd)
        /// A person acting on a component (`tap:`, `type:`, `slide:` ...).
        case gesture(GesturePlan)
        /// Fire input `input` of the row of `cells:` entry `cells` whose identity is `row`, with
        /// `value` (`send: { cart.remove: { row: 2 } }`). A gesture on a component of the row
        /// (`tap: { cart.plusButton: { row: 2 } }`) carries ``RowGesture``: the engine plays what
        /// it fires, `input` being the first input it fires, for the tools that list a row's.
        case sendRow(cells: Int, input: Int, row: Value, value: Value, gesture: RowGesture? = nil)
        /// Execute action `action` of the row of `cells:` entry `cells` whose identity is `row`
        /// directly with `value` (`send: { settings.save: { row: wifi, value: true } }`), as
        /// RxSwift's `cellViewModel.save.execute(true)`: refused with `notEnabled` on that row's
        /// errors while it executes or its `enabledIf:` is false; its trigger's handlers do not run.
        case executeRow(cells: Int, action: Int, row: Value, value: Value)
        /// An observer subscribes to a node now (`subscribe: { late: results }`), as RxTest's
        /// observer subscribed late: it hears what the node gives a new observer (its current value
        /// or its end), then each emission and the end, under its own name, until disposed.
        case subscribe(observer: String, node: Int)
        /// An observer's subscription is disposed (`dispose: late`): nothing reaches it after.
        case dispose(observer: String)
    }

    package var kind: Kind
    /// How the step reads in a timeline, such as `set email = "a@b.c"`.
    package var text: String
    package var range: SpecRange

    /// Memberwise, at `package` access: the front end builds the program.
    package init(kind: Kind, text: String, range: SpecRange) {
        self.kind = kind
        self.text = text
        self.range = range
    }
}

/// The records and enums a spec declares.
package struct TypeTable: Sendable {
    package var records: [String: [(name: String, type: SpecType)]] = [:]
    package var enums: [String: [String]] = [:]
    /// Types whose declarations failed (reported once): naming them fails quietly.
    package var failed: Set<String> = []
    /// The record types a service's `errorBody:` names: those `error.body(Type)` may ask for.
    /// The checker's alone: a compiled program has its calls resolved, so it is not written.
    package var errorBodies: Set<String> = []
    /// For a row's record type, the index of its first view field (`titleLabel.text`): the
    /// fields from there on are what the row's view shows, derived from the row, so a value a
    /// spec writes may leave them out (see ``Value/matches(_:)``). Not written in a compiled
    /// program: ``CompiledSpec/load(json:)`` makes it again from the cells' plans
    /// (``CheckedSpec/rowViewFieldStarts``).
    package var viewFields: [String: Int] = [:]

    /// Whether `type` is or contains a type whose declaration failed.
    package func mentionsFailed(_ type: SpecType) -> Bool {
        switch type {
        case .record(let name), .enumeration(let name): return failed.contains(name)
        case .optional(let t), .list(let t): return mentionsFailed(t)
        default: return false
        }
    }

    package init() {}
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension CheckedSpec: Codable {}
extension NodeDecl: Codable {}
extension NodeDecl.Kind: Codable {}
extension NodeDecl.Role: Codable {}
extension ActionPlan: Codable {}
extension ActionWorkPlan: Codable {}
extension HandlerPlan: Codable {}
extension StepPlan: Codable {}
extension StepPlan.Kind: Codable {}
