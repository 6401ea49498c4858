/// The timeline a scenario records, with the budgets that stop a runaway spec: the most entries,
/// the most recorded values' size, and the graph's own (a value too large, too much work). The
/// virtual runner and `run --live` record into one; with a ``TimelineMatch`` (`specrun mutate`)
/// every entry is compared as it comes, and the first one that differs stops the scenario as a
/// budget does, since nothing after it can make the timelines print alike again.
///
/// Appended to by graph work only (on a live screen, under its clock's lock, whatever the thread),
/// hence `@unchecked Sendable`.
package final class ScenarioRecording: @unchecked Sendable {
    package private(set) var entries: [Timeline.Entry] = []
    /// Why the scenario must stop, once a budget ran out or the timeline differed; nothing is
    /// compared after it, and the host stops at the end of its current step.
    package private(set) var exceeded: String?
    /// The expected timeline, when the scenario is compared as it plays.
    package private(set) var match: TimelineMatch?
    private var recorded = 0
    private var closed = false
    private let names: [String]
    private let entryLimit: Int
    private let recordedSizeLimit: Int
    /// The graph's own budget, asked after each entry (see ``ScreenGraph/limitExceeded``); set
    /// once the graph exists, which is built after its recording.
    package var graphLimit: () -> String? = { nil }
    /// Told once, when the scenario must stop: the virtual host stops its clock there, so that
    /// nothing more runs in the current step.
    private let onStop: () -> Void

    /// `names` are the nodes' names, by index. `onStop` is told once, when the scenario must stop.
    package init(names: [String], entryLimit: Int, recordedSizeLimit: Int, match: TimelineMatch? = nil,
                 onStop: @escaping () -> Void = {}) {
        self.names = names
        self.entryLimit = entryLimit
        self.recordedSizeLimit = recordedSizeLimit
        self.match = match
        self.onStop = onStop
    }

    package func append(_ entry: Timeline.Entry) {
        guard !closed else { return }
        entries.append(entry)
        if entries.count > entryLimit { stop("the timeline has more than \(entryLimit) entries") }
        if exceeded == nil, let reason = graphLimit() { stop(reason) }
        if match != nil, exceeded == nil, !match!.accept(entry) { stop("the timeline differs from the expected one") }
    }

    /// Records an emission of node `node`; only a value that can be large is measured, so the
    /// common emission costs nothing more.
    package func emission(_ node: Int, _ value: Value, at time: Int) {
        guard !closed else { return }
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

    /// A budget ran out: the scenario stops after its current step.
    package func stop(_ reason: String) {
        guard exceeded == nil else { return }
        exceeded = reason
        onStop()
    }

    /// Ends the timeline, at the step that ran out of budget, with why the scenario stopped;
    /// nothing is recorded after it.
    package func closeStopped(at range: SpecRange, time: Int) {
        guard !closed else { return }
        entries.append(.runtimeError(time: time, message: "\(range): \(exceeded ?? "a limit was reached"); "
            + "the scenario stopped (a stream that feeds itself through a service with no latency or a 'delay', "
            + "or a value that grows at every step, does this)"))
        closed = true
    }

    /// The scenario is over: what the screen does while it stops is not part of it.
    package func close() {
        closed = true
    }
}
