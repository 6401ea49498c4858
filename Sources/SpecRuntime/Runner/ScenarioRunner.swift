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

    /// Plays one scenario. Compiles the spec; to play more than one scenario, compile it once
    /// (``ScreenProgram``). SpecTools adds `run(…, coverage:)`, which records what it exercised.
    public static func run(_ spec: CheckedSpec, scenario index: Int, params: [Value] = [], entryLimit: Int = maximumEntries,
                           eventLimit: Int = maximumScheduledEvents, valueSizeLimit: Int = maximumValueSize,
                           recordedSizeLimit: Int = maximumRecordedSize, workLimit: Int = maximumWork) -> Timeline {
        run(ScreenProgram(spec), scenario: index, params: params, entryLimit: entryLimit, eventLimit: eventLimit,
            valueSizeLimit: valueSizeLimit, recordedSizeLimit: recordedSizeLimit, workLimit: workLimit)
    }

    /// Plays one scenario of a compiled spec; a program compiled with an instrumentation reports to
    /// it what the scenario exercised.
    package static func run(_ program: ScreenProgram, scenario index: Int, params: [Value] = [], entryLimit: Int = maximumEntries,
                            eventLimit: Int = maximumScheduledEvents, valueSizeLimit: Int = maximumValueSize,
                            recordedSizeLimit: Int = maximumRecordedSize, workLimit: Int = maximumWork) -> Timeline {
        var match: TimelineMatch?
        return play(program, scenario: index, params: params, entryLimit: entryLimit, eventLimit: eventLimit, valueSizeLimit: valueSizeLimit,
                    recordedSizeLimit: recordedSizeLimit, workLimit: workLimit, match: &match)
    }

    /// Plays one scenario of a compiled spec as ``run(_:scenario:params:entryLimit:eventLimit:valueSizeLimit:recordedSizeLimit:workLimit:)``
    /// does, and hands `settled` the graph after its start and after every step that acted on it.
    package static func run(_ program: ScreenProgram, scenario index: Int, settled: @escaping (ScreenGraph) -> Void) -> Timeline {
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
                             valueSizeLimit: Int, recordedSizeLimit: Int, workLimit: Int, match: inout TimelineMatch?,
                             settled: ((ScreenGraph) -> Void)? = nil) -> Timeline {
        let spec = program.spec
        let scenario = spec.scenarios[index]
        // The program's own tables: reading them off the spec's nodes copied every node per scenario.
        let names = program.names
        var longest = 0
        for node in names.indices where program.shown[node] { longest = max(longest, names[node].count) }
        var timeline = Timeline(screen: spec.screen, scenario: scenario.name, nameWidth: longest, rowLists: TimelineRows.List.of(spec))
        let clock = VirtualClock(limit: eventLimit)
        // A budget that runs out stops the clock at its next item, and the scenario after the
        // current step.
        let recording = ScenarioRecording(names: names, entryLimit: entryLimit, recordedSizeLimit: recordedSizeLimit, match: match,
                                          onStop: { clock.limit = min(clock.limit, clock.executed) })
        let hooks = GraphHooks()
        hooks.runtimeError = { recording.append(.runtimeError(time: $0, message: $1)) }
        hooks.end = { recording.append(.end(time: $0, name: names[$1], end: $2)) }
        hooks.cancel = { recording.append(.cancel(time: $0, name: names[$1], call: $2)) }
        let services = spec.services.map(\.name)
        hooks.called = { recording.append(.call(time: $0, service: services[$1], names: $2, arguments: $3)) }
        hooks.observed = { recording.append($0) }
        // A scenario's own `params:` and `services:` overrides apply unless the caller passes params.
        let graph = ScreenGraph(program: program, clock: clock, params: params.isEmpty ? scenario.params : params,
                                services: scenario.services.isEmpty ? nil : scenario.applying(to: spec).services, hooks: hooks)
        graph.maximumValueSize = valueSizeLimit
        graph.maximumWork = workLimit
        // The graph keeps the callbacks below, so they must not keep the graph.
        unowned let watched = graph
        recording.graphLimit = { watched.limitExceeded }
        var started = false
        if let instrumentation = program.instrumentation {
            // The graph reports every node; the timeline shows the visible ones, as without one.
            let visible = spec.nodes.map(\.visible)
            graph.onEmit = { emission in
                instrumentation.emitted(emission.node, emission.value, started: started)
                if visible[emission.node] { recording.emission(emission.node, emission.value, at: emission.time) }
            }
        } else {
            graph.onEmit = { recording.emission($0.node, $0.value, at: $0.time) }
        }
        graph.start()
        started = true
        var host = VirtualHost(graph: graph, recording: recording, onSettled: settled)
        // What the start made due at 0ms (a `timer: 0ms`, a call of zero latency) runs before the
        // first step, as UIKit's main queue turns after `viewDidLoad` before a person can act.
        host.letTimePass(0)
        var playback = ScenarioPlayback(scenario, of: spec)
        playback.start(on: host)
        playback.playToEnd(on: &host)
        match = recording.match
        timeline.entries = recording.entries
        timeline.stoppedByLimit = playback.stoppedByLimit
        return timeline
    }
}

/// The virtual runner's side of a scenario (see ``ScenarioHost``): work runs at once, a wait
/// advances the virtual clock, entries go to the scenario's recording.
private struct VirtualHost: ScenarioHost {
    let graph: ScreenGraph
    let recording: ScenarioRecording
    let onSettled: ((ScreenGraph) -> Void)?

    func transaction(_ work: () -> Void) { work() }

    func letTimePass(_ milliseconds: Int) {
        do {
            try graph.advance(by: milliseconds)
        } catch {
            recording.stop("more than \(error.limit) scheduled events ran")
        }
    }

    func record(_ entry: Timeline.Entry) { recording.append(entry) }

    func exceeded() -> String? { recording.exceeded }

    func stopped(at range: SpecRange) { recording.closeStopped(at: range, time: graph.clock.now) }

    func settled() { onSettled?(graph) }
}
