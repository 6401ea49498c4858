import ScreenSpec
import SpecRuntime
import Testing

/// A graph over a spec written in the test, on its own virtual clock, recording every event of
/// every node as `Recorded` values: the runtime tests' one recorder (RxTest's `TestScheduler` with
/// its observer).
package final class TimelineRecorder {
    package let spec: CheckedSpec
    package let clock: VirtualClock
    package let graph: ScreenGraph
    /// Every event in order, with the name of its node.
    package private(set) var events: [(node: String, recorded: Recorded)] = []
    /// Every cancellation of an inner stream, as "time call", with the name of its node.
    package private(set) var cancellations: [(node: String, text: String)] = []
    /// Every runtime error, at its time.
    package private(set) var errors: [(time: Int, message: String)] = []

    /// Loads `yaml` (failing the test with the rendered diagnostics when it does not check, or
    /// warns of anything but the ids `warned` lists, in order), advances the clock to
    /// `subscribedAt`, then starts the graph: RxTest subscribes at 200.
    package init(_ yaml: String, path: String = "t.yaml", subscribedAt: Int = 0, start: Bool = true, warned: [String] = [],
                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let loaded = SpecLoader.load(text: yaml, path: path)
        #expect(loaded.diagnostics.map(\.id) == warned, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        spec = try #require(loaded.spec, sourceLocation: sourceLocation)
        clock = VirtualClock()
        try clock.advance(to: subscribedAt)
        graph = ScreenGraph(spec: spec, clock: clock)
        let names = spec.nodes.map(\.name)
        graph.onEmit = { [unowned self] in events.append((names[$0.node], next($0.time, $0.value))) }
        graph.hooks.end = { [unowned self] time, node, end in
            switch end {
            case .completed: events.append((names[node], completed(time)))
            case .error(let failure): events.append((names[node], error(time, failure)))
            }
        }
        graph.hooks.cancel = { [unowned self] time, node, call in cancellations.append((names[node], "\(time) \(call)")) }
        graph.hooks.runtimeError = { [unowned self] in errors.append(($0, $1)) }
        if start { graph.start() }
    }

    /// The node named `name`; a name the spec lacks fails the test.
    package func node(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        try #require(spec.node(named: name), "no node '\(name)'", sourceLocation: sourceLocation)
    }

    /// Sets a property input now.
    package func set(_ name: String, _ value: Value) { graph.set(spec.node(named: name)!, to: value) }

    /// Sends a value (an event: `.void`) to an input now.
    package func send(_ name: String, _ value: Value = .void) { graph.send(spec.node(named: name)!, value) }

    /// Advances the virtual clock by `milliseconds`, running everything due.
    package func wait(_ milliseconds: Int) throws { try graph.advance(by: milliseconds) }

    /// Schedules RxTest's hot observable for the input `name`: each event at its absolute time,
    /// those at or before the subscription never sent.
    package func hot(_ name: String, _ items: [Recorded], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let input = try node(name, sourceLocation: sourceLocation)
        for item in items where item.time > clock.now {
            clock.schedule(after: item.time - clock.now) { [graph] in
                switch item.event {
                case .next(let value): graph.send(input, value)
                case .completed: graph.end(input, .completed)
                case .error(let failure): graph.end(input, .error(failure))
                }
            }
        }
    }

    /// The events of the node `name`, in order.
    package func recorded(_ name: String) -> [Recorded] { events.filter { $0.node == name }.map(\.recorded) }

    /// The cancellations of the node `name`'s inner streams, as "time call".
    package func cancellations(_ name: String) -> [String] { cancellations.filter { $0.node == name }.map(\.text) }

    /// Every element, in order, as "time name value" (completions and failures are left out).
    package var log: [String] {
        events.compactMap { event in event.recorded.value.map { "\(event.recorded.time) \(event.node) \($0)" } }
    }
}
