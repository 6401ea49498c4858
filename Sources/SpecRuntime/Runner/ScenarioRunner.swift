/// Plays scenarios of a checked spec on a fresh graph and virtual clock each, recording the
/// timeline. Deterministic: two runs give equal timelines.
public enum ScenarioRunner {
    /// The most timeline entries one scenario may record. A feedback loop through a zero-latency
    /// service or a `delay` stays within the scheduled-event limit for a long time while printing
    /// hundreds of megabytes; a timeline this long is no longer something a person reads.
    public static let maximumEntries = 1_000_000

    /// The most scheduled items (timers, service replies, delayed emissions) one scenario may run.
    public static let maximumScheduledEvents = 5_000_000

    /// The largest string (in UTF-8 bytes) or list (in elements) an expression may build. A
    /// handler that doubles a string at every tick would otherwise grow until memory runs out.
    public static let maximumValueSize = 1_000_000

    /// The most list elements and characters a scenario's expressions may go through in all:
    /// its time budget. Each value is bounded by ``maximumValueSize`` and each scenario by the
    /// entry and event limits, but a feedback loop that maps a list of a million elements at
    /// every turn would otherwise run for days.
    public static let maximumWork = 100_000_000

    /// The most a timeline may hold, counting every recorded value's size (one per value plus
    /// the bytes of its strings, through lists and records): the scenario's memory budget, and
    /// so also a bound on the printed timeline. A `scan` that appends to a list at each element
    /// records a list one longer each time, which grows quadratically.
    public static let maximumRecordedSize = 8_000_000

    /// Plays every scenario, in declaration order, compiling the spec once.
    public static func runAll(_ spec: CheckedSpec, params: [Value] = []) -> [Timeline] {
        let program = ScreenProgram(spec)
        return spec.scenarios.indices.map { run(program, scenario: $0, params: params) }
    }

    /// Plays one scenario. `coverage`, when given, records what it exercised (see ``CoverageRecorder``).
    /// Compiles the spec; to play more than one scenario, compile it once (``ScreenProgram``).
    public static func run(_ spec: CheckedSpec, scenario index: Int, params: [Value] = [], entryLimit: Int = maximumEntries,
                           eventLimit: Int = maximumScheduledEvents, valueSizeLimit: Int = maximumValueSize,
                           recordedSizeLimit: Int = maximumRecordedSize, workLimit: Int = maximumWork,
                           coverage: CoverageRecorder? = nil) -> Timeline {
        run(ScreenProgram(spec, instrumentation: coverage), scenario: index, params: params, entryLimit: entryLimit, eventLimit: eventLimit,
            valueSizeLimit: valueSizeLimit, recordedSizeLimit: recordedSizeLimit, workLimit: workLimit)
    }

    /// Plays one scenario of a compiled spec; a program compiled with a coverage recorder records
    /// into it what the scenario exercised.
    package static func run(_ program: ScreenProgram, scenario index: Int, params: [Value] = [], entryLimit: Int = maximumEntries,
                            eventLimit: Int = maximumScheduledEvents, valueSizeLimit: Int = maximumValueSize,
                            recordedSizeLimit: Int = maximumRecordedSize, workLimit: Int = maximumWork) -> Timeline {
        var match: TimelineMatch?
        return play(program, scenario: index, params: params, entryLimit: entryLimit, eventLimit: eventLimit, valueSizeLimit: valueSizeLimit,
                    recordedSizeLimit: recordedSizeLimit, workLimit: workLimit, match: &match)
    }

    /// Plays one scenario of a compiled spec as ``run(_:scenario:params:entryLimit:eventLimit:valueSizeLimit:recordedSizeLimit:workLimit:)``
    /// does, and hands `settled` the graph after its start and after every step that acted on it.
    static func run(_ program: ScreenProgram, scenario index: Int, settled: @escaping (ScreenGraph) -> Void) -> Timeline {
        var match: TimelineMatch?
        return play(program, scenario: index, params: [], entryLimit: maximumEntries, eventLimit: maximumScheduledEvents,
                    valueSizeLimit: maximumValueSize, recordedSizeLimit: maximumRecordedSize, workLimit: maximumWork, match: &match,
                    settled: settled)
    }

    /// Plays one scenario of a compiled spec while comparing its timeline with `expected`'s,
    /// and stops at the first entry that prints differently (`specrun mutate`: a mutant is killed
    /// by its first difference). `matches` is true when the whole timeline prints as the expected
    /// one and no limit stopped it; `played` is the timeline as far as it went.
    package static func replay(_ program: ScreenProgram, scenario index: Int, matching expected: TimelineMatch,
                               entryLimit: Int = maximumEntries, eventLimit: Int = maximumScheduledEvents) -> (matches: Bool, played: Timeline) {
        var match: TimelineMatch? = expected
        let timeline = play(program, scenario: index, params: [], entryLimit: entryLimit, eventLimit: eventLimit,
                            valueSizeLimit: maximumValueSize, recordedSizeLimit: maximumRecordedSize, workLimit: maximumWork, match: &match)
        return (!timeline.stoppedByLimit && match?.complete == true, timeline)
    }

    // The one body of `run` and `replay`; `match`, when given, hears every entry.
    private static func play(_ program: ScreenProgram, scenario index: Int, params: [Value], entryLimit: Int, eventLimit: Int,
                             valueSizeLimit: Int, recordedSizeLimit: Int, workLimit: Int, match matchOut: inout TimelineMatch?,
                             settled: ((ScreenGraph) -> Void)? = nil) -> Timeline {
        // The graph's callbacks compare, so the match lives here while the scenario plays.
        var match = matchOut
        defer { matchOut = match }
        let spec = program.spec
        let coverage = program.coverage
        let scenario = spec.scenarios[index]
        // The program's own tables: reading them off the spec's nodes copied every node per scenario.
        let names = program.names
        var longest = 0
        for node in names.indices where program.shown[node] { longest = max(longest, names[node].count) }
        var timeline = Timeline(screen: spec.screen, scenario: scenario.name, nameWidth: longest)
        let clock = VirtualClock(limit: eventLimit)
        // A scenario's own `params:` and `services:` overrides apply unless the caller passes params.
        let graph = ScreenGraph(program: program, clock: clock, params: params.isEmpty ? scenario.params : params,
                                services: scenario.services.isEmpty ? nil : scenario.applying(to: spec).services)
        graph.maximumValueSize = valueSizeLimit
        graph.maximumWork = workLimit
        var entries: [Timeline.Entry] = []
        var recorded = 0
        /// Why the scenario must stop, once a budget ran out; the clock then stops at its next
        /// item, and the scenario after the current step.
        var exceeded: String?
        func stop(_ reason: String) {
            guard exceeded == nil else { return }
            exceeded = reason
            clock.limit = min(clock.limit, clock.executed)
        }
        // The graph keeps the callbacks below, so they must not keep the graph.
        unowned let watched = graph
        /// Entries the match has compared so far.
        var compared = 0
        func budget() {
            if entries.count > entryLimit { stop("the timeline has more than \(entryLimit) entries") }
            if let reason = watched.limitExceeded { stop(reason) }
            compare()
        }
        // A differing entry stops the scenario as a limit does: nothing after it can make the
        // timelines print alike again.
        func compare() {
            guard match != nil else { return }
            while compared < entries.count {
                compared += 1
                if !match!.accept(entries[compared - 1]) { stop("the timeline differs from the expected one") }
            }
        }
        func record(_ emission: Emission) {
            // Only a value that can be large is measured, so the common emission costs nothing more.
            switch emission.value {
            case .string, .list, .record, .navigation, .error:
                recorded += emission.value.size(upTo: max(recordedSizeLimit - recorded, 0))
                if recorded > recordedSizeLimit {
                    stop("the values recorded in the timeline hold more than \(recordedSizeLimit) elements and characters "
                         + "(the memory budget), reached by '\(names[emission.node])'")
                    return
                }
            default:
                recorded += 1
            }
            entries.append(.emission(time: emission.time, name: names[emission.node], value: emission.value))
            budget()
        }
        var started = false
        if let coverage {
            // The graph reports every node; the timeline shows the visible ones, as without coverage.
            let visible = spec.nodes.map(\.visible)
            graph.onEmit = { emission in
                coverage.emitted(emission.node, emission.value, started: started)
                if visible[emission.node] { record(emission) }
            }
        } else {
            graph.onEmit = record
        }
        graph.onRuntimeError = { entries.append(.runtimeError(time: $0, message: $1)); budget() }
        graph.onEnd = { entries.append(.end(time: $0, name: names[$1], end: $2)); budget() }
        graph.onCancel = { entries.append(.cancel(time: $0, name: names[$1], call: $2)); budget() }
        /// Ends the timeline with the reason, located at the step that ran out of budget.
        func stopped(at range: SpecRange) {
            entries.append(.runtimeError(time: clock.now, message: "\(range): \(exceeded ?? "a limit was reached"); "
                + "the scenario stopped (a stream that feeds itself through a service with no latency or a 'delay', "
                + "or a value that grows at every step, does this)"))
            timeline.stoppedByLimit = true
        }
        graph.start()
        started = true
        settled?(graph)
        if exceeded != nil {
            stopped(at: scenario.range)
            timeline.entries = entries
            return timeline
        }
        // Invariants are checked after the start and after every step but an expectation; each
        // is reported when it breaks, not again until it has held once more.
        var judge = ScenarioJudge(spec: spec)
        judge.started(scenario, on: graph) { entries.append($0) }
        steps: for step in scenario.steps {
            // A wait is this host's: the virtual clock runs; every other step acts or judges.
            if case .wait(let ms) = step.part {
                do {
                    try graph.advance(by: ms)
                } catch {
                    stop("more than \(error.limit) scheduled events ran")
                }
            } else {
                judge.play(step, on: graph) { entries.append($0) }
                if case .act = step.part { settled?(graph) }
            }
            compare()
            if exceeded != nil {
                stopped(at: step.range)
                break steps
            }
            judge.checkInvariants(after: step, on: graph) { entries.append($0) }
        }
        timeline.entries = entries
        return timeline
    }
}
