import SpecRuntime

/// Plays one path — a written scenario, an explored path or a shrunk one — on the spec's graph
/// and on a new view model: the spec's side through the ``ScenarioPlayback`` every host uses, on a
/// virtual clock; each step that acts then played on the view model as a view would (a gesture as
/// the inputs and action it reaches), and each wait let pass on the view model's time, which is
/// stopped at every instant something is due so that its outputs are read there.
@MainActor
struct PathPlayer<Model> {
    let binding: ContractBinding<Model>
    let make: @MainActor (ConformanceEnvironment) throws -> Model
    let makeTime: @MainActor () -> any ConformanceTime

    /// What a path showed on both sides.
    struct Played {
        var spec: Observed
        var model: Observed
        /// The steps as played, with the spec's time at each: what the report prints.
        var steps: [(time: Int, text: String)]
        /// The spec's own expectations that failed (the spec disagrees with itself).
        var specFailures: [String]
        /// Mistakes of the test: a member missing from the contract, a value that does not fit.
        var problems: [String]

        /// Where the two sides part first, compared as `equivalence` says; nil when they agree.
        func firstDifference(_ equivalence: Equivalence) -> FirstDifference? {
            FirstDifference.between(spec.compared(equivalence), model.compared(equivalence))
        }
    }

    func play(_ scenario: ScenarioPlan) async -> Played {
        let spec = binding.spec
        let looks: [Observed.Look] = binding.outputs.map { $0.subscribe == nil ? .read : $0.hasCurrentValue ? .pushedValue : .pushedStream }
        let sides = Sides(looks)
        var outputsOf: [Int: [Int]] = [:]
        for (k, output) in binding.outputs.enumerated() { outputsOf[output.node, default: []].append(k) }
        let inputNodes = Set(spec.nodes.indices.filter { if case .input = spec.nodes[$0].role { true } else { false } })

        // The spec's side: the graph reports the compared outputs and every input.
        let services = scenario.services.isEmpty ? spec.services : scenario.applying(to: spec).services
        let clock = VirtualClock(limit: ScenarioRunner.maximumScheduledEvents)
        let graph = ScreenGraph(program: binding.program, clock: clock, params: scenario.params, services: services)
        graph.reportEmissions(of: Set(outputsOf.keys).union(inputNodes))
        graph.onEmit = { emission in
            if let outputs = outputsOf[emission.node] {
                for k in outputs { sides.spec.note(k, emission.value, at: emission.time, step: sides.step) }
            }
            if sides.capturing, inputNodes.contains(emission.node) { sides.captured.append((emission.node, emission.value)) }
        }

        // The view model's side, made at time 0 of its own time.
        let time = makeTime()
        let backend = FakeBackend(spec: spec, services: services, time: time)
        let environment = ConformanceEnvironment(time: time, backend: backend, params: (spec.params.map { spec.nodes[$0].name }, scenario.params))
        var problems: [String] = []
        let model: Model
        do {
            model = try make(environment)
        } catch {
            return Played(spec: sides.spec, model: sides.model, steps: [], specFailures: [], problems: ["the view model could not be made: \(error)"])
        }
        for (k, output) in binding.outputs.enumerated() {
            guard let subscribe = output.subscribe else { continue }
            subscribe(model) { [binding] element in
                switch binding.value(of: output, element) {
                case .success(let value): sides.model.note(k, value, at: time.milliseconds, step: sides.step)
                case .failure(let error): sides.problems.append(error.description)
                }
            }
        }
        graph.start()
        // What is due at 0ms runs before the first step on both sides, as a scenario's start runs it.
        do {
            try graph.advance(by: 0)
        } catch {
            problems.append("the spec ran more than \(error.limit) scheduled events at the start")
        }
        await settle(time)
        read(model, at: 0, into: sides)

        var host = SpecHost(graph: graph, sides: sides, binding: binding)
        var playback = ScenarioPlayback(scenario, of: spec)
        playback.start(on: host)
        var steps: [(time: Int, text: String)] = []
        while !playback.isOver {
            let step = scenario.steps[playback.position]
            steps.append((graph.clock.now, step.text))
            sides.step = playback.position
            playback.playNext(on: &host)
            for move in sides.takeMoves() {
                switch move {
                case .input(let node, let value):
                    guard let set = binding.inputs[node] else {
                        problems.append("the contract has no member for the input '\(spec.nodes[node].name)', which '\(step.text)' reaches")
                        continue
                    }
                    do { try set(model, value) } catch { problems.append("'\(spec.nodes[node].name)' cannot take \(ValueFormatter.text(value)): \(error)") }
                case .event(let node):
                    guard let fire = binding.events[node] else {
                        problems.append("the contract has no member for the event '\(spec.nodes[node].name)', which '\(step.text)' reaches")
                        continue
                    }
                    fire(model)
                case .action(let action, let value):
                    guard let execute = binding.actions[action] else {
                        problems.append("the contract has no member for the action '\(spec.actions[action].name)', which '\(step.text)' executes")
                        continue
                    }
                    do { try execute(model, value) } catch { problems.append("the action '\(spec.actions[action].name)' cannot take \(ValueFormatter.text(value)): \(error)") }
                case .row(let node, let row, let value):
                    guard let send = binding.rows[node] else {
                        problems.append("the contract has no member for the input of a row '\(spec.nodes[node].name)', which '\(step.text)' reaches")
                        continue
                    }
                    do {
                        try send(model, row, value)
                    } catch {
                        problems.append("'\(spec.nodes[node].name)' cannot take row \(ValueFormatter.text(row)) and \(ValueFormatter.text(value)): \(error)")
                    }
                case .wait(let until):
                    await letTimePass(until: until, model, time, sides)
                    continue
                }
                // What the step started runs at once on the view model's time (a task it spawned).
                await settle(time)
                read(model, at: time.milliseconds, into: sides)
            }
        }
        let failures = playback.failures.compactMap { $0 }
        return Played(spec: sides.spec, model: sides.model, steps: steps, specFailures: failures, problems: problems + sides.problems + backend.problems)
    }

    /// Lets the view model's time pass to `until`, stopping at each deadline on the way to read it.
    private func letTimePass(until: Int, _ model: Model, _ time: any ConformanceTime, _ sides: Sides) async {
        var stops = 0
        while let due = time.nextDeadline, due <= until, stops < 10_000 {
            await time.advance(to: due)
            await settle(time)
            read(model, at: time.milliseconds, into: sides)
            stops += 1
        }
        await time.advance(to: until)
        await settle(time)
        read(model, at: time.milliseconds, into: sides)
    }

    /// Lets what is due now and what it starts run: the view model's tasks, the fakes' answers.
    private func settle(_ time: any ConformanceTime) async {
        await SerialExecution.settle()
        var rounds = 0
        while let due = time.nextDeadline, due <= time.milliseconds, rounds < 100 {
            await time.advance(to: time.milliseconds)
            await SerialExecution.settle()
            rounds += 1
        }
    }

    /// Reads every output the view model is read for.
    private func read(_ model: Model, at time: Int, into sides: Sides) {
        for (k, output) in binding.outputs.enumerated() {
            guard let read = output.read else { continue }
            switch binding.value(of: output, read(model)) {
            case .success(let value): sides.model.note(k, value, at: time, step: sides.step)
            case .failure(let error): sides.problems.append(error.description)
            }
        }
    }
}

/// What a view model is told to do, in the order the spec's side did it.
enum ModelMove {
    case input(node: Int, value: Value)
    case event(node: Int)
    case action(Int, value: Value)
    /// An input of a row (by the node of its stream, `cart.remove`) sent to the row with this identity.
    case row(node: Int, row: Value, value: Value)
    /// Let time pass until this instant of the spec's clock.
    case wait(until: Int)
}

/// Both sides' observations and the moves waiting for the view model, shared by the spec's
/// graph's callbacks and the player.
@MainActor
final class Sides {
    var spec: Observed
    var model: Observed
    var moves: [ModelMove] = []
    var problems: [String] = []
    /// The step being played (-1 while the screen starts).
    var step = -1
    /// While a gesture plays on the spec's graph: the inputs it reaches, in order.
    var capturing = false
    var captured: [(node: Int, value: Value)] = []
    /// The actions that gesture's control executes, with its payload.
    var gestureActions: [(Int, Value)] = []

    init(_ looks: [Observed.Look]) {
        spec = Observed(looks)
        model = Observed(looks)
    }

    func takeMoves() -> [ModelMove] {
        defer { moves = [] }
        return moves
    }
}

/// The spec's side of a conformance run (see ``ScenarioHost``): work runs at once on the virtual
/// clock, and each step that acts leaves the moves the view model must make.
@MainActor
struct SpecHost<Model>: @MainActor ScenarioHost {
    let graph: ScreenGraph
    let sides: Sides
    let binding: ContractBinding<Model>

    /// What sending `value` to the input `node` is for the view model: an event fired, or a value given.
    private func move(_ node: Int, _ value: Value) -> ModelMove {
        binding.events[node] != nil && value == .void ? .event(node: node) : .input(node: node, value: value)
    }

    mutating func willAct(_ step: StepPlan) {
        switch step.kind {
        case .set(let node, let value):
            sides.moves.append(.input(node: node, value: value))
        case .send(let node, let value):
            sides.moves.append(move(node, value))
        case .execute(let action, let value):
            sides.moves.append(.action(action, value: value))
        case .gesture(let gesture):
            // A gesture reaches the inputs its bindings write and the actions its control runs;
            // one a person cannot make now (a disabled button) reaches nothing, on both sides.
            guard let payload = graph.payloadIfMade(gesture) else { return }
            sides.capturing = true
            sides.captured = []
            sides.gestureActions = gesture.actions.map { ($0, payload) } + gesture.modelActions.map { ($0, graph.model(of: gesture)) }
        case .sendRow(let c, let input, let row, let value, nil):
            // The view model is sent it as the spec's graph is, a row not there too: the graph
            // changes nothing then (a runtime error), and the view model must show no change.
            sides.moves.append(.row(node: binding.spec.cells[c].inputs[input].node, row: row, value: value))
        case .sendRow(let c, _, let row, let value, let gesture?):
            // A gesture on a row's component reaches the inputs it fires; one a person cannot make
            // now (a button disabled on that row, a value the stepper shows) reaches nothing.
            for fire in graph.rowGestureFires(gesture, cells: c, row: row, value: value) ?? [] {
                sides.moves.append(.row(node: binding.spec.cells[c].inputs[fire.input].node, row: row, value: fire.value))
            }
        case .executeRow:
            // A contract reaches a row through its inputs only (`cart.remove(row:)`).
            sides.problems.append("the contract has no member to execute a row's action directly, which '\(step.text)' does")
        case .end, .endAction, .wait, .expect, .expectEnd, .expectThat, .expectCalls, .subscribe, .dispose:
            // A view model has no input streams to end; a scenario's observers watch the spec's
            // side only (their lines are the timeline's), and change nothing to compare.
            break
        }
    }

    func transaction(_ work: () -> Void) {
        work()
        guard sides.capturing else { return }
        sides.capturing = false
        for (node, value) in sides.captured { sides.moves.append(move(node, value)) }
        // The actions its control runs come after the inputs it writes.
        for (action, payload) in sides.gestureActions { sides.moves.append(.action(action, value: payload)) }
        sides.gestureActions = []
    }

    mutating func letTimePass(_ milliseconds: Int) {
        do {
            try graph.advance(by: milliseconds)
        } catch {
            sides.problems.append("the spec ran more than \(error.limit) scheduled events")
        }
        sides.moves.append(.wait(until: graph.clock.now))
    }

    func record(_ entry: Timeline.Entry) {}

    func exceeded() -> String? { nil }

    func stopped(at range: SpecRange) {}
}
