/// A spec's view model running for real: a live clock on real time, services answered by Swift
/// closures (or any ``ServiceProvider``), the spec's fakes for the rest.
///
/// ```swift
/// let screen = try LiveScreen(path: "specs/login.yaml")
/// try screen.provide("auth.signIn") { (form: SignIn) async throws in try await api.signIn(form.email) }
/// screen.start()
/// try screen.set("email", to: "someone@example.com")
/// for await enabled in try screen.values(of: "login.enabled", as: Bool.self) { ... }
/// screen.stop()
/// ```
///
/// Threads: every method may be called from any thread or task. The graph's work — inputs,
/// timers, service answers and the observers it calls — runs one job at a time (the screen's
/// serial executor), each input or answer one glitch-free transaction. A job runs on the thread
/// that submits it when no other job runs, so observers are called on that thread, with the
/// screen's lock held: an observer must not block waiting for another thread that uses the
/// screen. An observer that sets an input starts a transaction that runs right after the current
/// one. Names are checked when called (an unknown name or a value of the wrong type throws
/// ``LiveScreenError``); resolve a name once with ``node(_:)`` to skip the lookup.
public final class LiveScreen: @unchecked Sendable {
    /// The checked spec this screen runs.
    public let spec: CheckedSpec
    /// This screen among every screen of the process, stamped on the nodes it resolves: a node
    /// it resolved itself is its own without comparing names and types (``own(_:)``).
    let id = LiveScreenID.next()
    // Everything below is touched only by graph work, under `clock`'s lock.
    let graph: ScreenGraph
    let clock: LiveClock
    let calls: LiveCalls
    /// The observers of each node, in a class of its own: tokens and sequences hold it (and the
    /// clock) strongly, never the screen weakly. A weak reference gives an object a side table,
    /// and every retain and release of it then takes a slow path: for the screen and the clock,
    /// several hundred instructions per input.
    let table: LiveObservers
    /// The observers of each node (read under the clock's lock).
    var observers: [[LiveObserver]] { table.lists }
    private var nextObserverID = 0
    @exclusivity(unchecked) private var started = false
    /// Whether ``start()`` ran (read under the clock's lock).
    var hasStarted: Bool { started }
    /// Whether ``start()`` ran, read from any thread.
    var hasStartedNow: Bool { clock.read { started } }
    /// The values of the screen's `params:`, in declaration order.
    let graphParams: [Value]
    private var runtimeErrorHandler: (@Sendable (_ milliseconds: Int, _ message: String) -> Void)?

    /// A screen running `spec`, with the values of its `params:` by name (each required one, of
    /// its declared type). Nothing runs before ``start()``.
    public convenience init(spec: CheckedSpec, params: [String: Value] = [:]) throws {
        var values: [Value] = []
        for p in spec.params {
            let node = spec.nodes[p]
            guard let given = params[node.name] else {
                if node.type.isOptional {
                    values.append(.none)
                    continue
                }
                throw LiveScreenError("the screen needs its parameter '\(node.name)' of type '\(node.type)'")
            }
            values.append(try Self.conformed(given, to: node.type, of: node.name, spec.types))
        }
        let names = spec.params.map { spec.nodes[$0].name }
        for name in params.keys.sorted() where !names.contains(name) {
            throw LiveScreenError.unknown("parameter", name, among: names)
        }
        self.init(spec: spec, paramValues: values)
    }

    /// A screen running `spec` with the values of its `params:` in declaration order, already
    /// of their types (a scenario's, which the checker checked).
    package init(spec: CheckedSpec, paramValues values: [Value]) {
        self.spec = spec
        graphParams = values
        graph = ScreenGraph(program: ScreenProgram(spec), clock: VirtualClock(), params: values, reportsNone: true)
        let clock = LiveClock(clock: graph.clock)
        self.clock = clock
        // Strong: a task in flight keeps the clock (not the screen) until it answers; the clock
        // ignores jobs once stopped.
        calls = LiveCalls(services: spec.services.count, clock: graph.clock) { job in clock.run(job) }
        let table = LiveObservers(nodes: spec.nodes.count)
        self.table = table
        graph.liveCalls = calls
        for (i, service) in spec.services.enumerated() { calls.setTimeout(service.timeout, for: i) }
        // The graph is this screen's own: unowned references make no cycle and cost no
        // reference counting per emission.
        // The graph reports only the nodes someone observes (`ScreenGraph.visible`, kept by
        // `addObserver` and the removals): an emission nobody observes costs nothing here.
        graph.onEmit = { emission in table.dispatch(emission) }
        graph.hooks.end = { [unowned self] _, node, _ in finishObservers(of: node) }
        graph.hooks.runtimeError = { [unowned self] time, message in runtimeErrorHandler?(time, message) }
    }

    deinit {
        stop()
    }

    /// Starts the clock (time 0 is now) and computes and emits every initial value. Once; later
    /// calls do nothing.
    public func start() {
        // The clock first, so that the first job's time is 0.
        clock.start()
        clock.run { [self] in
            guard !started else { return }
            started = true
            graph.start()
        }
    }

    /// Stops for good: timers are dropped, calls in flight cancelled (their answers dropped),
    /// every observation ends (``values(of:)`` sequences finish), the providers are released.
    /// Nothing of the screen runs after it returns, except a provider's closure that ignores its
    /// task's cancellation, whose answer is dropped.
    public func stop() {
        clock.stop { [self] in
            calls.stopAll()
            for node in observers.indices { finishObservers(of: node) }
            runtimeErrorHandler = nil
        }
    }

    /// Called with the milliseconds since ``start()`` and a message when an expression fails at run
    /// time (an overflow, a division by zero): the node keeps its previous value and the screen
    /// goes on. Called as observers are (see the type's documentation); nil stops it.
    public func onRuntimeError(_ handler: (@Sendable (_ milliseconds: Int, _ message: String) -> Void)?) {
        clock.run { [self] in runtimeErrorHandler = handler }
    }

    /// Milliseconds of real time since ``start()``, as the screen's timers count them.
    /// After ``stop()`` it keeps the time the screen stopped at.
    public var milliseconds: Int { clock.read { clock.now } }

    // MARK: inputs

    /// A node of the screen by name (an input, state, an output, an action's `login.enabled`...),
    /// resolved once, for the methods that take a ``ScreenNode``.
    public func node(_ name: String) throws -> ScreenNode {
        guard let index = spec.node(named: name) else {
            throw LiveScreenError.unknown("input, state or output", name, among: spec.nodes.map(\.name))
        }
        return ScreenNode(spec: spec, index: index, screen: id)
    }

    /// Writes an input property or state, as the view would: one transaction. Throws for a
    /// node that is not an input or state, or a value that is not of its type.
    public func set(_ name: String, to value: Value) throws {
        try set(node(name), to: value)
    }

    /// Writes an input property or state, given as a `Codable` value of its type.
    public func set<T: Encodable>(_ name: String, to value: T) throws {
        let node = try node(name)
        try set(node, to: encoded(value, for: node))
    }

    /// Writes an input property or state resolved with ``node(_:)``.
    public func set(_ node: ScreenNode, to value: Value) throws {
        // The usual input, decided by two comparisons: a node this screen resolved, an input or
        // state of a scalar type, a value of that type as it is.
        if node.screen == id, node.takes(value, as: .cell) { return try write(node.index, value, send: false) }
        try own(node)
        guard node.role == .cell else { throw LiveScreenError("'\(node.name)' is \(node.role.article); only inputs and state can be set") }
        // A value of the node's type as it is goes through uncopied; another is conformed first.
        if node.accepts(value) {
            try write(node.index, value, send: false)
        } else {
            try write(node.index, Self.conformed(value, to: node.type, of: node.name, spec.types), send: false)
        }
    }

    /// Fires an event or value input (`send`), with its value (`()` for an event).
    public func send(_ name: String, _ value: Value = .void) throws {
        try send(node(name), value)
    }

    /// Fires a value input with a `Codable` value of its type.
    public func send<T: Encodable>(_ name: String, _ value: T) throws {
        let node = try node(name)
        try send(node, encoded(value, for: node))
    }

    /// Fires an event or value input resolved with ``node(_:)``.
    public func send(_ node: ScreenNode, _ value: Value = .void) throws {
        if node.screen == id, node.takes(value, as: .event) { return try write(node.index, value, send: true) }
        try own(node)
        guard node.role == .event else {
            // A child's input (`shipping.postcode`), sent to its one row (LiveScreen+Children.swift).
            if let input = childInput(node) { return try sendRow(input, row: .int(0), value) }
            throw refusalToSend(node)
        }
        if node.accepts(value) {
            try write(node.index, value, send: true)
        } else {
            try write(node.index, Self.conformed(value, to: node.type, of: node.name, spec.types), send: true)
        }
    }

    /// Sets or sends a value already of the node's type: one lock and one clock read per input,
    /// no closure; the usual case runs the transaction right here (see `LiveClock.enter()`).
    @inline(__always)
    private func write(_ index: Int, _ value: Value, send: Bool) throws {
        switch clock.enter() {
        case .ran:
            guard started else {
                clock.leave()
                throw LiveScreenError.notStarted
            }
            if send { graph.send(index, value) } else { graph.set(index, to: value) }
            clock.leave()
        case .busy:
            let graph = self.graph
            clock.run { if send { graph.send(index, value) } else { graph.set(index, to: value) } }
        case .stopped:
            throw LiveScreenError.stopped
        }
    }

    /// Executes an action by name, as its trigger would, with its input (`()` for none).
    public func execute(_ action: String, input: Value = .void) throws {
        guard let index = spec.actionIndex(named: action) else {
            throw LiveScreenError.unknown("action", action, among: spec.actions.map(\.name))
        }
        let value = try Self.conformed(input, to: spec.actions[index].input, of: action, spec.types)
        let graph = self.graph
        if try !ranNow({ graph.execute(action: index, input: value) }) { clock.run { graph.execute(action: index, input: value) } }
    }

    // MARK: reading

    /// The node's current value (its latest emission for a stream); nil before it has one.
    public func value(of name: String) throws -> Value? {
        try value(of: node(name))
    }

    /// The current value of a node resolved with ``node(_:)``; nil for a node of another screen's
    /// spec.
    public func value(of node: ScreenNode) -> Value? {
        guard owns(node) else { return nil }
        let graph = self.graph
        return clock.read { graph.value(of: node.index) }
    }

    /// The node's current value as a `Codable` type of its shape; nil before it has one. A value
    /// that does not decode as `T` throws ``LiveScreenError``.
    public func value<T: Decodable>(of name: String, as type: T.Type) throws -> T? {
        try value(of: name).map { try Self.decoded($0, as: T.self, of: name) }
    }

    // MARK: helpers

    func nextObserverIDAndIncrement() -> Int {
        defer { nextObserverID += 1 }
        return nextObserverID
    }

    /// Runs an input as a job now, on this thread, when no job runs: the usual case, with nothing
    /// allocated. False when an observer on this thread makes it: the caller queues it to run after
    /// the current job (jobs run only once started, so that one is too).
    @inline(__always)
    func ranNow(_ job: () -> Void) throws -> Bool {
        var notStarted = false
        switch clock.runNow({ if started { job() } else { notStarted = true } }) {
        case .ran:
            if notStarted { throw LiveScreenError.notStarted }
            return true
        case .busy:
            return false
        case .stopped:
            throw LiveScreenError.stopped
        }
    }

    /// `value` as a spec value of `node`'s type; a value of another shape is the caller's mistake.
    private func encoded<T: Encodable>(_ value: T, for node: ScreenNode) throws -> Value {
        do throws(ServiceFailure) {
            return try Value(encoding: value, as: node.type, types: spec.types, path: "the value")
        } catch {
            throw LiveScreenError.wrongType(node.name, node.type, error.error.message ?? "")
        }
    }

    /// `value` as a `T`; a `T` of another shape than the node's is the caller's mistake.
    static func decoded<T: Decodable>(_ value: Value, as: T.Type, of name: String) throws -> T {
        do {
            return try value.decoded(as: T.self)
        } catch let failure as ServiceFailure {
            throw LiveScreenError.undecodable(name, T.self, failure.error.message ?? "")
        }
    }

    /// Whether `node` was resolved on a spec with this node at its index (this screen's, or one
    /// equal to it there): another screen's node would name another node here, or none.
    @inline(__always)
    func owns(_ node: ScreenNode) -> Bool {
        node.screen == id || node.index < spec.nodes.count && spec.nodes[node.index].name == node.name && spec.nodes[node.index].type == node.type
    }

    @inline(__always)
    private func own(_ node: ScreenNode) throws {
        guard owns(node) else { throw LiveScreenError("'\(node.name)' is a node of another screen's spec; resolve it with this screen's 'node(_:)'") }
    }

    static func conformed(_ value: Value, to type: SpecType, of name: String, _ types: TypeTable) throws -> Value {
        // The usual inputs, a string or a number of that type, need no walk.
        switch (type, value) {
        case (.string, .string), (.int, .int), (.bool, .bool), (.double, .double): return value
        default: break
        }
        do throws(ServiceFailure) {
            return try AnswerShape.conformed(value, to: type, types: types, path: "the value")
        } catch {
            throw LiveScreenError.wrongType(name, type, error.error.message ?? "")
        }
    }
}

/// A node of a ``LiveScreen`` resolved by name once: its name, type and what may be done to it.
public struct ScreenNode: Sendable, Hashable {
    /// The node's name in the spec, such as `email` or `login.enabled`.
    public let name: String
    /// The node's type.
    public let type: SpecType
    let index: Int
    let role: Role
    /// The screen that resolved it (see ``LiveScreen/node(_:)``); not part of its identity: a
    /// node of the same spec resolved by another screen is equal, and that screen takes it too.
    let screen: Int
    /// The value case its type takes as it is, when that is a plain scalar: an input of such a
    /// node needs no conformance walk (``accepts(_:)``).
    private let scalar: Scalar
    /// `scalar` for an input or state (`set`), `.other` for any other node.
    private let cellScalar: Scalar
    /// `scalar` for an event or value input (`send`), `.other` for any other node.
    private let eventScalar: Scalar

    private enum Scalar: Sendable { case string, int, bool, double, other }

    enum Role: Sendable, Hashable {
        /// An input property or state: `set`.
        case cell
        /// An event or value input: `send`.
        case event
        /// Anything else: read and observe only.
        case other

        var article: String {
            switch self {
            case .cell: return "an input"
            case .event: return "an event"
            case .other: return "not an input"
            }
        }
    }

    init(spec: CheckedSpec, index: Int, screen: Int) {
        let node = spec.nodes[index]
        name = node.name
        type = node.type
        self.index = index
        self.screen = screen
        switch node.type {
        case .string: scalar = .string
        case .int: scalar = .int
        case .bool: scalar = .bool
        case .double: scalar = .double
        default: scalar = .other
        }
        switch (node.role, node.kind) {
        case (.input, .property), (.state, .state), (.component, .property): role = .cell
        case (.input, .stream), (.component, .stream): role = .event
        default: role = .other
        }
        cellScalar = role == .cell ? scalar : .other
        eventScalar = role == .event ? scalar : .other
    }

    /// Whether `value` is of the node's type as it is: a string, number or Bool input of that
    /// type, the usual case, decided by one switch over values precomputed when resolved.
    @inline(__always)
    func accepts(_ value: Value) -> Bool {
        switch (scalar, value) {
        case (.string, .string), (.int, .int), (.bool, .bool), (.double, .double): return true
        default: return false
        }
    }

    /// Whether the node has `role` and `value` is of its type as it is: ``accepts(_:)`` and the
    /// role in one switch.
    @inline(__always)
    func takes(_ value: Value, as role: Role) -> Bool {
        switch (role == .cell ? cellScalar : eventScalar, value) {
        case (.string, .string), (.int, .int), (.bool, .bool), (.double, .double): return true
        default: return false
        }
    }

    /// Nodes are equal when they are the same node of the same spec, whichever screen resolved them.
    public static func == (a: ScreenNode, b: ScreenNode) -> Bool {
        a.index == b.index && a.role == b.role && a.name == b.name && a.type == b.type
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(type)
        hasher.combine(index)
        hasher.combine(role)
    }
}

/// Numbers every ``LiveScreen`` of the process, so that a ``ScreenNode`` knows its screen.
enum LiveScreenID {
    private static let lock = JobLock()
    nonisolated(unsafe) private static var last = 0

    static func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        last += 1
        return last
    }
}
