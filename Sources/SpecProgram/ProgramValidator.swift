/// Checks that a program read from outside (a compiled spec's JSON) holds together before the
/// engine runs it: every node, action, service and component an index names exists, counts and
/// durations are not negative, counts that pair two arrays match, `rank` orders the nodes with
/// every node after what it reacts to (so one propagation cannot loop), and each node a plan
/// expects to compute (an invariant, a derived value) is one. The checker guarantees all of this
/// for the programs it builds; a JSON file guarantees nothing, and the engine indexes its tables
/// without checking.
struct ProgramValidator {
    let spec: CheckedSpec

    init(_ spec: CheckedSpec) { self.spec = spec }

    /// Work written as a stream: a pipeline from its executions node whose one operator is a
    /// request that merges (one execution runs at a time), feeding the action's results.
    private func work(_ work: ActionWorkPlan, of a: Int, _ at: String) throws(CompiledSpecError) {
        let action = spec.actions[a]
        try index(work.pipeline, spec.streams.count, "stream", at)
        try node(work.executions, at)
        let stream = spec.streams[work.pipeline]
        guard stream.source == work.executions, stream.timer == nil, stream.operators.count == 1,
              let request = stream.operators[0].arguments.request, request.strategy == .merge, !request.failuresEnd else {
            throw fail("\(at) names stream \(work.pipeline) as its work, which is not one merging request from its executions node \(work.executions)")
        }
        if action.service != -1 { try index(action.service, spec.services.count, "service", at) }
        if let trigger = action.trigger { try after(work.executions, trigger, at, "executes") }
        for n in [action.elements, action.errors] { try after(n, stream.output, at, "receives its work in") }
        // The two nodes are this action's alone: no other action's work, stream or handler
        // feeds them, so every execution's element is this action's input.
        for n in [work.executions, stream.output] {
            guard case .actionWork(let owner) = spec.nodes[n].role, owner == a, case .stream = spec.nodes[n].kind else {
                throw fail("\(at) has node \(n) in its work, which is not a stream node of its own work")
            }
        }
        guard spec.actions.filter({ $0.work?.pipeline == work.pipeline || $0.work?.executions == work.executions }).count == 1 else {
            throw fail("\(at) shares its work with another action")
        }
        for (p, other) in spec.streams.enumerated() where p != work.pipeline {
            if other.output == work.executions || other.output == stream.output || other.source == work.executions || other.operators.contains(where: { $0.secondarySources.contains(work.executions) }) {
                throw fail("\(at) has its work's nodes fed or read by streams[\(p)]")
            }
        }
        if spec.handlers.contains(where: { $0.targets.contains(work.executions) || $0.targets.contains(stream.output) }) {
            throw fail("\(at) has its work's nodes written by a handler")
        }
    }

    func validate() throws(CompiledSpecError) {
        let nodeCount = spec.nodes.count
        guard spec.rank.count == nodeCount, Set(spec.rank).count == nodeCount, spec.rank.allSatisfy({ (0..<nodeCount).contains($0) }) else {
            throw fail("'rank' is not an order of the \(nodeCount) nodes")
        }
        for (i, node) in spec.nodes.enumerated() {
            let at = "nodes[\(i)]"
            if case .derived(let e) = node.kind {
                try expression(e, at)
                for read in e.nodeReads() where spec.rank[read] >= spec.rank[i] {
                    throw fail("\(at) reads node \(read), which does not come before it in 'rank'")
                }
            }
            switch node.role {
            case .actionEnabled(let a), .actionExecuting(let a), .actionElements(let a), .actionErrors(let a), .actionCompletions(let a),
                 .actionWork(let a):
                try index(a, spec.actions.count, "action", at)
            case .input, .state, .output, .param, .component: break
            }
        }
        for (i, action) in spec.actions.enumerated() {
            let at = "actions[\(i)]"
            try optionalNode(action.trigger, at)
            for n in [action.enabled, action.executing, action.elements, action.errors] {
                try node(n, at)
                if let trigger = action.trigger { try after(n, trigger, at, "updates") }
            }
            try optionalNode(action.completions, at)
            if let work = action.work {
                try self.work(work, of: i, at)
            } else {
                try index(action.service, spec.services.count, "service", at)
            }
            guard action.argumentNames.count == action.arguments.count else { throw fail("\(at) has \(action.argumentNames.count) argument names for \(action.arguments.count) arguments") }
            for e in action.arguments { try expression(e, at) }
        }
        for (i, handler) in spec.handlers.enumerated() {
            let at = "handlers[\(i)]"
            try node(handler.on, at)
            guard handler.targets.count == handler.values.count else { throw fail("\(at) has \(handler.targets.count) targets for \(handler.values.count) values") }
            guard handler.constraints.isEmpty || handler.constraints.count == handler.targets.count else { throw fail("\(at) has \(handler.constraints.count) constraints for \(handler.targets.count) targets") }
            for t in handler.targets {
                try node(t, at)
                // A write goes forward in 'rank', as the checker orders them: a handler that wrote
                // its own node, or one before it, would run again in the same propagation forever.
                try after(t, handler.on, at, "writes")
            }
            for e in handler.values { try expression(e, at) }
            if let condition = handler.condition { try expression(condition, at) }
            try optionalNode(handler.startValue, at)
        }
        for (i, service) in spec.services.enumerated() { try self.service(service, "services[\(i)]") }
        for (i, scenario) in spec.scenarios.enumerated() {
            let at = "scenarios[\(i)]"
            guard scenario.params.count == spec.params.count else { throw fail("\(at) gives \(scenario.params.count) parameters for \(spec.params.count)") }
            for (index, plan) in scenario.services {
                try self.index(index, spec.services.count, "service", at)
                try service(plan, at)
            }
            for (j, step) in scenario.steps.enumerated() { try self.step(step.kind, "\(at).steps[\(j)]") }
        }
        for p in spec.params { try node(p, "params") }
        for (i, stream) in spec.streams.enumerated() {
            let at = "streams[\(i)]"
            try node(stream.output, at)
            try optionalNode(stream.errors, at)
            // A stream's source is a node, or -1 with a timer (`interval:`, `timer:`) as its source.
            if let timer = stream.timer {
                guard stream.source == -1 else { throw fail("\(at) has a timer and node \(stream.source) as its source; a timer's stream has source -1") }
                guard timer.dueTime >= 0, (timer.period ?? 1) > 0 else { throw fail("\(at) has a timer with a negative time") }
                // Its times are written: there is no element to compute them from.
                guard timer.computed == nil else { throw fail("\(at) has a timer that computes its times, which only an inner timer does") }
            } else {
                try node(stream.source, at)
                // A stream whose request answers only later (an `interval` inside `flatMapLatest`)
                // may come before its source, closing a loop: the engine delivers the source's
                // changes to it in a transaction of their own (StreamPlan+Feedback.swift).
                if !stream.answersLater { try after(stream.output, stream.source, at, "outputs") }
            }
            try operators(stream.operators, at)
            // What a stream listens to comes before it in 'rank' (else two streams could feed
            // each other forever), except the nodes it only samples (`withLatestFrom`), which the
            // checker lets close a loop.
            for n in Self.listened(stream.operators) {
                try node(n, at)
                try after(stream.output, n, at, "outputs")
            }
        }
        for (i, component) in spec.components.enumerated() {
            let at = "components[\(i)]"
            for p in component.properties {
                try node(p.node, at)
                try optionalNode(p.edits, at)
            }
            for e in component.events {
                try node(e.node, at)
                for f in e.feeds { try node(f, at) }
                for a in e.actions { try index(a, spec.actions.count, "action", at) }
            }
            if let bounds = component.bounds { try self.bounds(bounds, of: component, at) }
            if let choices = component.choices { try self.choices(choices, at) }
        }
        for (i, plan) in spec.stateInitials.enumerated() {
            let at = "stateInitials[\(i)]"
            try node(plan.node, at)
            switch (spec.nodes[plan.node].kind, spec.nodes[plan.node].role) {
            case (.state, .state), (.property, .input): break
            case (.state, .output) where spec.streams.contains(where: { $0.output == plan.node && $0.holdsValue }): break
            default: throw fail("\(at) names node \(plan.node), which is neither a state, an input property nor a stream output that holds a value")
            }
            try expression(plan.value, at)
            for read in plan.value.nodeReads() where !spec.params.contains(read) {
                throw fail("\(at) reads node \(read), which is not a parameter: a state's or an input's first value is computed before anything else has one")
            }
        }
        for (i, invariant) in spec.invariants.enumerated() {
            try node(invariant.node, "invariants[\(i)]")
            guard case .derived = spec.nodes[invariant.node].kind else { throw fail("invariants[\(i)] names node \(invariant.node), which computes no value") }
        }
        for (i, plan) in spec.cells.enumerated() { try cells(plan, "cells[\(i)]") }
        try explore(spec.explore)
    }

    private func step(_ kind: StepPlan.Kind, _ at: String) throws(CompiledSpecError) {
        switch kind {
        case .set(let n, _), .send(let n, _), .expect(let n, _), .expectEnd(let n, _), .end(let n, _): try node(n, at)
        case .execute(let a, _), .endAction(let a, _): try index(a, spec.actions.count, "action", at)
        case .wait(let ms): try nonNegative(ms, "a wait", at)
        case .expectThat(let e): try expression(e, at)
        case .expectCalls(let s, let count):
            try index(s, spec.services.count, "service", at)
            try nonNegative(count, "a count of calls", at)
        case .gesture(let g): try gesture(g, at)
        case .sendRow(let c, let input, _, _, let gesture):
            try index(c, spec.cells.count, "cells", at)
            try index(input, spec.cells[c].inputs.count, "input", at)
            guard !spec.cells[c].isActionStream(input) else { throw fail("\(at) sends to a stream a row's action feeds") }
            if let gesture { try rowGesture(gesture, spec.cells[c], at) }
        case .executeRow(let c, let action, _, _):
            try index(c, spec.cells.count, "cells", at)
            try index(action, spec.cells[c].actions?.count ?? 0, "action", at)
        case .subscribe(_, let n): try node(n, at)
        case .dispose: break
        }
    }

    /// Bounds in cells: three distinct Double cells the engine writes, the value after both
    /// bounds (it is settled once they are), and a step, if any, above 0.
    private func bounds(_ bounds: ComponentPlan.Bounds, of component: ComponentPlan, _ at: String) throws(CompiledSpecError) {
        let cells = [bounds.minimum, bounds.maximum, bounds.value] + (bounds.step.map { [$0] } ?? [])
        for n in cells {
            try node(n, at)
            guard case .state = spec.nodes[n].kind, spec.nodes[n].type == .double else { throw fail("\(at) bounds node \(n), which is no Double cell") }
        }
        guard Set(cells).count == cells.count else { throw fail("\(at) names one node twice among its bounds and value") }
        try after(bounds.value, bounds.minimum, at, "bounds")
        try after(bounds.value, bounds.maximum, at, "bounds")
        if let step = component.step, !(step.isFinite && step > 0) { throw fail("\(at) has a component stepping by \(step)") }
    }

    /// Titles in a cell: a `[String]` cell and an Int cell the engine writes, the index after the
    /// titles (it is settled once they are), and no component's bounds on either.
    private func choices(_ choices: ComponentPlan.Choices, _ at: String) throws(CompiledSpecError) {
        for (n, type) in [(choices.titles, SpecType.list(.string)), (choices.value, .int)] {
            try node(n, at)
            guard case .state = spec.nodes[n].kind, spec.nodes[n].type == type else { throw fail("\(at) titles node \(n), which is no '\(type)' cell") }
        }
        guard choices.titles != choices.value else { throw fail("\(at) names one node for its titles and its index") }
        guard !spec.components.contains(where: { $0.bounds.map { [$0.minimum, $0.maximum, $0.value] }?.contains(choices.value) ?? false }) else {
            throw fail("\(at) bounds an index that a component's bounds also bound")
        }
        try after(choices.value, choices.titles, at, "titles")
    }

    private func gesture(_ g: GesturePlan, _ at: String) throws(CompiledSpecError) {
        if let c = g.bounds {
            try index(c, spec.components.count, "component", at)
            guard spec.components[c].bounds != nil || spec.components[c].choices != nil else { throw fail("\(at) checks the bounds of a component with none in cells") }
        }
        try optionalNode(g.enabled, at)
        try optionalNode(g.hidden, at)
        try optionalNode(g.shownWhile, at)
        for n in g.writes + g.events + g.clears + g.modelEvents + [g.tracking?.node].compactMap({ $0 }) { try node(n, at) }
        for a in g.actions + g.modelActions { try index(a, spec.actions.count, "action", at) }
        switch g.payload {
        case .value: break
        case .row(let rows, let index), .deleteRow(let rows, let index):
            try node(rows, at)
            try nonNegative(index, "a row", at)
        case .moveRow(let rows, let from, let to, _):
            try node(rows, at)
            try nonNegative(from, "a row", at)
            try nonNegative(to, "a row", at)
        }
    }

    private func service(_ service: ServicePlan, _ at: String) throws(CompiledSpecError) {
        try nonNegative(service.latency, "a latency", at)
        try nonNegative(service.timeout ?? 0, "a timeout", at)
        if let http = service.http { try self.http(http, at) }
        let results = service.results.map(\.self) + service.cases.map(\.result)
        for result in results {
            try nonNegative(result.latency ?? 0, "a latency", at)
            if case .sequence(let events) = result.outcome {
                for e in events { try nonNegative(e.time, "a time", at) }
            }
        }
    }

    /// Each operator's arguments have the shape its entry reads and its node indexes; a
    /// request's call names a service with as many names as arguments.
    /// `slots` 0: the operators of a row's work, whose expressions read the row alone.
    /// `depth`: how many requests' inner operators `list` is inside; the engine nests requests
    /// one level (a request in a request's `ops:`, its own holding none).
    func operators(_ list: [OperatorPlan], _ at: String, slots: Int? = nil, depth: Int = 0) throws(CompiledSpecError) {
        for op in list {
            let here = "\(at) '\(op.name)'"
            if depth >= 2, op.arguments.request != nil { throw fail("\(here) is a request inside a nested request's operators; requests nest one level") }
            for n in op.secondarySources { try node(n, here) }
            guard let entry = OperatorCatalog.entry(named: op.name) else { throw fail("\(here) is not an operator this engine has") }
            if let problem = entry.shape.problem(with: op.arguments) { throw fail("\(here) \(problem)") }
            for n in op.arguments.sources { try node(n, here) }
            for e in op.arguments.expressions { try expression(e, here, slots: slots) }
            if let plan = op.arguments.request {
                if let choice = plan.choice { try self.choice(choice, of: plan, here, slots: slots) }
                for b in 0..<plan.branchCount {
                    let (call, source) = plan.branch(b)
                    switch source {
                    case .call: try index(call.service, spec.services.count, "service", here)
                    case .just, .error:
                        guard call.arguments.count == 1 else { throw fail("\(here) has \(call.arguments.count) values for its inner stream's one") }
                    case .empty, .never: break
                    case .timer(let t):
                        try innerTimer(t, call, here)
                    }
                    guard call.argumentNames.count == call.arguments.count else {
                        throw fail("\(here) has \(call.argumentNames.count) argument names for \(call.arguments.count) arguments")
                    }
                    for e in call.arguments { try expression(e, here, slots: slots) }
                }
                try operators(plan.inner, here, slots: slots, depth: depth + 1)
            }
        }
    }

    /// An inner timer's written times are not negative (a period above 0); a time it computes
    /// names one of its request's arguments, each argument computing one of them, in a unit a
    /// spec names.
    private func innerTimer(_ t: TimerPlan, _ call: ServiceCall, _ here: String) throws(CompiledSpecError) {
        let computed = [t.computed?.dueTime, t.computed?.period]
        guard computed[0] != nil || t.dueTime >= 0, computed[1] != nil || (t.period ?? 1) > 0 else {
            throw fail("\(here) has an inner timer of \(t.dueTime) ms, period \(t.period ?? 0) ms")
        }
        guard computed[1] == nil || t.period != nil else { throw fail("\(here) has an inner timer that computes a period it does not have") }
        for case let d? in computed {
            try index(d.argument, call.arguments.count, "argument", here)
            guard ComputedDuration.units.contains(where: { $0.milliseconds == d.unit }) else {
                throw fail("\(here) has an inner timer computing its time in units of \(d.unit) ms; a spec names seconds (1000) or milliseconds (1)")
            }
        }
        // Every argument computes a time: no value is computed per element for nothing.
        let used = Set(computed.compactMap { $0?.argument })
        guard used.count == call.arguments.count else {
            throw fail("\(here) has \(call.arguments.count) values for its inner timer's \(used.count) computed times")
        }
    }

    private func explore(_ plan: ExplorePlan) throws(CompiledSpecError) {
        for input in plan.inputs { try node(input.node, "explore.inputs") }
        for e in plan.events { try node(e, "explore.events") }
        for a in plan.actions { try index(a, spec.actions.count, "action", "explore.actions") }
        guard plan.actionInputs.count == plan.actions.count else { throw fail("explore has \(plan.actionInputs.count) action inputs for \(plan.actions.count) actions") }
        for g in plan.gestures { try gesture(g.gesture, "explore.gestures") }
        for w in plan.waits { try nonNegative(w, "a wait", "explore.waits") }
        for r in plan.rows {
            try index(r.cells, spec.cells.count, "cells", "explore.rows")
            try index(r.input, spec.cells[r.cells].inputs.count, "input", "explore.rows")
            guard !spec.cells[r.cells].isActionStream(r.input) else { throw fail("explore.rows sends to a stream a row's action feeds") }
            if let gesture = r.gesture { try rowGesture(gesture, spec.cells[r.cells], "explore.rows") }
        }
        for r in plan.rowActions {
            try index(r.cells, spec.cells.count, "cells", "explore.rowActions")
            try index(r.action, spec.cells[r.cells].actions?.count ?? 0, "action", "explore.rowActions")
        }
        for s in plan.services {
            try index(s.index, spec.services.count, "service", "explore.services")
            for outcome in s.outcomes {
                try nonNegative(outcome.latency ?? 0, "a latency", "explore.services")
                if case .sequence(let events)? = outcome.outcome {
                    for e in events { try nonNegative(e.time, "a time", "explore.services") }
                }
            }
        }
        try nonNegative(plan.depth ?? 0, "a depth", "explore")
    }

    /// Every node an expression reads exists (or, in an `http:` plan, every slot: `slots` is
    /// their count), every builtin it calls takes its arguments, every record or navigation it
    /// makes has a name per value, and every field it picks is not negative.
    func expression(_ e: TypedExpr, _ at: String, slots: Int? = nil) throws(CompiledSpecError) {
        switch e {
        case .node(let n):
            if let slots { try index(n, slots, "slot", at) } else { try node(n, at) }
        case .operatorArgument(let i): try nonNegative(i, "an operator argument", at)
        case .outerClosureArgument(let n): try nonNegative(n, "an outer closure argument", at)
        case .constant, .eventPayload, .closureArgument: break
        case .not(let a), .negate(let a, _): try expression(a, at, slots: slots)
        case .member(let a, let member, _):
            if case .field(let i) = member { try nonNegative(i, "a field", at) }
            try expression(a, at, slots: slots)
        case .arithmetic(_, _, let a, let b), .concatenate(let a, let b, _), .equal(let a, let b, _), .order(_, let a, let b),
             .and(let a, let b), .or(let a, let b), .coalesce(let a, let b), .closureCall(_, let a, let b):
            try expression(a, at, slots: slots)
            try expression(b, at, slots: slots)
        case .conditional(let c, let a, let b):
            try expression(c, at, slots: slots)
            try expression(a, at, slots: slots)
            try expression(b, at, slots: slots)
        case .call(let builtin, let args):
            guard let entry = BuiltinCatalog.entry(builtin) else { throw fail("\(at) calls builtin '\(builtin.id)', which this engine does not have") }
            if let problem = entry.problem(with: args) { throw fail("\(at) calls builtin '\(builtin.id)' \(problem)") }
            for a in args { try expression(a, at, slots: slots) }
        case .list(let args):
            for a in args { try expression(a, at, slots: slots) }
        case .makeRecord(let type, let names, let args):
            guard names.count == args.count else { throw fail("\(at) makes a '\(type)' record of \(args.count) fields with \(names.count) field names") }
            for a in args { try expression(a, at, slots: slots) }
        case .makeNavigation(let screen, let names, let args):
            guard names.count == args.count else { throw fail("\(at) makes a navigation to '\(screen)' with \(args.count) parameters for \(names.count) parameter names") }
            for a in args { try expression(a, at, slots: slots) }
        case .interpolation(let parts):
            for case .value(let a) in parts { try expression(a, at, slots: slots) }
        case .probe(_, let a): try expression(a, at, slots: slots)
        }
    }

    /// An `http:` plan's placeholders name its parameters, and its expressions read only its
    /// slots (the parameters, then the environment variables).
    private func http(_ plan: HTTPPlan, _ at: String) throws(CompiledSpecError) {
        let here = at + ".http"
        for case .parameter(let k) in plan.url { try index(k, plan.parameterNames.count, "parameter", here) }
        let slots = plan.parameterNames.count + plan.environment.count
        for item in plan.query + plan.headers { try expression(item.value, here, slots: slots) }
        // A body nests no deeper than the JSON it was read from.
        var bodies = plan.body.map { [$0] } ?? []
        while let body = bodies.popLast() {
            switch body {
            case .object(let members): bodies += members.map(\.value)
            case .array(let elements): bodies += elements
            case .value(let e): try expression(e, here, slots: slots)
            }
        }
        try nonNegative(plan.timeout, "a timeout", here)
    }

    /// The nodes a pipeline's operators listen to, not only sample: every other source but a
    /// `withLatestFrom`'s, in a request's `ops:` too.
    private static func listened(_ list: [OperatorPlan]) -> [Int] {
        list.flatMap { op -> [Int] in
            if let plan = op.arguments.request { return listened(plan.inner) }
            return op.readsLatestOnly ? [] : op.secondarySources
        }
    }

    /// `later` comes after `earlier` in 'rank' (both are nodes of the program).
    func after(_ later: Int, _ earlier: Int, _ at: String, _ verb: String) throws(CompiledSpecError) {
        // Checked here too: some callers compare nodes no earlier check has bounded.
        try index(later, spec.rank.count, "ranked node", at)
        try index(earlier, spec.rank.count, "ranked node", at)
        guard spec.rank[later] > spec.rank[earlier] else {
            throw fail("\(at): node \(later), which it \(verb), does not come after node \(earlier) in 'rank'")
        }
    }

    func node(_ n: Int, _ at: String) throws(CompiledSpecError) {
        try index(n, spec.nodes.count, "node", at)
    }

    private func optionalNode(_ n: Int?, _ at: String) throws(CompiledSpecError) {
        if let n { try node(n, at) }
    }

    func index(_ i: Int, _ count: Int, _ what: String, _ at: String) throws(CompiledSpecError) {
        guard (0..<count).contains(i) else { throw fail("\(at) names \(what) \(i), but the program has \(count) \(what)s") }
    }

    func nonNegative(_ n: Int, _ what: String, _ at: String) throws(CompiledSpecError) {
        guard n >= 0 else { throw fail("\(at) has \(what) of \(n)") }
    }

    func fail(_ message: String) -> CompiledSpecError {
        CompiledSpecError("inconsistent compiled spec: " + message)
    }
}
