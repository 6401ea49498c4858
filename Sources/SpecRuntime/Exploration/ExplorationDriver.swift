import ScreenSpec

/// Owns the graph an exploration runs on: takes moves, notices what went wrong after each, and
/// goes back to an earlier state.
///
/// A graph without stream outputs is restored from ``ScreenGraph/State`` values (arrays of values
/// and the clock's queue, copied on write), so going back costs a few array assignments. Stream
/// operators keep state the graph cannot copy, so a graph with stream outputs is rebuilt from the
/// already-compiled spec and the path replayed instead.
final class ExplorationDriver {
    let spec: CheckedSpec
    let alphabet: MoveAlphabet
    let monitor: InvariantMonitor
    private let params: [Value]
    private let maxEventsPerStep: Int
    private(set) var graph: ScreenGraph
    private(set) var clock: VirtualClock
    /// What the graph reported during the current step, first one wins.
    @exclusivity(unchecked) private var problem: Finding?
    /// The outcome choice of the current step and how many explored-service calls it made.
    @exclusivity(unchecked) private var choice = 0
    @exclusivity(unchecked) private(set) var exploredCalls = 0
    /// When set, every explored-service call's outcome, in order: (service, result).
    @exclusivity(unchecked) var recordCalls = false
    private(set) var recordedCalls: [(service: Int, outcome: ServicePlan.Outcome, latency: Int)] = []
    /// The finding of the initial state, if it already breaks something.
    private(set) var startFinding: Finding?

    var canRestore: Bool { initialStorage != nil }

    /// An action still executing with nothing due within this many milliseconds never stops: a
    /// service that takes a day of virtual time is one that never answers.
    static let neverHorizon = 86_400_000

    init(spec: CheckedSpec, maxEventsPerStep: Int) {
        self.spec = spec
        self.alphabet = MoveAlphabet(spec: spec)
        self.monitor = InvariantMonitor(spec: spec)
        self.params = spec.scenarios.first?.params ?? []
        self.maxEventsPerStep = maxEventsPerStep
        let clock = VirtualClock()
        self.clock = clock
        self.graph = ScreenGraph(spec: spec, clock: clock, params: params)
        let canRestore = graph.canRestoreState
        graph.tagsTimers = true
        unstarted = graph.state
        startGraph()
        if canRestore {
            // Captured after the start: every restore goes back to the started screen.
            self.initialStorage = graph.state
        }
        startFinding = check()
    }

    private var initialStorage: ScreenGraph.State?
    /// The graph's state before its start, to rewind to when it cannot be restored.
    private var unstarted: ScreenGraph.State?
    /// With stream outputs, the answers of service calls not yet delivered: their due time and
    /// a key of the service and outcome. A stream operator's timer carries no tag the clock could
    /// hash, so without these two states that differ only in an answer on its way would look
    /// the same and one of them would never be explored.
    @exclusivity(unchecked) private var pendingAnswers: [(due: Int, key: Int)] = []
    /// The time the clock last advanced to: everything due by then has run.
    @exclusivity(unchecked) private var advancedTo = -1

    private func startGraph() {
        graph.onRuntimeError = { [unowned self] time, message in
            if problem == nil { problem = Finding(kind: .runtimeError, message: "\(message) (at \(time)ms)") }
        }
        graph.onUnhandledError = { [unowned self] output, error in
            if problem == nil {
                problem = Finding(kind: .unhandledError,
                                  message: "'\(output)' failed with \(ValueFormatter.text(.error(error))) and nothing handles its error (at \(clock.now)ms)")
            }
        }
        let tracksAnswers = !graph.canRestoreState
        graph.serviceChoice = { [unowned self] service, names, arguments, count in
            let outcomes = alphabet.outcomes[service]
            guard !outcomes.isEmpty else {
                guard tracksAnswers else { return nil }
                let declared = spec.services[service].answer(arguments: names, arguments, count: count)
                pendingAnswers.append((clock.now &+ declared.1, service &* 1_000_003 &+ declared.0.hashValue))
                return declared
            }
            exploredCalls &+= 1
            let chosen = outcomes[choice % outcomes.count]
            let declared = spec.services[service].answer(arguments: names, arguments, count: count)
            let answer = (chosen.outcome ?? declared.0, chosen.latency ?? (chosen.outcome == nil ? declared.1 : spec.services[service].latency))
            if recordCalls { recordedCalls.append((service, answer.0, answer.1)) }
            if tracksAnswers { pendingAnswers.append((clock.now &+ answer.1, service &* 1_000_003 &+ answer.0.hashValue)) }
            return answer
        }
        problem = nil
        graph.start()
    }

    /// Back to the started screen.
    func reset() {
        recordedCalls.removeAll(keepingCapacity: true)
        if let initialStorage {
            graph.state = initialStorage
            return
        }
        pendingAnswers.removeAll(keepingCapacity: true)
        advancedTo = -1
        if let unstarted { graph.rewind(to: unstarted) }
        problem = nil
        graph.start()
    }

    /// The current state, to restore with ``restore(_:)``; nil when the graph cannot be restored.
    func save() -> ScreenGraph.State? { initialStorage == nil ? nil : graph.state }

    func restore(_ state: ScreenGraph.State) { graph.state = state }

    /// The digest of the current state: values, emitted flags, service-call counters, timers,
    /// and with stream outputs the answers on their way.
    func stateHash() -> UInt64 {
        var h = graph.stateDigest()
        if !pendingAnswers.isEmpty {
            pendingAnswers.removeAll { $0.due <= advancedTo }
            var sum: UInt64 = 0
            for answer in pendingAnswers {
                var x = UInt64(bitPattern: Int64(answer.due &- clock.now)) &* 0x9E37_79B9_7F4A_7C15
                x ^= UInt64(bitPattern: Int64(answer.key))
                x = (x ^ x >> 31) &* 0xBF58_476D_1CE4_E5B9
                sum = sum &+ (x ^ x >> 29)
            }
            h = (h ^ sum) &* 0x94D0_49BB_1331_11EB
        }
        return h
    }

    /// True when `move` cannot change the state beyond its wait: a `set` of the value the input
    /// already has. Such a move reaches the same state as the wait alone.
    func isNoOpInput(_ m: Int) -> Bool {
        if case .set(let node, let value) = alphabet.moves[m].input { return graph.value(of: node) == value }
        return false
    }

    /// Takes one step and returns what it broke, if anything.
    func apply(_ step: PathStep) -> Finding? {
        let move = alphabet.moves[Int(step.move)]
        choice = Int(step.choice)
        exploredCalls = 0
        problem = nil
        switch move.input {
        case .none: break
        case .set(let node, let value): graph.set(node, to: value)
        case .send(let node, let value): graph.send(node, value)
        case .execute(let action, let input): graph.execute(action: action, input: input)
        }
        if move.wait > 0 {
            let (limit, overflow) = clock.executed.addingReportingOverflow(maxEventsPerStep)
            clock.limit = overflow ? Int.max : limit
            do {
                try graph.advance(by: move.wait)
                advancedTo = clock.now
            } catch {
                return Finding(kind: .runaway, message: "more than \(maxEventsPerStep) scheduled events ran in one step (at \(error.time)ms): "
                               + "a stream that feeds itself through a service with no latency or a 'delay' does this")
            }
        }
        return check()
    }

    /// Replays `path` from the start; the first finding, with the index of the step that found it.
    func replay(_ path: [PathStep]) -> (finding: Finding, at: Int)? {
        reset()
        if let startFinding { return (startFinding, -1) }
        for (i, step) in path.enumerated() {
            if let f = apply(step) { return (f, i) }
        }
        return nil
    }

    /// What is wrong now: a problem the graph reported during the step, then a broken invariant,
    /// then an action that can never stop executing.
    private func check() -> Finding? {
        if let problem { return problem }
        if let k = monitor.firstBroken(in: graph) {
            return Finding(kind: .invariant(k), message: monitor.message(k, after: nil, in: graph))
        }
        for (a, action) in spec.actions.enumerated() where graph.value(of: action.executing) == .bool(true) {
            guard clock.nextDue.map({ $0 &- clock.now > Self.neverHorizon }) ?? true else { break }
            return Finding(kind: .stuckAction(a), message: "action '\(action.name)' is executing and nothing scheduled within a day of virtual time could end it")
        }
        return nil
    }
}
