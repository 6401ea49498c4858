import Dispatch
import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

/// One spec's screen, live: a graph on a virtual clock that a real-time ticker drives, the
/// person's steps played through the same code scenarios use, and what the page shows (values,
/// invariants, timeline) sent to every connected page after each change.
///
/// All graph work runs on one serial queue (``queue``): ticks, steps, clock controls and live
/// answers are each one transaction, as on the virtual clock of a scenario. The graph is not
/// thread-safe, hence `@unchecked Sendable` with every member touched only on that queue.
package final class PreviewSession: @unchecked Sendable {
    package let path: String
    let queue = DispatchQueue(label: "specrun.preview.session")
    let text: String
    let spec: CheckedSpec
    /// The spec compiled once: every restart runs it on a fresh graph.
    private let program: ScreenProgram
    private var compiler: StepCompiler
    private(set) var graph: ScreenGraph
    private(set) var clock: VirtualClock
    private var invariants: InvariantMonitor
    private var broken: [String?]
    var entries: [Timeline.Entry] = []
    /// The last value of each stream node, which has no current value to read.
    private var lastEmitted: [Int: Value] = [:]
    let driver: ClockDriver
    let recorder = Recorder()
    private var clients: [UUID: Client] = [:]
    var lastError: String?
    /// `--live`: the backend the `http:` services call; nil: every service is the spec's fake.
    let backend: LiveBackend?
    /// The answer the person chose for each service's next call, by service index (see
    /// PreviewSession+Services.swift).
    var chosen: [Int: ExploreOutcome] = [:]
    /// The scenario being played (PreviewSession+Play.swift); nil while the person drives.
    var playback: Playback?
    /// Scenarios to play beyond the spec's own: counterexamples `explore` found from the page.
    var found: [ScenarioPlan] = []

    struct Client {
        var send: @Sendable (String) -> Void
        var sentLines = 0
    }

    /// Loads the spec at `path`; its diagnostics when it does not check, or, with `live`, when an
    /// environment variable its `http:` sections read is not set.
    package init(path: String, live: PreviewLive? = nil) throws(PreviewError) {
        let loaded = SpecLoader.load(path: path)
        guard let spec = loaded.spec else { throw PreviewError(message: loaded.renderDiagnostics()) }
        self.path = path
        self.text = loaded.source.text
        self.spec = spec
        let program = ScreenProgram(spec)
        self.program = program
        backend = try live.map { live throws(PreviewError) in try LiveBackend(spec: spec, text: loaded.source.text, live: live) }
        compiler = StepCompiler(text: loaded.source.text, path: path, spec: spec)
        clock = VirtualClock()
        graph = ScreenGraph(program: program, clock: clock)
        invariants = InvariantMonitor(spec: spec)
        broken = Array(repeating: nil, count: spec.invariants.count)
        driver = ClockDriver()
        queue.sync { restart() }
        driver.start(on: queue) { [weak self] target in self?.advance(to: target) }
    }

    deinit {
        driver.stop()
        graph.stopLiveCalls()
    }

    /// The screen's parameters: the first scenario's that gives them, as the runner gives a
    /// scenario its own (a recording on such a screen then needs the same `params:` to replay).
    var params: [Value] { spec.scenarios.first { !$0.params.isEmpty }?.params ?? [] }

    /// A fresh graph at time zero: the screen as a scenario starts it. Playing `scenario`, the
    /// graph is that scenario's (its `params:` and `services:` overrides) and nothing is live.
    func restart(playing scenario: ScenarioPlan? = nil) {
        graph.stopLiveCalls()
        clock = VirtualClock()
        let given = scenario.flatMap { $0.params.isEmpty ? nil : $0.params } ?? params
        let services = scenario.flatMap { $0.services.isEmpty ? nil : $0.applying(to: spec).services }
        graph = ScreenGraph(program: program, clock: clock, params: given, services: services)
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
        graph.serviceChoice = { [unowned self] service, names, arguments, count in answer(service, names, arguments, count) }
        if scenario == nil, let backend { serveLive(backend) }
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
            send(PageMessages.layout(self))
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
            // The person takes over from a scenario being played, where it stands.
            playback = nil
            recorder.step(line, at: clock.now)
            play(step)
        case "pause": driver.pause(at: clock.now)
        case "resume":
            playback = nil
            driver.resume(at: clock.now)
        case "speed": driver.setSpeed(message.speed ?? 1, at: clock.now)
        case "next":
            if let due = clock.nextDue { advance(to: due); driver.reset(virtual: clock.now) }
        case "wait":
            let ms = max(0, min(message.ms ?? 0, 86_400_000))
            advance(to: clock.now + ms)
            driver.reset(virtual: clock.now)
        case "record":
            // Started before the screen restarts, so the calls its start makes are in the log.
            playback = nil
            recorder.start()
            restart()
        case "stop":
            let name = message.name.flatMap { $0.isEmpty ? nil : $0 } ?? "recorded in the preview"
            let given = zip(spec.params, params).map { "\(spec.nodes[$0].name): \(YAMLValueText.text($1))" }
            switch recorder.save(name: name, at: clock.now, specPath: path, spec: spec, params: given.isEmpty ? nil : given.joined(separator: ", ")) {
            case .success(let saved): entries.append(.step(time: clock.now, text: "saved scenario '\(saved)' to \(path)"))
            case .failure(let f): throw StepCompiler.Failure(message: f.message)
            }
        case "expect":
            guard let name = message.name, let node = spec.node(named: name), let value = graph.value(of: node) ?? lastEmitted[node] else {
                throw StepCompiler.Failure(message: "'\(message.name ?? "")' has no value to expect yet")
            }
            recorder.expect(name, value, at: clock.now)
        case "restart":
            playback = nil
            restart()
        case "answer": try choose(service: message.name ?? "", choice: message.choice ?? 0)
        case "play": try play(scenario: message.scenario ?? -1)
        case "seek": try seek(to: message.position ?? 0)
        case "forward": try forward()
        case "continue": try continuePlaying()
        case "explore": try exploreFromPage()
        default: throw StepCompiler.Failure(message: "unknown request '\(message.op)'")
        }
    }

    /// Plays a step as ``ScenarioRunner`` does, then checks the invariants after it.
    private func play(_ step: StepPlan) {
        guard graph.act(step, record: { entries.append($0) }) else { return }
        checkInvariants(after: "'\(step.text)'")
    }

    /// Runs the clock to `target`; past the scheduled-event limit, the clock stops and says so.
    func runClock(to target: Int) {
        guard target > clock.now else { return }
        do {
            try clock.advance(to: target)
        } catch {
            entries.append(.runtimeError(time: clock.now, message: "more than \(error.limit) scheduled events ran; the clock stopped"))
            driver.pause(at: clock.now)
        }
    }

    /// Runs the clock to `target` (the ticker's real time, or a control), then checks invariants.
    func advance(to target: Int) {
        guard target > clock.now else { return }
        let before = entries.count
        runClock(to: target)
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

    func checkInvariants(after what: String) {
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

    func broadcast() {
        guard !clients.isEmpty else { return }
        let lines = entries.map(line)
        for (id, client) in clients {
            let fresh = Array(lines[min(client.sentLines, lines.count)...])
            client.send(PageMessages.state(self, from: client.sentLines, lines: fresh))
            clients[id]?.sentLines = lines.count
        }
    }

    /// An entry as `specrun run` prints it; with `--live`, secrets redacted.
    private func line(_ entry: Timeline.Entry) -> String {
        var one = Timeline(screen: spec.screen, scenario: "", nameWidth: spec.longestVisibleName)
        one.entries = [entry]
        let text = TimelineFormatter.text(one)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        let shown = lines.dropFirst().joined(separator: "\n")
        return backend?.client.redact(shown) ?? shown
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
    /// `answer`: the index of the chosen answer among the service's choices.
    var choice: Int?
    /// `play`: the index of the scenario among the playable ones.
    var scenario: Int?
    /// `seek`: how many of the scenario's steps to have played.
    var position: Int?
}
