/// What a host of scenarios supplies to a ``ScenarioPlayback``: the graph, how its work runs,
/// how time passes in a `wait:`, where entries go and what stops it. Everything else — what each
/// step does, what it judges, when the invariants are checked, when a budget stops the scenario
/// and how that is recorded — is the playback's, the same for every host:
///
/// - the virtual runner (``ScenarioRunner``): work runs at once, a wait advances the virtual clock;
/// - `specrun run --live` (``LiveScenarioPlayer``): work is a job of the live clock, a wait sleeps
///   while the live clock runs what comes due;
/// - the preview: work runs on the session's queue, a wait runs the page's clock;
/// - a conformance run (`SpecConformance`): the spec's graph on a virtual clock, each acting step and
///   wait played on a view model afterwards.
package protocol ScenarioHost {
    /// The screen the scenario plays on.
    var graph: ScreenGraph { get }
    /// Runs `work` as one transaction of the screen's work (a live clock's job; at once on a
    /// virtual clock).
    func transaction(_ work: () -> Void)
    /// Lets `milliseconds` of the screen's time pass, running what comes due meanwhile.
    mutating func letTimePass(_ milliseconds: Int)
    /// Appends `entry` to the timeline (steps, failed expectations, broken invariants).
    func record(_ entry: Timeline.Entry)
    /// Why the scenario must stop now (a budget ran out), nil to go on. Asked after the start
    /// and after each step, outside any transaction.
    func exceeded() -> String?
    /// Ends the timeline with the reason the scenario stopped, at `range` (the scenario's line
    /// when it stopped while starting, else the step's).
    func stopped(at range: SpecRange)
    /// The screen settled after its start or after a step that acted (`ConeReplay` compares
    /// graphs there); nothing by default.
    func settled()
    /// The step about to act on the screen (a conformance run plays it on the view model too);
    /// nothing by default.
    mutating func willAct(_ step: StepPlan)
}

extension ScenarioHost {
    package func settled() {}
    package func willAct(_ step: StepPlan) {}
}

/// One scenario played step by step, the same way on every host (see ``ScenarioHost``): a host
/// starts it once its screen started, then plays the next step until ``isOver``. A step that
/// acts or judges runs as one transaction through the ``ScenarioJudge``; a `wait:` is the host's
/// time passing; then, unless a budget stopped the scenario, the invariants are checked (not
/// after an expectation, which changes nothing). The per-step verdicts are kept for the preview,
/// which shows them and stops a `continue` at the first that fails.
package struct ScenarioPlayback {
    package let scenario: ScenarioPlan
    /// How many steps have been played.
    package private(set) var position = 0
    /// Per step played: nil when it acted, waited or held, else the failed expectation's message.
    package private(set) var failures: [String?] = []
    /// True once a budget stopped the scenario; no step plays after it.
    package private(set) var stoppedByLimit = false
    /// Judges the steps and watches the invariants (the preview hands it to the person who takes
    /// over from a scenario, invariants as they stand).
    package private(set) var judge: ScenarioJudge

    package init(_ scenario: ScenarioPlan, of spec: CheckedSpec) {
        self.scenario = scenario
        judge = ScenarioJudge(spec: spec)
    }

    /// Whether every step has been played, or a budget stopped the scenario.
    package var isOver: Bool { stoppedByLimit || position >= scenario.steps.count }

    /// After the screen started: stops the scenario if that already ran out of a budget, else
    /// checks the invariants at the scenario's line.
    package mutating func start(on host: some ScenarioHost) {
        host.settled()
        if host.exceeded() != nil {
            stop(at: scenario.range, on: host)
            return
        }
        guard judge.watchesInvariants else { return }
        host.transaction { judge.started(scenario, on: host.graph, record: host.record) }
    }

    /// Plays the next step (nothing once ``isOver``).
    package mutating func playNext<Host: ScenarioHost>(on host: inout Host) {
        guard !isOver else { return }
        let step = scenario.steps[position]
        var failure: String?
        if case .wait(let ms) = step.part {
            // A wait of 0 ms moves no time, so the time column cannot show it; its line marks
            // where the work steps scheduled for now runs (a 0 ms call's answer), which an
            // `expect:` before it does not see.
            if ms == 0 { host.record(.step(time: host.graph.clock.now, text: "wait 0ms")) }
            host.letTimePass(ms)
        } else {
            if case .act = step.part { host.willAct(step) }
            let graph = host.graph
            host.transaction { failure = judge.play(step, on: graph, record: host.record) }
            if case .act = step.part { host.settled() }
        }
        position += 1
        failures.append(failure)
        if host.exceeded() != nil {
            stop(at: step.range, on: host)
            return
        }
        guard judge.watchesInvariants else { return }
        let graph = host.graph
        host.transaction { judge.checkInvariants(after: step, on: graph, record: host.record) }
    }

    /// Plays every step left.
    package mutating func playToEnd<Host: ScenarioHost>(on host: inout Host) {
        while !isOver { playNext(on: &host) }
    }

    private mutating func stop(at range: SpecRange, on host: some ScenarioHost) {
        stoppedByLimit = true
        host.stopped(at: range)
    }
}
