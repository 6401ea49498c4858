import Dispatch

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
    /// each answer of a provided service applied to the graph, in order, as graph work.
    package static func run(_ spec: CheckedSpec, scenario index: Int, providers: [String: any ServiceProvider],
                            entryLimit: Int = ScenarioRunner.maximumEntries,
                            eventLimit: Int = ScenarioRunner.maximumScheduledEvents,
                            recordedSizeLimit: Int = ScenarioRunner.maximumRecordedSize,
                            answered: (@Sendable (Answer) -> Void)? = nil) async -> Timeline {
        let scenario = spec.scenarios[index]
        let applied = scenario.applying(to: spec)
        var timeline = Timeline(screen: spec.screen, scenario: scenario.name, nameWidth: spec.longestVisibleName)
        let screen: LiveScreen
        do {
            screen = LiveScreen(spec: applied, paramValues: scenario.params)
            for (name, provider) in providers.sorted(by: { $0.key < $1.key }) { try screen.provide(name, provider) }
        } catch {
            timeline.entries = [.runtimeError(time: 0, message: "\(spec.file): \(error)")]
            return timeline
        }
        defer { screen.stop() }
        let recorder = LiveTimelineRecorder(names: spec.nodes.map(\.name), entryLimit: entryLimit, recordedSizeLimit: recordedSizeLimit)
        let (graph, clock) = (screen.graph, screen.clock)
        graph.maximumValueSize = ScenarioRunner.maximumValueSize
        graph.maximumWork = ScenarioRunner.maximumWork
        // Real time cannot loop as virtual time can, but a feedback loop through a zero latency
        // still runs forever at one instant: the same bound as a virtual run.
        graph.clock.limit = eventLimit
        let box = UncheckedBox(graph)
        for node in spec.nodes.indices where spec.nodes[node].visible {
            screen.addRecorder(node, onValue: { value in recorder.emission(node, value, at: box.value.clock.now) },
                               onEnd: { if let end = box.value.streamEnd(of: node) { recorder.end(node, end, at: box.value.clock.now) } })
        }
        graph.onCancel = { time, node, call in recorder.append(.cancel(time: time, name: spec.nodes[node].name, call: call)) }
        screen.onRuntimeError { time, message in recorder.append(.runtimeError(time: time, message: message)) }
        if let answered {
            screen.calls.onDeliver = { service, request, count, outcome in
                answered(Answer(service: service, count: count, names: request.parameters, arguments: request.arguments, outcome: outcome))
            }
        }
        screen.start()
        var judge = ScenarioJudge(spec: spec)
        func overLimit() -> Bool {
            if recorder.exceeded == nil, graph.clock.executed > eventLimit { recorder.stop("more than \(eventLimit) scheduled events ran") }
            return recorder.exceeded != nil
        }
        func stopped(at range: SpecRange) {
            clock.read { recorder.closeWith(.runtimeError(time: graph.clock.now, message: "\(range.file):\(range.start): \(recorder.exceeded ?? "a limit was reached"); "
                + "the scenario stopped (a stream that feeds itself through a service with no latency or a 'delay', "
                + "or a value that grows at every step, does this)")) }
            timeline.stoppedByLimit = true
        }
        if clock.read({ overLimit() }) {
            stopped(at: scenario.range)
            return finish(&timeline, screen, recorder)
        }
        // Invariants are checked in jobs of their own, only when the spec has some: a job catches
        // the clock up with real time, and a step's time is its own job's.
        if judge.watchesInvariants { _ = clock.runNow { judge.started(scenario, on: graph, record: recorder.append) } }
        steps: for step in scenario.steps {
            // A wait is this host's: real time runs, from now, not from where the waits so far add
            // up to (a step that came late on a busy machine still gives the screen the whole
            // wait to answer).
            if case .wait(let ms) = step.part {
                let (end, overflow) = clock.elapsed.addingReportingOverflow(max(ms, 0))
                await sleep(until: overflow ? .max : end, on: clock, unless: recorder)
            }
            // Every step is a job: it first catches the clock up with real time, running what came
            // due; then it acts or judges, through the judge every host shares.
            _ = clock.runNow { judge.play(step, on: graph, record: recorder.append) }
            if clock.read({ overLimit() }) {
                stopped(at: step.range)
                break steps
            }
            if judge.watchesInvariants { _ = clock.runNow { judge.checkInvariants(after: step, on: graph, record: recorder.append) } }
        }
        return finish(&timeline, screen, recorder)
    }

    /// ``run(_:scenario:providers:entryLimit:eventLimit:recordedSizeLimit:answered:)`` for a caller
    /// that is not async (the command line): the calling thread waits, so it must not be one of
    /// Swift concurrency's, which the providers' tasks need.
    package static func runWaiting(_ spec: CheckedSpec, scenario index: Int, providers: [String: any ServiceProvider],
                                   answered: (@Sendable (Answer) -> Void)? = nil) -> Timeline {
        let result = TimelineBox()
        let done = DispatchSemaphore(value: 0)
        let inputs = UncheckedBox((spec, providers))
        Task.detached {
            result.timeline = await run(inputs.value.0, scenario: index, providers: inputs.value.1, answered: answered)
            done.signal()
        }
        done.wait()
        return result.timeline ?? Timeline(screen: spec.screen, scenario: spec.scenarios[index].name, nameWidth: spec.longestVisibleName)
    }

    /// Stops the screen (cancelling what is in flight) and hands over what was recorded.
    private static func finish(_ timeline: inout Timeline, _ screen: LiveScreen, _ recorder: LiveTimelineRecorder) -> Timeline {
        screen.clock.read { recorder.close() }
        screen.stop()
        timeline.entries += screen.clock.read { recorder.entries }
        return timeline
    }

    /// Sleeps until `instant` milliseconds of real time since the start, in short naps so that a
    /// run stopped by a budget does not sleep on.
    private static func sleep(until instant: Int, on clock: LiveClock, unless recorder: LiveTimelineRecorder) async {
        while true {
            let left = instant - clock.elapsed
            guard left > 0, clock.read({ recorder.exceeded == nil }) else { return }
            try? await Task.sleep(for: .milliseconds(min(left, 100)))
        }
    }
}

/// The entries of a live scenario's timeline, appended by graph work only (under the screen's
/// lock, on whatever thread the job runs), with the virtual run's budgets.
final class LiveTimelineRecorder: @unchecked Sendable {
    private(set) var entries: [Timeline.Entry] = []
    private(set) var exceeded: String?
    private var recorded = 0
    private var closed = false
    private let names: [String]
    private let entryLimit: Int
    private let recordedSizeLimit: Int

    init(names: [String], entryLimit: Int, recordedSizeLimit: Int) {
        self.names = names
        self.entryLimit = entryLimit
        self.recordedSizeLimit = recordedSizeLimit
    }

    func append(_ entry: Timeline.Entry) {
        guard !closed, exceeded == nil else { return }
        entries.append(entry)
        if entries.count > entryLimit { stop("the timeline has more than \(entryLimit) entries") }
    }

    func emission(_ node: Int, _ value: Value, at time: Int) {
        guard !closed, exceeded == nil else { return }
        switch value {
        case .string, .list, .record, .navigation, .error:
            recorded += value.size(upTo: max(recordedSizeLimit - recorded, 0))
            if recorded > recordedSizeLimit {
                stop("the values recorded in the timeline hold more than \(recordedSizeLimit) elements and characters "
                     + "(the memory budget), reached by '\(names[node])'")
                return
            }
        default:
            recorded += 1
        }
        append(.emission(time: time, name: names[node], value: value))
    }

    func end(_ node: Int, _ end: StreamEnd, at time: Int) {
        append(.end(time: time, name: names[node], end: end))
    }

    /// A budget ran out: nothing more is recorded.
    func stop(_ reason: String) {
        if exceeded == nil { exceeded = reason }
    }

    /// The scenario is over: what the screen does while it stops is not part of it.
    func close() {
        closed = true
    }

    /// Ends the timeline with `entry` (why the scenario stopped) and closes it.
    func closeWith(_ entry: Timeline.Entry) {
        if !closed { entries.append(entry) }
        closed = true
    }
}

/// Carries a timeline from the task that played it to the thread waiting for it (the semaphore
/// orders the write before the read).
private final class TimelineBox: @unchecked Sendable {
    var timeline: Timeline?
}
