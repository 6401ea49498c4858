import SpecExploration
import SpecRuntime

/// The paths `specrun explore` would take from the screen's start, breadth first: each a sequence
/// of moves from the spec's `explore:` alphabet (an input, event, action, gesture or input of a
/// row the scenarios use, then a wait), kept when it reaches a state of the spec's graph no shorter path reached.
/// Shortest first, so the first path that diverges is one of the shortest that do.
///
/// A state here also counts the service calls made on the way: two paths to one screen state, one
/// of which started a request the spec then disposed of, are both played, since a view model that
/// does not cancel it shows the difference only on the second.
struct PathSearch {
    let spec: CheckedSpec
    let program: ScreenProgram
    /// Whether the spec reads `now`, found once: each path's digest needs it.
    private let readsClock: Bool

    init(spec: CheckedSpec, program: ScreenProgram) {
        self.spec = spec
        self.program = program
        readsClock = ClockReads.readsClock(spec)
    }

    /// One move: an acting step (or none), then a wait.
    struct Move {
        var step: StepPlan?
        var wait: Int
    }

    /// Every move the spec's explore plan allows.
    var moves: [Move] {
        let plan = spec.explore
        var steps: [StepPlan] = []
        let here = spec.scenarios.first?.range ?? SpecRange(file: spec.file, at: SpecLocation(line: 1, column: 1))
        for (node, values) in plan.inputs {
            let property = spec.nodes[node].hasCurrentValue
            for value in values {
                let text = "\(property ? "set" : "send") \(spec.nodes[node].name) = \(ValueFormatter.text(value))"
                steps.append(StepPlan(kind: property ? .set(node: node, value: value) : .send(node: node, value: value), text: text, range: here))
            }
        }
        for event in plan.events { steps.append(StepPlan(kind: .send(node: event, value: .void), text: "send \(spec.nodes[event].name)", range: here)) }
        for (k, action) in plan.actions.enumerated() where k < plan.actionInputs.count {
            for input in plan.actionInputs[k] {
                steps.append(StepPlan(kind: .execute(action: action, value: input), text: "execute \(spec.actions[action].name) with \(ValueFormatter.text(input))", range: here))
            }
        }
        for (gesture, text) in plan.gestures { steps.append(StepPlan(kind: .gesture(gesture), text: text, range: here)) }
        // Each row input to each row identity the plan knows, as `specrun explore` sends them.
        for rowInput in plan.rows where rowInput.cells < spec.cells.count && rowInput.input < spec.cells[rowInput.cells].inputs.count {
            let name = spec.cells[rowInput.cells].name + "." + spec.cells[rowInput.cells].inputs[rowInput.input].name
            for row in rowInput.rows {
                for value in rowInput.values {
                    var text = value == .void ? "send \(name) to row \(row)" : "send \(name) = \(value) to row \(row)"
                    if let gesture = rowInput.gesture, let component = spec.cells[rowInput.cells].view?[gesture.component] {
                        let target = "\(spec.cells[rowInput.cells].name).\(component.name)"
                        text = value == .void ? "\(gesture.verb) \(target) of row \(row)" : "\(gesture.verb) \(target)(\(value)) of row \(row)"
                    }
                    steps.append(StepPlan(kind: .sendRow(cells: rowInput.cells, input: rowInput.input, row: row, value: value, gesture: rowInput.gesture),
                                          text: text, range: here))
                }
            }
        }
        var moves: [Move] = []
        for step in steps { for wait in plan.waits { moves.append(Move(step: step, wait: wait)) } }
        for wait in plan.waits where wait > 0 { moves.append(Move(step: nil, wait: wait)) }
        return moves
    }

    /// The parameters explored paths open the screen with: the first scenario's that gives them.
    var params: [Value] { spec.scenarios.first(where: { !$0.params.isEmpty })?.params ?? [] }

    /// Up to `limit` paths of at most `depth` moves, shortest first, each as a scenario.
    func paths(depth: Int, limit: Int) -> [ScenarioPlan] {
        let moves = self.moves
        var seen: Set<UInt64> = [digest(of: [])]
        var frontier: [[Move]] = [[]]
        var found: [[Move]] = []
        for _ in 0..<max(depth, 0) {
            var next: [[Move]] = []
            for path in frontier {
                for move in moves {
                    let longer = path + [move]
                    guard seen.insert(digest(of: longer)).inserted else { continue }
                    next.append(longer)
                    found.append(longer)
                    if found.count >= limit { return found.map(scenario) }
                }
            }
            frontier = next
        }
        return found.map(scenario)
    }

    /// The path as a scenario of steps (its waits as `wait:` steps).
    func scenario(_ path: [Move]) -> ScenarioPlan {
        let here = SpecRange(file: spec.file, at: SpecLocation(line: 1, column: 1))
        var steps: [StepPlan] = []
        for move in path {
            if let step = move.step { steps.append(step) }
            if move.wait > 0 { steps.append(StepPlan(kind: .wait(milliseconds: move.wait), text: "wait \(move.wait)ms", range: here)) }
        }
        return ScenarioPlan(name: "an explored path", range: here, steps: steps, params: params)
    }

    /// The state of the spec's graph after `path`.
    private func digest(of path: [Move]) -> UInt64 {
        let graph = ScreenGraph(program: program, clock: VirtualClock(limit: ScenarioRunner.maximumScheduledEvents), params: params)
        graph.start()
        // What is due at 0ms runs before the first move, as a scenario's start runs it.
        try? graph.advance(by: 0)
        for move in path {
            if let step = move.step {
                if case .gesture(let gesture) = step.kind { graph.explore(gesture) } else { _ = graph.act(step, record: { _ in }) }
            }
            try? graph.advance(by: move.wait)
        }
        return GraphDigest(graph, readsClock: readsClock).stateDigest() &+ UInt64(graph.serviceCallsMade) &* 0x9E37_79B9_7F4A_7C15
    }
}
