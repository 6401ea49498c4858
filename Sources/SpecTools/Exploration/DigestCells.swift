import SpecRuntime

/// What a state of exploration is, read from the compiled program: the cells the state digest
/// covers, the cells that only mirror another, and which moves change nothing but derived values
/// (so their state can be predicted without taking them). The explorer's analysis; the graph only
/// sums the terms of the nodes it is told (`GraphDigest.stateDigest(over:)` in SpecExploration).
///
/// Exploration's steps write the nodes in `written` (`set` steps) and those `gestures` write or
/// clear, and nothing else. Without stream outputs, a state is its cells (inputs with a current
/// value and state) that something writes: a step, a gesture, a handler or an action. A derived
/// value is a function of the cells: an expression reads only nodes with a current value, and a
/// failing expression is a finding that ends the exploration. A cell a binding alone writes from a
/// node with a current value (a button's `enabled` mirroring `login.enabled`) always holds that
/// node's value, and so does one a gesture writes too when it binds back (a text field's text and
/// the `email` it is bound to both ways). An event's or a stream's latest value is read by nothing
/// but stream operators, and a cell nothing writes never changes. With stream outputs every node
/// counts, and which nodes emitted.
struct DigestCells {
    let program: ScreenProgram
    /// Per node, the node it mirrors, or -1.
    let mirrorOf: [Int]
    /// The nodes whose values the digest covers; nil with stream outputs, when every node counts.
    let digestNodes: [Int]?
    private let hasStreams: Bool
    /// Per node, whether the rows of a `cells:` entry follow it: a write of it changes the rows,
    /// which are no derived value.
    private let rowsFollow: [Bool]

    init(_ program: ScreenProgram, writtenByMoves written: Set<Int>, gestures: [GesturePlan] = []) {
        self.program = program
        let spec = program.spec
        hasStreams = !spec.streams.isEmpty
        var gestured = Set<Int>()
        for g in gestures { gestured.formUnion(g.writes + g.clears) }
        let n = spec.nodes.count
        var writers = [[Int]](repeating: [], count: n)
        for (h, handler) in spec.handlers.enumerated() {
            for t in handler.targets { writers[t].append(h) }
        }
        var byAction = [Bool](repeating: false, count: n)
        for action in spec.actions { byAction[action.executing] = true }
        // The rows of `cells:` are written by their list and by row inputs, as a handler writes
        // state: each row's state is a cell of the screen's state.
        var rows = [Bool](repeating: false, count: n)
        var rowsFollow = [Bool](repeating: false, count: n)
        for entry in spec.cells where entry.node < n && entry.source < n {
            rows[entry.node] = true
            rowsFollow[entry.source] = true
        }
        self.rowsFollow = rowsFollow
        var mirror = [Int](repeating: -1, count: n)
        for c in 0..<n {
            guard program.isSource(c), !written.contains(c), !byAction[c], writers[c].count == 1 else { continue }
            let h = writers[c][0]
            let handler = spec.handlers[h]
            let m = handler.on
            guard program.handlerForwards[h] == c, handler.startValue == m, spec.nodes[m].hasCurrentValue else { continue }
            if gestured.contains(c) {
                // A gesture writes `c` and, through the binding back (from `c` or from the
                // edit the gesture fires), `m` with the same value, in one transaction: still equal.
                guard program.isSource(m) else { continue }
                let forwardsToM = { (node: Int) in program.handlersOn[node].contains { program.handlerForwards[$0] == m } }
                let balanced = gestures.allSatisfy { g in
                    guard g.writes.contains(c) || g.clears.contains(c) else { return true }
                    guard case .value = g.payload, !g.clears.contains(c) else { return false }
                    return forwardsToM(c) || g.events.contains(where: forwardsToM)
                }
                guard balanced else { continue }
            }
            mirror[c] = m
        }
        // Cells mirroring each other in a ring hold whatever they started with: not mirrors.
        for c in 0..<n where mirror[c] >= 0 {
            var m = mirror[c]
            var steps = 0
            while m >= 0 && m != c && steps <= n {
                m = mirror[m]
                steps += 1
            }
            if m == c { mirror[c] = -1 }
        }
        mirrorOf = mirror
        digestNodes = hasStreams ? nil : (0..<n).filter { c in
            guard program.isSource(c), mirror[c] < 0 else { return false }
            return written.contains(c) || gestured.contains(c) || byAction[c] || rows[c] || !writers[c].isEmpty
        }
    }

    /// The node a mirror cell finally mirrors: `node` itself when it mirrors nothing.
    func mirrorRoot(_ node: Int) -> Int {
        var m = node
        var steps = 0
        while mirrorOf.indices.contains(m), mirrorOf[m] >= 0, steps <= mirrorOf.count {
            m = mirrorOf[m]
            steps += 1
        }
        return m
    }

    /// The cell a gesture amounts to writing with its payload, when that is all it does: it
    /// writes only cells mirroring that cell, fires only events whose handlers forward the payload
    /// into it or its mirrors, runs no action, clears nothing, and the cell itself changes only
    /// derived values (``changesOnlyDerivedValues(_:)``). Typing into a text field bound both ways
    /// to `email` amounts to writing `email`. Nil for any other gesture.
    func cellWritten(by gesture: GesturePlan) -> Int? {
        guard !hasStreams, gesture.actions.isEmpty, gesture.clears.isEmpty, gesture.shownWhile == nil, gesture.tracking == nil, !gesture.writes.isEmpty,
              case .value = gesture.payload else { return nil }
        let root = mirrorRoot(gesture.writes[0])
        guard root != gesture.writes[0], changesOnlyDerivedValues(root) else { return nil }
        for w in gesture.writes where mirrorRoot(w) != root || w == root { return nil }
        for e in gesture.events {
            guard program.actionsOn[e].isEmpty, program.pipelineInputs[e].isEmpty else { return nil }
            for h in program.handlersOn[e] {
                guard let target = program.handlerForwards[h], mirrorRoot(target) == root else { return nil }
            }
        }
        return root
    }

    /// On a screen with stream outputs, true when sending `node` (or writing it) the value it
    /// already has, after it has emitted that value, reaches the state it starts from: no handler
    /// or action hears it, and every pipeline it feeds as its source only maps and filters each
    /// element by expressions that read nothing but the element, into an output of which the same
    /// holds, and the same of every derived value computed from it. Such a pipeline keeps no
    /// state, so the same element does what it did the last time it came, and the last element it
    /// was given is the node's value (every change of a node feeds its pipelines): its output
    /// already holds what it passes now, or it drops it again. (A navigation, `navigate:`, is such
    /// a `map`.) Derived values that read it are computed again from the same values, to the same
    /// values, and usually emit nothing, but not always: a `Double` that is NaN (or a list or
    /// record holding one) is not equal to itself, so it emits again; hence they are held to the
    /// same rule as the node.
    func repeatsChangeNothing(_ node: Int) -> Bool {
        guard hasStreams else { return false }
        var seen = Set([node])
        var stack = [node]
        while let n = stack.popLast() {
            guard program.handlersOn[n].isEmpty, program.actionsOn[n].isEmpty, !rowsFollow[n] else { return false }
            for port in program.pipelineInputs[n] {
                // A row's work listening to the row (its pipeline after the streams') keeps its executions.
                guard port.pipeline < program.spec.streams.count else { return false }
                let stream = program.spec.streams[port.pipeline]
                guard port.op < 0, stream.source == n, stream.timer == nil, stream.errors == nil,
                      stream.operators.allSatisfy(Self.mapsOrFiltersTheElementAlone) else { return false }
                if seen.insert(stream.output).inserted { stack.append(stream.output) }
            }
            for reader in program.readers[n] where seen.insert(reader).inserted { stack.append(reader) }
        }
        return true
    }

    /// On a screen with stream outputs, the part of the screen input `node` drives alone, when
    /// there is one: `node` and what follows from it by ``repeatsChangeNothing(_:)``'s rule (no
    /// handler or action hears it, pipelines that only map and filter each element by itself,
    /// derived values), none of which anything else reads, writes or listens to: no other
    /// pipeline (as a source, a secondary source or a sampled node), handler, action or gesture,
    /// and no derived value outside the part. (Invariants may read it: they judge a state and
    /// change nothing.) A navigation opened by a cell's selection is such a part. Besides the
    /// input sent or set, a gesture that only fires `node` (``firesOnly(_:)``: a table's
    /// `select:`) and a row's event that only fires it (``rowEventFiresOnly(cells:input:)``:
    /// `items.avatarTap`) give the part its element, a row read from the rest.
    ///
    /// Then the rest of the screen never depends on the part, and the part changes only when
    /// the input is given, by what it was and the value given (its pipelines keep no state,
    /// schedule nothing and call nothing): exploration knows a step of the rest from the rest
    /// alone, whatever the part holds, and a step of the input from the part alone.
    func sinkPart(of node: Int, gestures: [GesturePlan]) -> (nodes: [Int], pipelines: [Int])? {
        sinkPart(of: [node], gestures: gestures)
    }

    /// ``sinkPart(of:gestures:)`` of the inputs `starts` (sorted, distinct) fired together, as a
    /// gesture that only fires events fires them all in one transaction with one payload (a
    /// table's `select:` fires the table's own `rowSelected` stream and the input it is bound to,
    /// ``firesOnlyEvents(_:)``): each follows the rule, and the part is what follows from any of
    /// them. A gesture that fires some of them but not all, and a row's event among them, leave
    /// no part.
    func sinkPart(of starts: [Int], gestures: [GesturePlan]) -> (nodes: [Int], pipelines: [Int])? {
        guard !starts.isEmpty, starts.allSatisfy(repeatsChangeNothing) else { return nil }
        let spec = program.spec
        var inPart = Set(starts)
        var pipelines: [Int] = []
        var stack = starts
        while let n = stack.popLast() {
            for port in program.pipelineInputs[n] {
                pipelines.append(port.pipeline)
                let output = spec.streams[port.pipeline].output
                if inPart.insert(output).inserted { stack.append(output) }
            }
            for port in program.pipelineEndInputs[n] where port.pipeline >= spec.streams.count || spec.streams[port.pipeline].source != n || port.op >= 0 {
                return nil
            }
            for reader in program.readers[n] where inPart.insert(reader).inserted { stack.append(reader) }
        }
        let partPipelines = Set(pipelines)
        for (p, stream) in spec.streams.enumerated() where !partPipelines.contains(p) {
            if inPart.contains(stream.source) || inPart.contains(stream.output) || stream.sampledNodes.contains(where: inPart.contains) { return nil }
            if stream.operators.contains(where: { op in op.expressions.contains { $0.nodeReads().contains(where: inPart.contains) } }) { return nil }
        }
        for n in inPart {
            for port in program.pipelineInputs[n] + program.pipelineEndInputs[n] where !partPipelines.contains(port.pipeline) { return nil }
        }
        for handler in spec.handlers {
            if inPart.contains(handler.on) || handler.targets.contains(where: inPart.contains) || handler.startValue.map(inPart.contains) == true
                || (handler.values + [handler.condition].compactMap { $0 }).contains(where: { $0.nodeReads().contains(where: inPart.contains) }) { return nil }
        }
        for action in spec.actions {
            let nodes = [action.trigger, action.enabled, action.executing, action.elements, action.errors, action.completions].compactMap { $0 }
            if nodes.contains(where: inPart.contains) || action.arguments.contains(where: { $0.nodeReads().contains(where: inPart.contains) }) { return nil }
        }
        for g in gestures {
            // A gesture that only fires `node` (a table's selection) is an input of the part; what
            // it reads to make its payload (its rows, its `enabled`) must be the rest's.
            var touched = g.writes + g.clears + (Self.firesOnlyEvents(g) == starts ? [] : g.events) + g.modelEvents
                + [g.enabled, g.hidden, g.shownWhile, g.tracking?.node].compactMap { $0 }
            switch g.payload {
            case .value: break
            case .row(let rows, _), .deleteRow(let rows, _), .moveRow(let rows, _, _, _): touched.append(rows)
            }
            if touched.contains(where: inPart.contains) { return nil }
        }
        // A row's input fires its node `<cells>.<input>` and writes the rows: only a row event
        // that changes nothing in its row (``rowEventFiresOnly(cells:input:)``) may drive a part,
        // and only its own; the rows it reads its payload from are the rest's.
        for (c, entry) in spec.cells.enumerated() {
            if inPart.contains(entry.node) { return nil }
            for (i, input) in entry.inputs.enumerated() where inPart.contains(input.node) {
                guard starts == [input.node], rowEventFiresOnly(cells: c, input: i) == input.node else { return nil }
            }
        }
        for n in inPart where !starts.contains(n) {
            // Only derived values and the pipelines' outputs: nothing a step writes itself.
            if program.isSource(n) { return nil }
            // A derived value that also reads the rest would change with it (and two parts it
            // read would both count it).
            if case .derived(let expression) = spec.nodes[n].kind, !expression.nodeReads().allSatisfy(inPart.contains) { return nil }
        }
        return (inPart.sorted(), Array(partPipelines).sorted())
    }

    /// The event a gesture fires, when firing it is all the gesture does: it writes and clears
    /// no property and executes no action (a table's `select:`, whose payload is the row). Its
    /// payload is read from the rest of the screen (the row, or a constant), and a gesture the
    /// person cannot make then (a disabled control, a row that is not there) does nothing.
    static func firesOnly(_ gesture: GesturePlan) -> Int? {
        guard gesture.writes.isEmpty, gesture.clears.isEmpty, gesture.actions.isEmpty, gesture.modelEvents.isEmpty, gesture.modelActions.isEmpty,
              gesture.events.count == 1 else { return nil }
        return gesture.events[0]
    }

    /// The events a gesture fires, sorted, when firing them is all the gesture does (as
    /// ``firesOnly(_:)``, but any number of them: a table's `select:` fires the table's own
    /// `rowSelected` stream and the input bound to it, in one transaction with one payload).
    static func firesOnlyEvents(_ gesture: GesturePlan) -> [Int]? {
        // A swipe to delete fires its `modelDeleted` with another payload: no single one to key by.
        guard gesture.writes.isEmpty, gesture.clears.isEmpty, gesture.actions.isEmpty, gesture.modelEvents.isEmpty, gesture.modelActions.isEmpty,
              !gesture.events.isEmpty else { return nil }
        return Array(Set(gesture.events)).sorted()
    }

    /// The screen's stream `<cells>.<input>` that sending input `input` to a row of entry `c` fires,
    /// when that is all it does: an event of the view model (no field keeps it), which no handler
    /// of the row hears and no action of the row is triggered by. The row is then written back
    /// with its outputs computed again from the same fields, which gives the values it had (the
    /// rows were written so, and an expression gives the same value from the same fields): the
    /// rows do not change (`ScreenGraph.sendRow`), unless a value in the row is not equal to
    /// itself (a NaN), which exploration checks on the row before it relies on this. A row that
    /// is not there takes no step.
    func rowEventFiresOnly(cells c: Int, input i: Int) -> Int? {
        let spec = program.spec
        guard spec.cells.indices.contains(c), spec.cells[c].inputs.indices.contains(i) else { return nil }
        let entry = spec.cells[c]
        let input = entry.inputs[i]
        guard input.field == nil, input.action == nil, input.stream == nil, !entry.handlers.contains(where: { $0.input == i }),
              !(entry.actions ?? []).contains(where: { $0.trigger == i }) else { return nil }
        return input.node
    }

    /// The screen's stream `<cells>.<input>` that a move sending input `i` to a row of entry `c`
    /// fires, when that is all the move does (``rowEventFiresOnly(cells:input:)``): sent directly,
    /// or through `gesture` when that is a tap on a component of the row's view firing that input
    /// alone. Such a tap fires nothing while the component is disabled on the row, which only its
    /// `enabled` over the row's own names decides (a gesture whose `enabled` fails there reports
    /// it: exploration takes that step). A gesture that writes the component's value (a row
    /// stepper's step, which writes its two-way input and fires its events with the value, or
    /// nothing when the row shows the value already) or fires more than one input is no such
    /// move.
    func rowMoveFiresOnly(cells c: Int, input i: Int, gesture: RowGesture?) -> Int? {
        guard let gesture else { return rowEventFiresOnly(cells: c, input: i) }
        let spec = program.spec
        guard !gesture.writes, gesture.events.count == 1, spec.cells.indices.contains(c),
              let view = spec.cells[c].view, view.indices.contains(gesture.component) else { return nil }
        let events = view[gesture.component].events
        guard events.indices.contains(gesture.events[0]), events[gesture.events[0]].input == i else { return nil }
        return rowEventFiresOnly(cells: c, input: i)
    }

    /// The screen's streams `<cells>.<input>` a gesture on a component of a row of entry `c` may
    /// fire: its events' inputs and, when it writes the component's value, its two-way input.
    func rowGestureFires(cells c: Int, _ gesture: RowGesture) -> [Int] {
        let spec = program.spec
        guard spec.cells.indices.contains(c), let view = spec.cells[c].view, view.indices.contains(gesture.component) else { return [] }
        let component = view[gesture.component]
        var inputs = gesture.events.compactMap { e in component.events.indices.contains(e) ? component.events[e].input : nil }
        if gesture.writes, let twoWay = component.twoWay { inputs.append(twoWay.input) }
        return inputs.compactMap { spec.cells[c].inputs.indices.contains($0) ? spec.cells[c].inputs[$0].node : nil }
    }

    /// On a screen with stream outputs, the request input `node` restarts, when giving it does
    /// nothing else: its one listener is a pipeline whose only operator is a `flatMapLatest` call
    /// with no operators of its own, of a service whose answer does not depend on how often it was
    /// called, and nothing derived reads the input. (An operator after the request keeps a state
    /// and timers of its own, a `skip`'s count, a `delay`'s element, that a restart leaves as
    /// they are: the state reached would depend on them.) Giving the input then cancels the
    /// call in flight (and its timers) and starts one whose state is a function of the value
    /// given and of the nodes the call's arguments read (`reads`): the input, the pipeline and
    /// their timers are overwritten, and nothing else changes until a wait lets the answer in.
    func restartedRequest(by node: Int) -> (pipeline: Int, reads: [Int])? {
        guard hasStreams, program.handlersOn[node].isEmpty, program.actionsOn[node].isEmpty, program.readers[node].isEmpty, !rowsFollow[node],
              program.pipelineInputs[node].count == 1, let port = program.pipelineInputs[node].first, port.op < 0,
              port.pipeline < program.spec.streams.count else { return nil }
        let stream = program.spec.streams[port.pipeline]
        guard stream.source == node, stream.timer == nil, stream.operators.count == 1, let first = stream.operators.first,
              let plan = first.arguments.request, plan.strategy == .latest, plan.inner.isEmpty,
              let service = plan.service, program.spec.services.indices.contains(service), program.spec.services[service].results.count <= 1
        else { return nil }
        var reads: [Int] = []
        for read in plan.call.arguments.flatMap({ $0.nodeReads() }) where read != node && !reads.contains(read) { reads.append(read) }
        return (port.pipeline, reads.sorted())
    }

    /// A `map`, `filter` or `navigate` (an operator whose entry says it keeps no state) whose
    /// expression reads no node of the screen, only the element.
    private static func mapsOrFiltersTheElementAlone(_ op: OperatorPlan) -> Bool {
        OperatorCatalog.entry(named: op.name)?.keepsNoState == true && op.expressions.allSatisfy { $0.nodeReads().isEmpty }
    }

    /// True when writing `node` can change nothing but derived values and the cells mirroring
    /// them, none of which the state digest covers: no handler (but a binding into a mirror),
    /// action or stream operator listens to it or to anything computed from it. Such a write's
    /// state is the old one with `node`'s term replaced.
    func changesOnlyDerivedValues(_ node: Int) -> Bool {
        guard program.isSource(node), !hasStreams, mirrorOf.indices.contains(node), mirrorOf[node] < 0 else { return false }
        var seen = Set([node])
        var stack = [node]
        while let n = stack.popLast() {
            guard program.actionsOn[n].isEmpty, program.pipelineInputs[n].isEmpty, !rowsFollow[n] else { return false }
            for h in program.handlersOn[n] {
                guard let target = program.handlerForwards[h] else { return false }
                if mirrorOf[target] >= 0 {
                    if seen.insert(target).inserted { stack.append(target) }
                } else if mirrorRoot(n) != target {
                    // A binding back into the cell `n` mirrors writes the value it has; into
                    // another cell, it changes a cell.
                    return false
                }
            }
            for r in program.readers[n] where seen.insert(r).inserted { stack.append(r) }
        }
        return true
    }
}
