import Dispatch
import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

/// One spec's screen, live: a graph on a virtual clock that a real-time ticker drives, the
/// person's steps played through the same code scenarios use, and what the page shows (values,
/// invariants, timeline) sent to every connected page after each change.
///
/// All graph work runs on one serial queue (``queue``): ticks, steps and clock controls are each
/// one transaction, as on the virtual clock of a scenario. The graph is not thread-safe, hence
/// `@unchecked Sendable` with every member touched only on that queue.
package final class PreviewSession: @unchecked Sendable {
    package let path: String
    let queue = DispatchQueue(label: "specrun.preview.session")
    private let text: String
    let spec: CheckedSpec
    /// The spec compiled once: every restart runs it on a fresh graph.
    private let program: ScreenProgram
    private var compiler: StepCompiler
    private var graph: ScreenGraph
    private var clock: VirtualClock
    private var invariants: InvariantMonitor
    private var broken: [String?]
    private var entries: [Timeline.Entry] = []
    /// The last value of each stream node, which has no current value to read.
    private var lastEmitted: [Int: Value] = [:]
    let driver: ClockDriver
    let recorder = Recorder()
    private var clients: [UUID: Client] = [:]
    private var lastError: String?

    struct Client {
        var send: @Sendable (String) -> Void
        var sentLines = 0
    }

    /// Loads the spec at `path`; its diagnostics when it does not check.
    package init(path: String) throws(PreviewError) {
        let loaded = SpecLoader.load(path: path)
        guard let spec = loaded.spec else { throw PreviewError(message: loaded.renderDiagnostics()) }
        self.path = path
        self.text = loaded.source.text
        self.spec = spec
        let program = ScreenProgram(spec)
        self.program = program
        compiler = StepCompiler(text: loaded.source.text, path: path, spec: spec)
        clock = VirtualClock()
        graph = ScreenGraph(program: program, clock: clock)
        invariants = InvariantMonitor(spec: spec)
        broken = Array(repeating: nil, count: spec.invariants.count)
        driver = ClockDriver()
        queue.sync { restart() }
        driver.start(on: queue) { [weak self] target in self?.advance(to: target) }
    }

    deinit { driver.stop() }

    /// The screen's parameters: the first scenario's that gives them, as the runner gives a
    /// scenario its own (a recording on such a screen then needs the same `params:` to replay).
    private var params: [Value] { spec.scenarios.first { !$0.params.isEmpty }?.params ?? [] }

    /// A fresh graph at time zero: the screen as a scenario starts it.
    private func restart() {
        clock = VirtualClock()
        graph = ScreenGraph(program: program, clock: clock, params: params)
        entries = []
        lastEmitted = [:]
        broken = Array(repeating: nil, count: spec.invariants.count)
        let names = spec.nodes.map(\.name)
        let visible = spec.nodes.map(\.visible)
        graph.onEmit = { [unowned self] emission in
            lastEmitted[emission.node] = emission.value
            if visible[emission.node] { entries.append(.emission(time: emission.time, name: names[emission.node], value: emission.value)) }
        }
        graph.onRuntimeError = { [unowned self] in entries.append(.runtimeError(time: $0, message: $1)) }
        graph.onEnd = { [unowned self] in entries.append(.end(time: $0, name: names[$1], end: $2)) }
        graph.onCancel = { [unowned self] in entries.append(.cancel(time: $0, name: names[$1], call: $2)) }
        graph.start()
        driver.reset(virtual: 0)
        checkInvariants(after: "the start")
        for id in clients.keys { clients[id]?.sentLines = 0 }
    }

    // MARK: the page's requests

    /// Registers a page; it gets the layout and the whole state at once.
    func connect(_ id: UUID, send: @escaping @Sendable (String) -> Void) {
        queue.async { [self] in
            clients[id] = Client(send: send)
            send(PageMessages.layout(spec))
            broadcast()
        }
    }

    func disconnect(_ id: UUID) {
        queue.async { [self] in clients[id] = nil }
    }

    /// Handles one message from a page; a bad one is answered with an error shown in the page.
    func receive(_ text: String) {
        queue.async { [self] in
            do {
                let message = try JSONDecoder().decode(ClientMessage.self, from: Data(text.utf8))
                try handle(message)
                lastError = nil
            } catch let failure as StepCompiler.Failure {
                lastError = failure.message
            } catch {
                lastError = "the page sent a message the preview does not understand"
            }
            broadcast()
        }
    }

    private func handle(_ message: ClientMessage) throws {
        switch message.op {
        case "step":
            let line = try compiler.yaml(verb: message.verb ?? "", target: message.target ?? "", value: message.value)
            let step = try compiler.compile(line)
            recorder.step(line, at: clock.now)
            play(step)
        case "pause": driver.pause(at: clock.now)
        case "resume": driver.resume(at: clock.now)
        case "speed": driver.setSpeed(message.speed ?? 1, at: clock.now)
        case "next":
            if let due = clock.nextDue { advance(to: due); driver.reset(virtual: clock.now) }
        case "wait":
            let ms = max(0, min(message.ms ?? 0, 86_400_000))
            advance(to: clock.now + ms)
            driver.reset(virtual: clock.now)
        case "record":
            restart()
            recorder.start()
        case "stop":
            let name = message.name.flatMap { $0.isEmpty ? nil : $0 } ?? "recorded in the preview"
            let given = zip(spec.params, params).map { "\(spec.nodes[$0].name): \(YAMLValueText.text($1))" }
            switch recorder.save(name: name, at: clock.now, specPath: path, params: given.isEmpty ? nil : given.joined(separator: ", ")) {
            case .success(let saved): entries.append(.step(time: clock.now, text: "saved scenario '\(saved)' to \(path)"))
            case .failure(let f): throw StepCompiler.Failure(message: f.message)
            }
        case "expect":
            guard let name = message.name, let node = spec.node(named: name), let value = graph.value(of: node) ?? lastEmitted[node] else {
                throw StepCompiler.Failure(message: "'\(message.name ?? "")' has no value to expect yet")
            }
            recorder.expect(name, value, at: clock.now)
        case "restart": restart()
        default: throw StepCompiler.Failure(message: "unknown request '\(message.op)'")
        }
    }

    /// Plays a step as ``ScenarioRunner`` does, then checks the invariants after it.
    private func play(_ step: StepPlan) {
        guard graph.act(step, record: { entries.append($0) }) else { return }
        checkInvariants(after: "'\(step.text)'")
    }

    /// Runs the clock to `target` (the ticker's real time, or a control), then checks invariants.
    private func advance(to target: Int) {
        guard target > clock.now else { return }
        let before = entries.count
        do {
            try clock.advance(to: target)
        } catch {
            entries.append(.runtimeError(time: clock.now, message: "more than \(error.limit) scheduled events ran; the clock stopped"))
            driver.pause(at: clock.now)
        }
        // The page hears of every change at once, and of time alone a few times a second: an
        // idle screen costs next to nothing.
        let wall = DispatchTime.now().uptimeNanoseconds
        if entries.count != before {
            checkInvariants(after: "the wait to \(clock.now)ms")
        } else if wall - lastTimeBroadcast < 250_000_000 {
            return
        }
        lastTimeBroadcast = wall
        broadcast()
    }

    private var lastTimeBroadcast: UInt64 = 0

    private func checkInvariants(after what: String) {
        for k in broken.indices {
            if invariants.holds(k, in: graph) {
                broken[k] = nil
            } else if broken[k] == nil {
                let message = invariants.message(k, after: what, in: graph)
                broken[k] = message
                entries.append(.failure(time: clock.now, message: message, file: spec.file, line: spec.invariants[k].range.start.line))
            }
        }
    }

    // MARK: what the page shows

    private func broadcast() {
        guard !clients.isEmpty else { return }
        let lines = entries.map(line)
        for (id, client) in clients {
            let fresh = Array(lines[min(client.sentLines, lines.count)...])
            client.send(PageMessages.state(self, from: client.sentLines, lines: fresh))
            clients[id]?.sentLines = lines.count
        }
    }

    /// An entry as `specrun run` prints it.
    private func line(_ entry: Timeline.Entry) -> String {
        var one = Timeline(screen: spec.screen, scenario: "", nameWidth: spec.longestVisibleName)
        one.entries = [entry]
        let text = TimelineFormatter.text(one)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        return lines.dropFirst().joined(separator: "\n")
    }

    var now: Int { clock.now }
    var error: String? { lastError }
    func value(of node: Int) -> Value? { graph.value(of: node) ?? lastEmitted[node] }
    var brokenInvariants: [String?] { broken }

    /// Runs `body` on the session's queue and returns its result: for tests and the CLI.
    package func sync<T>(_ body: (PreviewSession) -> T) -> T { queue.sync { body(self) } }
}

/// Why the preview cannot start: the spec's diagnostics, or a server error.
package struct PreviewError: Error, CustomStringConvertible, Sendable {
    package var message: String
    package var description: String { message }
    package init(message: String) { self.message = message }
}

/// A message from the page.
struct ClientMessage: Decodable {
    var op: String
    var verb: String?
    var target: String?
    var value: StepCompiler.Scalar?
    var ms: Int?
    var speed: Double?
    var name: String?
}
