/// A spec's `invariants:` watched while a scenario plays: checked after the start and after every
/// step that may change values, each reported when it breaks and not again until it has held once
/// more. Every host that plays scenarios keeps one (through ``ScenarioJudge``); the preview also
/// checks it after a person's gesture and a wait, and shows ``broken``.
package struct InvariantWatch {
    package let monitor: InvariantMonitor
    /// Per invariant, the message it broke with while it stays broken; nil while it holds.
    package private(set) var broken: [String?]
    private let file: String

    package init(spec: CheckedSpec) {
        monitor = InvariantMonitor(spec: spec)
        broken = Array(repeating: nil, count: spec.invariants.count)
        file = spec.file
    }

    package var isEmpty: Bool { monitor.isEmpty }

    /// Checks every invariant on `graph` now and records a failure for each that broke since it
    /// last held, at `line` of the spec (the step's or the scenario's; nil for the invariant's own
    /// declaration, as the preview shows a break that no step of a scenario made).
    package mutating func check(after what: String, line: Int?, in graph: ScreenGraph, record: (Timeline.Entry) -> Void) {
        for k in broken.indices {
            if monitor.holds(k, in: graph) {
                broken[k] = nil
            } else if broken[k] == nil {
                let message = monitor.message(k, after: what, in: graph)
                broken[k] = message
                record(.failure(time: graph.clock.now, message: message, file: file,
                                line: line ?? monitor.invariants[k].range.start.line))
            }
        }
    }
}
