import Foundation

/// Plays a scenario on a ``LiveScreen``, for `specrun run --live`: the live clock on real time, one
/// serial executor, the given providers answering in tasks of their own (calls overlap as they do
/// in an app, and a `flatMapLatest` that switches cancels the task of the call it leaves), the
/// spec's fakes for the other services. Records the timeline a virtual run records, stamped with
/// real elapsed milliseconds, and every step is played and judged by the ``ScenarioJudge`` a
/// virtual run uses.
///
/// A `wait:` lets real time run for its duration from the moment it begins: the screen's own
/// timer runs what comes due meanwhile, as in an app. Other steps are jobs of the screen's
/// executor and take no time to speak of.
package enum LiveScenarioPlayer {
    /// What one call of a served service answered, as it reached the graph (a call cancelled
    /// first never does): for checking the fakes against the backend.
    package struct Answer {
        package var service: Int
        /// How many calls of the service the screen made before this one.
        package var count: Int
        package var names: [String]
        package var arguments: [Value]
        package var outcome: ServicePlan.Outcome
    }

    /// Plays scenario `index` of `spec` with `providers` by service name; `answered` is told of
    /// each answer of a provided service applied to the graph, in order, as graph work. The
    /// scenario plays on a thread of its own, which sleeps through its waits: none of Swift
    /// concurrency's threads, which the providers' tasks need, is held.
    package static func run(_ spec: CheckedSpec, scenario index: Int, providers: [String: any ServiceProvider],
                            entryLimit: Int = ScenarioRunner.maximumEntries,
                            eventLimit: Int = ScenarioRunner.maximumScheduledEvents,
                            recordedSizeLimit: Int = ScenarioRunner.maximumRecordedSize,
                            answered: (@Sendable (Answer) -> Void)? = nil) async -> Timeline {
        let inputs = UncheckedBox((spec, providers))
        return await withCheckedContinuation { (done: CheckedContinuation<Timeline, Never>) in
            let thread = Thread {
                done.resume(returning: runWaiting(inputs.value.0, scenario: index, providers: inputs.value.1, entryLimit: entryLimit,
                                                  eventLimit: eventLimit, recordedSizeLimit: recordedSizeLimit, answered: answered))
            }
            // Propagation recurses through the graph: a main thread's stack, not a small one.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// ``run(_:scenario:providers:entryLimit:eventLimit:recordedSizeLimit:answered:)`` on the
    /// calling thread, which sleeps through the scenario's waits: it must not be one of Swift
    /// concurrency's, which the providers' tasks need (the command line's main thread is not).
    package static func runWaiting(_ spec: CheckedSpec, scenario index: Int, providers: [String: any ServiceProvider],
                                   entryLimit: Int = ScenarioRunner.maximumEntries,
                                   eventLimit: Int = ScenarioRunner.maximumScheduledEvents,
                                   recordedSizeLimit: Int = ScenarioRunner.maximumRecordedSize,
                                   answered: (@Sendable (Answer) -> Void)? = nil) -> Timeline {
        let scenario = spec.scenarios[index]
        let applied = scenario.applying(to: spec)
        var timeline = Timeline(screen: spec.screen, scenario: scenario.name, nameWidth: spec.longestVisibleName,
                                rowLists: TimelineRows.List.of(spec))
        let screen: LiveScreen
        do {
            screen = LiveScreen(spec: applied, paramValues: scenario.params)
            for (name, provider) in providers.sorted(by: { $0.key < $1.key }) { try screen.provide(name, provider) }
        } catch {
            timeline.entries = [.runtimeError(time: 0, message: "\(spec.file): \(error)")]
            return timeline
        }
        defer { screen.stop() }
        let (graph, clock) = (screen.graph, screen.clock)
        graph.maximumValueSize = ScenarioRunner.maximumValueSize
        graph.maximumWork = ScenarioRunner.maximumWork
        // Real time cannot loop as virtual time can, but a feedback loop through a zero latency
        // still runs forever at one instant: the same bound as a virtual run.
        graph.clock.limit = eventLimit
        let box = UncheckedBox(graph)
        let recording = ScenarioRecording(names: spec.nodes.map(\.name), entryLimit: entryLimit, recordedSizeLimit: recordedSizeLimit,
                                          onStop: { box.value.clock.limit = min(box.value.clock.limit, box.value.clock.executed) })
        recording.graphLimit = { box.value.limitExceeded }
        for node in spec.nodes.indices where spec.nodes[node].visible {
            screen.addRecorder(node, onValue: { value in recording.emission(node, value, at: box.value.clock.now) },
                               onEnd: { if let end = box.value.streamEnd(of: node) { recording.append(.end(time: box.value.clock.now, name: spec.nodes[node].name, end: end)) } })
        }
        graph.hooks.cancel = { time, node, call in recording.append(.cancel(time: time, name: spec.nodes[node].name, call: call)) }
        let services = spec.services.map(\.name)
        graph.hooks.called = { time, service, names, arguments in
            recording.append(.call(time: time, service: services[service], names: names, arguments: arguments))
        }
        graph.hooks.observed = { recording.append($0) }
        screen.onRuntimeError { time, message in recording.append(.runtimeError(time: time, message: message)) }
        if let answered {
            screen.calls.onDeliver = { service, request, count, outcome in
                answered(Answer(service: service, count: count, names: request.parameters, arguments: request.arguments, outcome: outcome))
            }
        }
        screen.start()
        var host = LiveHost(graph: graph, clock: clock, recording: recording, eventLimit: eventLimit)
        var playback = ScenarioPlayback(scenario, of: spec)
        playback.start(on: host)
        playback.playToEnd(on: &host)
        // What the screen does while it stops is not part of the scenario.
        clock.read { recording.close() }
        screen.stop()
        timeline.entries = clock.read { recording.entries }
        timeline.stoppedByLimit = playback.stoppedByLimit
        return timeline
    }
}

/// `run --live`'s side of a scenario (see ``ScenarioHost``): every step is a job of the live
/// clock, which first catches up with real time, running what came due; a wait sleeps while the
/// clock's own timer runs what comes due, as in an app.
private struct LiveHost: ScenarioHost {
    let graph: ScreenGraph
    let clock: LiveClock
    let recording: ScenarioRecording
    let eventLimit: Int

    func transaction(_ work: () -> Void) { _ = clock.runNow(work) }

    /// Real time runs from now, not from where the waits so far add up to: a step that came late
    /// on a busy machine still gives the screen the whole wait to answer. Sleeps in short naps,
    /// so that a run stopped by a budget does not sleep on.
    func letTimePass(_ milliseconds: Int) {
        let (end, overflow) = clock.read { clock.elapsed }.addingReportingOverflow(max(milliseconds, 0))
        let until = overflow ? Int.max : end
        while exceeded() == nil {
            let left = until - clock.read { clock.elapsed }
            guard left > 0 else { break }
            Thread.sleep(forTimeInterval: Double(min(left, 100)) / 1000)
        }
        // The wait's end is a job of its own, which catches the clock up: what came due by then
        // has run before anything is judged.
        _ = clock.runNow {}
    }

    func record(_ entry: Timeline.Entry) { recording.append(entry) }

    func exceeded() -> String? {
        clock.read {
            if recording.exceeded == nil, graph.clock.executed > eventLimit { recording.stop("more than \(eventLimit) scheduled events ran") }
            return recording.exceeded
        }
    }

    func stopped(at range: SpecRange) {
        clock.read { recording.closeStopped(at: range, time: graph.clock.now) }
    }
}
