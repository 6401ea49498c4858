import ScreenSpec
import SpecExploration
import SpecRuntime

/// Owns the graph an exploration runs on: takes moves, notices what went wrong after each, and
/// goes back to an earlier state.
///
/// The graph is restored from ``ScreenGraph/State`` values (arrays of values, the clock's queue
/// of timers as values, copied on write, and the stream operators' states), so going back costs a
/// few array assignments and, with stream outputs, each operator taking its state back.
final class ExplorationDriver {
    let spec: CheckedSpec
    let alphabet: MoveAlphabet
    let monitor: InvariantMonitor
    private let params: [Value]
    /// The scenario whose parameters the screen is explored with (``ExploreOptions/paramsFrom``,
    /// else the first); nil when the spec has no scenario.
    let paramsScenario: Int?
    private let maxEventsPerStep: Int
    // Constants, not `var`s: a class's `var` read from here, across the module boundary from the
    // graph's code it calls, keeps a run-time exclusivity check on every read (three per step).
    let graph: ScreenGraph
    /// The digest of the graph's states (SpecExploration), with its caches.
    let digester: GraphDigest
    let clock: VirtualClock
    /// What the graph reported during the current step, first one wins.
    @exclusivity(unchecked) private var problem: Finding?
    /// The outcome choice of the current step and how many explored-service calls it made.
    @exclusivity(unchecked) private var choice = 0
    @exclusivity(unchecked) private(set) var exploredCalls = 0
    /// When set, every explored-service call's outcome, in order: (service, result).
    @exclusivity(unchecked) var recordCalls = false
    private(set) var recordedCalls: [(service: Int, outcome: ServicePlan.Outcome, latency: Int)] = []
    /// The calls the screen made as it started (work due at 0 ms, before any move), which every
    /// replay from the started screen inherits: a scenario's runner makes them too, and they take
    /// the first results of a `services:` override even when a later move cancels them.
    private var startCalls: [(service: Int, outcome: ServicePlan.Outcome, latency: Int)] = []
    /// The finding of the initial state, if it already breaks something.
    private(set) var startFinding: Finding?
    /// The nodes a state's digest covers: the cells a state is (`DigestCells`), nil for every node.
    private let digestNodes: [Int]?

    /// What a move's step does to the state digest when that is known without taking it: a wait
    /// alone (node -1), or a write of an input that only derived values follow, whose new term is
    /// `term`. Nil for other moves.
    struct Prediction {
        var node: Int
        var term: UInt64
        /// For a gesture, the control's `enabled` node (-1: none): while it is false the gesture
        /// does nothing.
        var enabled: Int = -1
        /// On a screen with stream outputs: the write or send is known only while `node` already
        /// has the value it gives and emitted it (`DigestCells.repeatsChangeNothing(_:)`); then it
        /// changes nothing. Unknown otherwise.
        var repeatOnly = false
    }
    /// Per move of the alphabet.
    let predictions: [Prediction?]
    /// Off, every move is taken; tests compare the two.
    var predicts = true

    /// An action still executing with nothing due within this many milliseconds never stops: a
    /// service that takes a day of virtual time is one that never answers.
    static let neverHorizon = 86_400_000

    init(spec: CheckedSpec, maxEventsPerStep: Int, paramsFrom: Int? = nil) {
        self.spec = spec
        self.alphabet = MoveAlphabet(spec: spec)
        self.monitor = InvariantMonitor(spec: spec)
        paramsScenario = paramsFrom.flatMap { spec.scenarios.indices.contains($0) ? $0 : nil } ?? (spec.scenarios.isEmpty ? nil : 0)
        self.params = paramsScenario.map { spec.scenarios[$0].params } ?? []
        executingNodes = spec.actions.map(\.executing)
        self.maxEventsPerStep = maxEventsPerStep
        let clock = VirtualClock()
        self.clock = clock
        self.graph = ScreenGraph(spec: spec, clock: clock, params: params)
        let graph = self.graph
        digester = GraphDigest(graph)
        let cells = DigestCells(graph.program, writtenByMoves: Set(alphabet.moves.compactMap { move in
            if case .set(let node, _) = move.input { return node }
            return nil
        }), gestures: alphabet.gestures.map(\.gesture))
        digestNodes = cells.digestNodes
        var quiet: [Int: Bool] = [:]
        let alphabet = self.alphabet
        predictions = alphabet.moves.map { move in
            switch move.input {
            case .none: return Prediction(node: -1, term: 0)
            case .set(let node, let value):
                if quiet[node] == nil { quiet[node] = cells.changesOnlyDerivedValues(node) }
                if quiet[node]! { return Prediction(node: node, term: GraphDigest.term(of: node, value)) }
                return cells.repeatsChangeNothing(node) ? Prediction(node: node, term: 0, repeatOnly: true) : nil
            case .gesture(let k):
                let g = alphabet.gestures[k].gesture
                // A gesture on a control that may be hidden, or whose bounds or titles an
                // expression gives (a value it may not take now), is taken, not predicted.
                if g.hidden == nil, g.bounds == nil, let cell = cells.cellWritten(by: g), case .value(let v) = g.payload {
                    return Prediction(node: cell, term: GraphDigest.term(of: cell, v), enabled: g.enabled ?? -1)
                }
                // A gesture that only fires events (a table's selection: its `rowSelected` and the
                // input bound to it) is a send of its payload to each.
                guard let events = DigestCells.firesOnlyEvents(g), events.allSatisfy(cells.repeatsChangeNothing) else { return nil }
                return Prediction(node: events[0], term: 0, repeatOnly: true)
            case .send(let node, _):
                return cells.repeatsChangeNothing(node) ? Prediction(node: node, term: 0, repeatOnly: true) : nil
            case .sendRow(let c, let i, _, _, let gesture):
                // A row's event that changes nothing in its row is a send of the row to its node,
                // sent directly or by a tap on the row (nothing while it is disabled there).
                guard let event = cells.rowMoveFiresOnly(cells: c, input: i, gesture: gesture), cells.repeatsChangeNothing(event) else { return nil }
                return Prediction(node: event, term: 0, repeatOnly: true)
            case .execute, .executeRow: return nil
            }
        }
        let waits = Array(Set(alphabet.waitOf)).sorted()
        self.waits = waits
        pendingWaits = [0] + waits
        waitIndex = alphabet.waitOf.map { wait in waits.firstIndex(of: wait) ?? 0 }
        var parts: [(nodes: [Int], pipelines: [Int])] = []
        // Keyed by the inputs a move fires: one, or a gesture's events.
        var partOfStarts: [[Int]: Int] = [:]
        // What the row gestures that do more than fire one row event fire (a row stepper's step):
        // a part is changed by its own inputs only, so none of these may be in one.
        var firedByRest = Set<Int>()
        for case .sendRow(let c, let i, _, _, let gesture?) in alphabet.inputs where cells.rowMoveFiresOnly(cells: c, input: i, gesture: gesture) == nil {
            firedByRest.formUnion(cells.rowGestureFires(cells: c, gesture))
        }
        // The nodes sent or set directly: a part a gesture's events drive together is no part when
        // a move sends one of them alone (that move would change the part as the rest's).
        var sentAlone = Set<Int>()
        for case .set(let n, _) in alphabet.inputs { sentAlone.insert(n) }
        for case .send(let n, _) in alphabet.inputs { sentAlone.insert(n) }
        partOfInput = alphabet.inputs.map { input in
            let starts: [Int]
            switch input {
            case .set(let n, _), .send(let n, _): starts = [n]
            // A gesture or a row's event that only fires a part's inputs gives them the row it reads.
            case .gesture(let k):
                guard let events = DigestCells.firesOnlyEvents(alphabet.gestures[k].gesture),
                      events.count == 1 || !events.contains(where: sentAlone.contains) else { return -1 }
                starts = events
            case .sendRow(let c, let i, _, _, let gesture):
                guard let event = cells.rowMoveFiresOnly(cells: c, input: i, gesture: gesture) else { return -1 }
                starts = [event]
            default: return -1
            }
            if let k = partOfStarts[starts] { return k }
            guard let part = cells.sinkPart(of: starts, gestures: alphabet.gestures.map(\.gesture)),
                  !part.nodes.contains(where: firedByRest.contains) else {
                partOfStarts[starts] = -1
                return -1
            }
            // Parts of two inputs are disjoint: nothing outside a part reads it, and a gesture
            // firing some of a part's inputs but not all leaves none (``DigestCells/sinkPart(of:gestures:)``).
            parts.append(part)
            partOfStarts[starts] = parts.count - 1
            return parts.count - 1
        }
        self.parts = parts
        let partOfInput = self.partOfInput
        partInputs = partOfInput.indices.filter { partOfInput[$0] >= 0 }
        rowLists = spec.cells.map { ($0.node, $0.key) }
        restarts = alphabet.inputs.map { input in
            guard case .send(let node, _) = input, let restart = cells.restartedRequest(by: node) else { return nil }
            return (node, restart.pipeline, restart.reads)
        }
        waitAlone = alphabet.waitOf.map { wait in
            wait > 0 ? alphabet.moves.indices.first { alphabet.inputOf[$0] < 0 && alphabet.waitOf[$0] == wait } ?? -1 : -1
        }
        longerWaitFollows = alphabet.moves.indices.map { m in
            var k = m + 1
            while k < alphabet.moves.count && alphabet.inputOf[k] == alphabet.inputOf[m] {
                if alphabet.waitOf[k] > alphabet.waitOf[m] { return true }
                k += 1
            }
            return false
        }
        predictedNodes = Array(Set(predictions.compactMap { $0.flatMap { $0.node >= 0 && !$0.repeatOnly ? $0.node : nil } })).sorted()
        enabledNodes = Array(Set(predictions.compactMap { $0.flatMap { $0.enabled >= 0 ? $0.enabled : nil } })).sorted()
        var inputPredictions = [Prediction?](repeating: nil, count: alphabet.inputs.count)
        for (m, k) in alphabet.inputOf.enumerated() where k >= 0 { inputPredictions[k] = predictions[m] }
        self.inputPredictions = inputPredictions
        repeatInputs = alphabet.inputs.indices.filter { inputPredictions[$0]?.repeatOnly == true }
        let program = graph.program
        echoes = spec.nodes.indices.map { node in
            guard case .property = spec.nodes[node].kind else { return false }
            return !program.pipelineInputs[node].isEmpty || !program.actionsOn[node].isEmpty
                || program.handlersOn[node].contains { program.handlerForwards[$0] == nil }
        }
        startGraph()
        // Captured after the start: every restore goes back to the started screen.
        initialStorage = graph.state
        startFinding = check()
    }

    /// The started screen's state.
    private var initialStorage: ScreenGraph.State!

    private func startGraph() {
        graph.hooks.runtimeError = { [unowned self] time, message in
            if problem == nil { problem = Finding(kind: .runtimeError, message: "\(message) (at \(time)ms)") }
        }
        graph.hooks.unhandledError = { [unowned self] output, error in
            if problem == nil {
                problem = Finding(kind: .unhandledError,
                                  message: "'\(output)' failed with \(ValueFormatter.text(.error(error))) and nothing handles its error (at \(clock.now)ms)")
            }
        }
        graph.hooks.serviceChoice = { [unowned self] service, names, arguments, count in
            let outcomes = alphabet.outcomes[service]
            guard !outcomes.isEmpty else { return nil }
            exploredCalls &+= 1
            let chosen = outcomes[choice % outcomes.count]
            let declared = spec.services[service].answer(arguments: names, arguments, count: count)
            let answer = chosen.answer(declared: declared, serviceLatency: spec.services[service].latency)
            if recordCalls { recordedCalls.append((service, answer.0, answer.1)) }
            return answer
        }
        problem = nil
        let recording = recordCalls
        recordCalls = true
        recordedCalls.removeAll()
        defer {
            startCalls = recordedCalls
            recordCalls = recording
        }
        graph.start()
        // What is due at 0ms runs before the first move, as a scenario's start runs it.
        do {
            try graph.advance(by: 0)
        } catch {
            problem = Finding(kind: .runaway, message: "more than \(error.limit) scheduled events ran at the start (at \(error.time)ms): "
                              + "a stream that feeds itself through a service with no latency or a 'delay' does this")
        }
    }

    /// Back to the started screen.
    func reset() {
        if recordCalls {
            recordedCalls = startCalls
        } else {
            recordedCalls.removeAll(keepingCapacity: true)
        }
        graph.state = initialStorage
    }

    /// The current state, to restore with ``restore(_:)``, here or into another driver of the
    /// same spec (it holds no reference into this graph).
    /// Optional for the callers written when a screen with stream outputs could not be saved;
    /// every screen can now (``canRestore`` is always true).
    func save() -> ScreenGraph.State? { graph.state }

    /// Every screen is restored from a saved state, stream outputs included.
    var canRestore: Bool { true }

    func restore(_ state: ScreenGraph.State) { graph.state = state }

    /// The digest of the current state: values, emitted flags, service-call counters, timers
    /// (answers on their way among them) and stream operators' states.
    func stateHash() -> UInt64 { digester.stateDigest(over: digestNodes) }

    /// What ``predictedHash(_:)`` needs of the state being expanded, taken by
    /// ``prepareExpansion()`` while the graph holds it (steps taken since change the graph).
    struct Expansion {
        var digest: UInt64 = 0
        /// Milliseconds to the next timer; nil when nothing is scheduled.
        var untilDue: Int?
        var pending: UInt64 = 0
        /// Per distinct wait of the alphabet (`waits`), the pending digest after it.
        var pendingAfter: [UInt64] = []
        /// Per node a prediction writes, its term now.
        var terms: [UInt64] = []
        /// Per `enabled` node of a predicted gesture, whether it is false now.
        var disabled: [Bool] = []
        /// Per input of the alphabet with a ``Prediction/repeatOnly`` prediction, whether its
        /// node has (and emitted) the value it gives.
        var repeats: [Bool] = []
        /// Each part's digest (see ``parts``), and the rest's: the digest less the parts'.
        var parts: [UInt64] = []
        var rest: UInt64 = 0
        /// Per input of the alphabet that drives a part, the key its step is remembered by (its
        /// part's digest, with the payload a gesture or a row's event carries now), and whether
        /// the step is known from it now (``preparePartInputs()``).
        var partFrom: [UInt64] = []
        var partUsable: [Bool] = []
        /// Per input of the alphabet that restarts a request (``restarts``), the terms a restart
        /// overwrites now (nil: it cannot be known) and the key of the nodes the call reads.
        var restartTerms: [UInt64?] = []
        var restartKeys: [UInt64] = []
    }
    @exclusivity(unchecked) var expansion = Expansion()
    /// The distinct waits of the alphabet, and per move the index of its wait among them.
    let waits: [Int]
    let waitIndex: [Int]
    /// 0 and then `waits`, and the pending timers' digests after each (``prepareExpansion()``).
    let pendingWaits: [Int]
    @exclusivity(unchecked) var pendingDigests: [UInt64] = []
    let predictedNodes: [Int]
    /// The `enabled` nodes of predicted gestures.
    let enabledNodes: [Int]
    /// Per input of the alphabet, the prediction of its moves (all its moves share it).
    let inputPredictions: [Prediction?]
    /// The inputs whose prediction is ``Prediction/repeatOnly``.
    let repeatInputs: [Int]
    /// Per node, whether writing the value it has still does something: an input property (a
    /// `BehaviorRelay`, which passes an equal value on) that a stream, an action or a handler
    /// other than a binding listens to (a `skip: 2` counts the write, a handler may count it).
    let echoes: [Bool]
    /// The actions' `executing` nodes, for the check that one never stops.
    private let executingNodes: [Int]

    /// The parts of the screen one input drives alone (``DigestCells/sinkPart(of:gestures:)``):
    /// a state is the rest and each part, its digest their sum, and a step of the rest (a wait, an
    /// input of the rest) is known from the rest alone, a step of a part's input from the part
    /// alone (and its wait from the rest), once a step from an equal rest or part was taken.
    let parts: [(nodes: [Int], pipelines: [Int])]
    /// Per input of the alphabet, the index of its part, or -1.
    let partOfInput: [Int]
    /// The inputs whose part is not -1.
    let partInputs: [Int]
    /// Per `cells:` entry, its rows' node and the key field of its elements.
    let rowLists: [(node: Int, key: Int)]
    /// Per move, the wait alone with the same wait (-1: none, or no wait).
    let waitAlone: [Int]
    /// What the rest reached by each move (keyed by the rest's digest and the move), and what a
    /// part reached by each of its inputs (by the part's digest and the input).
    @exclusivity(unchecked) var restMemo = WaitMemo(capacity: 1 << 20)
    @exclusivity(unchecked) var partMemo = WaitMemo(capacity: 1 << 16)
    @exclusivity(unchecked) var partNotes = 0
    /// The bytes of the tables above and the restart table, for the memory budget.
    var memoBytes: Int { restMemo.bytes + partMemo.bytes + restartMemo.bytes }
    /// Whether the state the last ``partedHash(_:)`` knew has nothing scheduled.
    @exclusivity(unchecked) var partedIdle = false
    /// Scratch: the parts' digests of the state a step reached.
    @exclusivity(unchecked) var reachedParts: [UInt64] = []

    /// Per input of the alphabet, the request it restarts (``DigestCells/restartedRequest(by:)``)
    /// with its node, or nil.
    let restarts: [(node: Int, pipeline: Int, reads: [Int])?]
    /// What restarting reached: keyed by the terms of the nodes the call's arguments read and the
    /// input, the terms the restart overwrote, and whether nothing was scheduled then.
    @exclusivity(unchecked) var restartMemo = WaitMemo(capacity: 1 << 16)

    /// After a step that waited, what a longer wait of the same input (or a longer wait alone)
    /// reaches from the same state, when that is known (``noteWaited(move:reached:)``).
    struct Chain {
        /// The input of the step (-1: a wait alone), -2 when nothing is noted.
        var input = -2
        var wait = 0
        var digest: UInt64 = 0
        /// Milliseconds from the state reached to its next timer; nil when nothing is scheduled.
        var untilDue: Int?
        var pending: UInt64 = 0
        /// Per distinct wait of the alphabet (`waits`) longer than ``wait``, the pending digest
        /// of the state reached after waiting the difference.
        var after: [UInt64] = []
    }
    @exclusivity(unchecked) var chain = Chain()
    /// Per distinct wait of the alphabet, the difference to the noted wait (scratch).
    @exclusivity(unchecked) var chainDeltas: [Int] = []
    /// Per move, whether a later move of the same input waits longer.
    let longerWaitFollows: [Bool]

    /// Steps ``apply(_:)`` took.
    @exclusivity(unchecked) private(set) var stepsTaken = 0

    /// Takes one step and returns what it broke, if anything.
    func apply(_ step: PathStep) -> Finding? {
        stepsTaken &+= 1
        let move = alphabet.moves[Int(step.move)]
        choice = Int(step.choice)
        exploredCalls = 0
        problem = nil
        switch move.input {
        case .none: break
        case .set(let node, let value): graph.set(node, to: value)
        case .send(let node, let value): graph.send(node, value)
        case .execute(let action, let input): graph.execute(action: action, input: input)
        case .gesture(let k): graph.explore(alphabet.gestures[k].gesture)
        // A row the state does not have takes no step (the graph changes nothing then).
        case .sendRow(let c, let input, let row, let value, nil): _ = graph.sendRow(cells: c, input: input, row: row, value: value)
        // A gesture on a row's component is made as a person makes it: not while it is disabled.
        case .sendRow(let c, _, let row, let value, let gesture?): graph.playRowGesture(gesture, cells: c, row: row, value: value)
        case .executeRow(let c, let action, let row, let value): _ = graph.executeRow(cells: c, action: action, row: row, value: value)
        }
        if move.wait > 0 {
            let (limit, overflow) = clock.executed.addingReportingOverflow(maxEventsPerStep)
            clock.limit = overflow ? Int.max : limit
            do {
                try graph.advance(by: move.wait)
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
        for (a, executing) in executingNodes.enumerated() where graph.storedValue(of: executing) == .bool(true) {
            // Work that listens to the screen (`takeUntil: cancel` in its `ops:`) can be ended by a move.
            if spec.actions[a].work?.request(in: spec.streams)?.innerSources.isEmpty == false { continue }
            guard clock.nextDue.map({ $0 &- clock.now > Self.neverHorizon }) ?? true else { break }
            return Finding(kind: .stuckAction(a), message: "action '\(spec.actions[a].name)' is executing and nothing scheduled within a day of virtual time could end it")
        }
        return nil
    }
}
