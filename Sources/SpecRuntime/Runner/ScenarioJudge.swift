/// The one judge of a scenario's steps, called by every host that plays scenarios: the virtual
/// runner (``ScenarioRunner``), `specrun run --live` (`LiveScenarioPlayer`) and the preview. A
/// host decides only how time passes in a `wait:` (advance the virtual clock, sleep on the live
/// one, the page's clock) and what stops it; what a step does, what it judges and when the
/// invariants are checked are here, in switches over every step kind (no `default:`, so a new
/// kind is a compile error here, not a step one host quietly passes).
///
/// A host plays each step so: a wait it does itself (``StepPlan/Part/wait``), any other step
/// through ``play(_:on:record:)``; then, unless a limit stopped it, ``checkInvariants(after:on:record:)``.
package struct ScenarioJudge {
    private var watch: InvariantWatch

    package init(spec: CheckedSpec) {
        watch = InvariantWatch(spec: spec)
    }

    /// The invariants, as they stand (for the preview, which shows which are broken).
    package var invariants: InvariantWatch {
        get { watch }
        _modify { yield &watch }
    }

    /// Whether the spec has invariants to check (a live host then runs no job for them).
    package var watchesInvariants: Bool { !watch.isEmpty }

    /// Checks the invariants after the screen started, at the scenario's line.
    package mutating func started(_ scenario: ScenarioPlan, on graph: ScreenGraph, record: (Timeline.Entry) -> Void) {
        guard !watch.isEmpty else { return }
        watch.check(after: "the start", line: scenario.range.start.line, in: graph, record: record)
    }

    /// Plays a step that acts (recorded as the timeline shows it) or judges (a failure recorded
    /// at the step's line) on `graph` now. Returns the failure's message, nil when the step acted
    /// or held. A `wait:` does nothing here: the host lets its time pass.
    @discardableResult
    package func play(_ step: StepPlan, on graph: ScreenGraph, record: (Timeline.Entry) -> Void) -> String? {
        switch step.part {
        case .act:
            _ = graph.act(step, record: record)
            return nil
        case .wait:
            return nil
        case .judge:
            guard let failure = Self.failure(of: step, on: graph) else { return nil }
            record(.failure(time: graph.clock.now, message: failure, file: step.range.file, line: step.range.start.line))
            return failure
        }
    }

    /// Checks the invariants after `step`, at its line, unless it only judged (an expectation
    /// changes nothing, and a broken invariant is not reported again for it).
    package mutating func checkInvariants(after step: StepPlan, on graph: ScreenGraph, record: (Timeline.Entry) -> Void) {
        guard !watch.isEmpty else { return }
        switch step.part {
        case .act, .wait: watch.check(after: "'\(step.text)'", line: step.range.start.line, in: graph, record: record)
        case .judge: break
        }
    }

    /// Why a judging step fails on `graph` now, as a timeline writes it; nil when it holds or the
    /// step judges nothing.
    package static func failure(of step: StepPlan, on graph: ScreenGraph) -> String? {
        switch step.kind {
        case .expectEnd(let node, let expected):
            let actual = graph.streamEnd(of: node)
            guard actual != expected else { return nil }
            return "expected \(graph.spec.nodes[node].name) \(expected.text), got \(actual.map(\.text) ?? "still running")"
        case .expect(let node, let expected):
            let actual = graph.value(of: node)
            // A row's view fields are compared only when the step gives them (``Value/matches(_:)``).
            guard !(actual?.matches(expected) ?? false) && !sameFailure(actual, expected) else { return nil }
            return "expected \(graph.spec.nodes[node].name) == \(ValueFormatter.text(expected)), "
                + "got \(actual.map(ValueFormatter.text) ?? "no value yet")"
        case .expectThat(let expr):
            return graph.failure(of: expr, written: String(step.text.dropFirst("expect ".count)))
        case .expectCalls(let service, let expected):
            let actual = graph.serviceCalls.indices.contains(service) ? graph.serviceCalls[service] : 0
            guard actual != expected else { return nil }
            return "expected \(graph.spec.services[service].name) called \(expected) time\(expected == 1 ? "" : "s"), got \(actual)"
        case .set, .send, .execute, .wait, .end, .endAction, .gesture, .sendRow, .executeRow, .subscribe, .dispose:
            return nil
        }
    }

    /// An expected failure written in a spec (`http(409)`, `decode`) holds for an actual one of the
    /// same kind and status whatever its message: a live backend's failure says why in its
    /// message, which a spec cannot write.
    static func sameFailure(_ actual: Value?, _ expected: Value) -> Bool {
        guard case .error(let a)? = actual, case .error(let e) = expected, e.message == nil, e.kind != .evaluation else { return false }
        return a.isSameFailure(as: e)
    }
}
