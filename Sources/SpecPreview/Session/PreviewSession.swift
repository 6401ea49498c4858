import Dispatch
import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

/// One spec's screen, live: a graph on the live clock an app's screen runs on (``LiveClock``,
/// here with the page's speed and pause), the person's steps and the scenarios played through
/// the same code every host of scenarios uses (``ScenarioPlayback``), and what the page shows
/// (values, invariants, timeline) sent to every connected page after each change.
///
/// All graph work runs on one serial queue (``queue``): the clock's wake-ups, steps, clock
/// controls and live answers are each one job of the live clock on it. The graph is not
/// thread-safe, hence `@unchecked Sendable` with every member touched only on that queue.
package final class PreviewSession: @unchecked Sendable {
    package let path: String
    let queue = DispatchQueue(label: "specrun.preview.session")
    /// The text the screen runs (the last one that checked) and the spec it checked as: a save
    /// that checks replaces both (``reloadIfChanged()``), one that does not leaves them.
    var text: String
    var spec: CheckedSpec
    /// The spec compiled once (again on a reload): every restart runs it on a fresh graph.
    var program: ScreenProgram
    var compiler: StepCompiler
    private(set) var graph: ScreenGraph
    private(set) var clock: VirtualClock
    /// The graph's clock on real time, with the page's speed and pause; a new one at each restart.
    private(set) var realTime: LiveClock
    /// Shows the time passing a few times a second (the live clock wakes only when work is due).
    private var ticker: DispatchSourceTimer?
    /// Whether the clock's scheduled-event limit has been reported in the timeline.
    private var limitReported = false
    /// Watches the invariants while the person drives (a scenario played has its own judge).
    var judge: ScenarioJudge
    var entries: [Timeline.Entry] = []
    /// The last value of each stream node, which has no current value to read.
    private var lastEmitted: [Int: Value] = [:]
    let recorder = Recorder()
    var clients: [UUID: Client] = [:]
    var lastError: String?
    /// The steps played since the screen started, with their times: a save that checks plays
    /// them again on the new spec, so the screen comes back as the person left it.
    var played: [(time: Int, line: String)] = []
    /// The file's text as last read, checked or not, and its diagnostics when it does not check
    /// (shown over the last good screen).
    var diskText: String
    var diagnostics: String?
    /// True while a reload plays the person's steps again.
    var replaying = false
    /// Navigation values the screen emitted in the current transaction, for the pages to open.
    private var navigations: [NavigationValue] = []
    /// Parameters a navigation gave this screen by name, instead of the first scenario's.
    let givenParams: [String: Value]?
    /// The screen's name, readable off the queue (the page's list of specs).
    private let titleBox = TitleBox()
    /// What `--live` was given (nil without it): a reload and a navigated screen build their
    /// backend from it.
    let live: PreviewLive?
    /// `--live`: the backend the `http:` services call; nil: every service is the spec's fake.
    var backend: LiveBackend?
    /// The answer the person chose for each service's next call, by service index (see
    /// PreviewSession+Services.swift).
    var chosen: [Int: ExploreOutcome] = [:]
    /// The scenario being played (PreviewSession+Play.swift); nil while the person drives.
    var playback: Playback?
    /// Whether *Play* paused a running clock (then leaving the scenario resumes it).
    var pausedForPlayback = false
    /// Scenarios to play beyond the spec's own: counterexamples `explore` found from the page.
    var found: [ScenarioPlan] = []
    /// The services' fakes the graph runs with: the spec's, or a played scenario's overrides.
    /// The graph's service hook answers from them (an answer not chosen is the fake's).
    var fakes: [ServicePlan] = []
    /// The inputs the spec marks `secure: true`, by name (the loader's; again at each reload).
    var secureInputs: [String] = []
    /// The `font:` each text component declares, by name (the loader's; again at each reload).
    var fonts: [String: FontDecl] = [:]
    /// What they held: masked in the values panel, the timeline and the player's steps.
    var sensitive = SensitiveValues()
    /// The tables whose rows have their own components, compiled when the graph starts.
    var rowViews = RowViews()
    /// What the page confirms after a recording was saved (the scenario and the file), until the
    /// next recording starts.
    var saved: String?

    struct Client {
        var send: @Sendable (String) -> Void
        /// Where a navigation the screen emits goes: the page's ``Navigator``.
        var navigate: (@Sendable (NavigationValue) -> Void)?
        var sentLines = 0
    }

    /// Loads the spec at `path`; its diagnostics when it does not check, or, with `live`, when an
    /// environment variable its `http:` sections read is not set. `params`, when given, are the
    /// screen's parameters by name (a navigation's; one left out is `nil`).
    package init(path: String, params: [String: Value]? = nil, live: PreviewLive? = nil) throws(PreviewError) {
        let loaded = SpecLoader.load(path: path)
        guard let spec = loaded.spec, let scope = loaded.scope else { throw PreviewError(message: loaded.renderDiagnostics()) }
        self.path = path
        self.text = loaded.source.text
        self.diskText = loaded.source.text
        self.spec = spec
        secureInputs = loaded.secureInputs
        fonts = loaded.fonts
        givenParams = params
        let program = ScreenProgram(spec)
        self.program = program
        self.live = live
        backend = try live.map { live throws(PreviewError) in try LiveBackend(spec: spec, text: loaded.source.text, live: live) }
        compiler = StepCompiler(path: path, spec: spec, scope: scope)
        clock = VirtualClock()
        graph = ScreenGraph(program: program, clock: clock)
        // Replaced by the restart below, which starts the screen on a clock of its own.
        realTime = LiveClock(clock: clock)
        judge = ScenarioJudge(spec: spec)
        titleBox.set(spec.screen)
        queue.sync { restart() }
        startTicker()
        LiveSessions.add(self)
    }

    deinit {
        ticker?.cancel()
        realTime.stop {}
        graph.stopLiveCalls()
    }

    /// Stops the screen's clock and its live calls: a screen a page navigated back from.
    func close() {
        ticker?.cancel()
        queue.async { [self] in
            realTime.stop {}
            graph.stopLiveCalls()
        }
    }

    /// The screen's name, from any thread.
    package var screen: String { titleBox.get() }

    /// The screen's parameters: a navigation's, else the first scenario's that gives them, as
    /// the runner gives a scenario its own (a recording on such a screen then needs the same
    /// `params:` to replay).
    var params: [Value] {
        if let givenParams { return spec.params.map { givenParams[spec.nodes[$0].name] ?? .none } }
        return spec.scenarios.first { !$0.params.isEmpty }?.params ?? []
    }

    /// The screen's parameters as the body of a scenario's `params:` (`user: { login: a }`), or
    /// nil without any: a step is checked, and a recording saved, in a scenario that gives them.
    var paramsYAML: String? {
        let given = zip(spec.params, params).map { "\(spec.nodes[$0].name): \(YAMLValueText.text($1))" }
        return given.isEmpty ? nil : given.joined(separator: ", ")
    }

    /// A fresh graph at time zero: the screen as a scenario starts it. Playing `scenario`, the
    /// graph is that scenario's (its `params:` and `services:` overrides) and nothing is live.
    func restart(playing scenario: ScenarioPlan? = nil) {
        titleBox.set(spec.screen)
        graph.stopLiveCalls()
        // The new clock keeps the page's speed and pause.
        let (paused, speed) = (realTime.isPaused, realTime.speed)
        realTime.stop {}
        clock = VirtualClock()
        let given = scenario.flatMap { $0.params.isEmpty ? nil : $0.params } ?? params
        let services = scenario.flatMap { $0.services.isEmpty ? nil : $0.applying(to: spec).services }
        graph = ScreenGraph(program: program, clock: clock, params: given, services: services)
        // Paused from its creation: a pause after it would keep the moment the restart took (a
        // scenario played from the start then began at 1 ms on a loaded machine).
        realTime = LiveClock(clock: clock, wakeQueue: queue, paused: paused) { [weak self] in self?.timePassed() }
        // A runaway spec stops the clock, and the timeline says so (``reportLimit()``).
        clock.limit = ScenarioRunner.maximumScheduledEvents
        limitReported = false
        realTime.setSpeed(speed)
        fakes = services ?? spec.services
        entries = []
        restartFormatting()
        played = []
        navigations = []
        lastEmitted = [:]
        sensitive = SensitiveValues(spec: spec, secureInputs: secureInputs)
        rowViews = RowViews(spec: spec)
        judge = ScenarioJudge(spec: spec)
        let names = spec.nodes.map(\.name)
        let visible = spec.nodes.map(\.visible)
        graph.onEmit = { [unowned self] emission in
            lastEmitted[emission.node] = emission.value
            sensitive.note(emission.value, of: emission.node)
            if case .navigation(let n) = emission.value { navigations.append(n) }
            if visible[emission.node] { entries.append(.emission(time: emission.time, name: names[emission.node], value: emission.value)) }
        }
        graph.hooks.runtimeError = { [unowned self] in entries.append(.runtimeError(time: $0, message: $1)) }
        graph.hooks.end = { [unowned self] in entries.append(.end(time: $0, name: names[$1], end: $2)) }
        graph.hooks.cancel = { [unowned self] in entries.append(.cancel(time: $0, name: names[$1], call: $2)) }
        let serviceNames = spec.services.map(\.name)
        graph.hooks.called = { [unowned self] in entries.append(.call(time: $0, service: serviceNames[$1], names: $2, arguments: $3)) }
        graph.hooks.observed = { [unowned self] in entries.append($0) }
        graph.hooks.serviceChoice = { [unowned self] service, names, arguments, count in answer(service, names, arguments, count) }
        if scenario == nil, let backend { serveLive(backend) }
        realTime.start()
        _ = realTime.runNow { graph.start() }
        // A scenario's start is judged by its playback, as a run judges it (at the scenario's line).
        if scenario == nil { checkInvariants(after: "the start") }
        for id in clients.keys { clients[id]?.sentLines = 0 }
    }

    // MARK: the page's requests

    /// Registers a page; it gets the layout and the whole state at once.
    func connect(_ id: UUID, send: @escaping @Sendable (String) -> Void, navigate: (@Sendable (NavigationValue) -> Void)? = nil) {
        queue.async { [self] in
            clients[id] = Client(send: send, navigate: navigate)
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
            let line = try compiler.yaml(verb: message.verb ?? "", target: message.target ?? "", value: message.value, flow: message.yaml)
            let step = try compiler.compile(line)
            try refuseIfHidden(message.target ?? "")
            // The person takes over from a scenario being played, where it stands.
            stopPlaying()
            // Typing (`type:`, a generated form's text `set:`) into one field is one step.
            var typed = message.verb == "type"
            if message.verb == "set", case .string? = message.value { typed = true }
            recorder.step(line, at: clock.now, typedInto: typed ? "\(message.verb ?? "") \(message.target ?? "")" : nil)
            played.append((clock.now, line))
            play(step)
        case "pause":
            pausedForPlayback = false
            realTime.pause()
        case "resume":
            stopPlaying()
            realTime.resume()
        case "speed": realTime.setSpeed(message.speed ?? 1)
        case "next":
            if let due = clock.nextDue { advance(to: due) }
        case "wait":
            let ms = max(0, min(message.ms ?? 0, 86_400_000))
            advance(to: clock.now + ms)
        case "record":
            // Started before the screen restarts, so the calls its start makes are in the log.
            playback = nil
            leavePlayback()
            saved = nil
            recorder.start()
            restart()
        case "stop":
            let name = message.name.flatMap { $0.isEmpty ? nil : $0 } ?? "recorded in the preview"
            switch recorder.save(name: name, at: clock.now, specPath: path, spec: spec, params: paramsYAML) {
            case .success(let saved):
                adoptSaved(saved.text)
                entries.append(.step(time: clock.now, text: "saved scenario '\(saved.name)' to \(path)"))
                let steps = recorder.stepCount
                self.saved = "Saved scenario '\(saved.name)' (\(steps) step\(steps == 1 ? "" : "s")) to \(path)"
            case .failure(let f): throw StepCompiler.Failure(message: f.message)
            }
        case "expect":
            guard let name = message.name, let node = spec.node(named: name), let value = graph.value(of: node) ?? lastEmitted[node] else {
                throw StepCompiler.Failure(message: "'\(message.name ?? "")' has no value to expect yet")
            }
            recorder.expect(name, value, at: clock.now)
        case "restart":
            playback = nil
            leavePlayback()
            restart()
        case "answer": try choose(service: message.name ?? "", choice: message.choice ?? 0, status: message.status)
        case "play": try play(scenario: message.scenario ?? -1)
        case "seek": try seek(to: message.position ?? 0)
        case "forward": try forward()
        case "continue": try continuePlaying()
        case "explore": try exploreFromPage()
        default: throw StepCompiler.Failure(message: "unknown request '\(message.op)'")
        }
    }

    /// A person cannot touch a hidden view (UIKit's hit-testing skips it): the page does not draw
    /// one, and a gesture sent for one anyway is refused, with the reason (a scenario's gesture
    /// on one is ignored, as `docs/components.md` says).
    private func refuseIfHidden(_ target: String) throws(StepCompiler.Failure) {
        guard let component = spec.components.first(where: { $0.name == target }),
              let hidden = component.properties.first(where: { $0.name == "isHidden" }),
              value(of: hidden.node) == .bool(true) else { return }
        throw StepCompiler.Failure(message: "'\(target)' is hidden (isHidden is true): iOS delivers no touch to a hidden view")
    }

    /// Plays a step as ``ScenarioRunner`` does, as one job of the clock (which first catches up
    /// with real time, unless paused), then checks the invariants after it.
    func play(_ step: StepPlan) {
        var acted = false
        _ = realTime.runNow { acted = graph.act(step, record: { entries.append($0) }) }
        guard acted else { return }
        checkInvariants(after: "'\(step.text)'")
    }

    /// Runs graph work as one job of the clock, which first catches up with real time.
    func job(_ work: () -> Void) {
        _ = realTime.runNow(work)
        reportLimit()
    }

    /// Moves the clock to `target` at once (a wait, a control, a step played again); past the
    /// scheduled-event limit, the clock stops and says so.
    func runClock(to target: Int) {
        guard target > clock.now else { return }
        realTime.advance(to: target)
        reportLimit()
    }

    /// The clock ran out of its scheduled-event limit and stands: said once in the timeline.
    private func reportLimit() {
        guard !limitReported, let error = realTime.limitReached else { return }
        limitReported = true
        entries.append(.runtimeError(time: clock.now, message: "more than \(error.limit) scheduled events ran; the clock stopped"))
    }

    /// Runs the clock to `target` (a control, a step played again), then checks invariants.
    func advance(to target: Int) {
        guard target > clock.now else { return }
        let before = entries.count
        runClock(to: target)
        if entries.count != before { checkInvariants(after: "the wait to \(clock.now)ms") }
        broadcast()
    }

    /// After the clock's own wake-up ran what came due, or a tick caught up with real time: the
    /// invariants are checked when something happened, and the page hears of every change at
    /// once, and of time alone a few times a second, so an idle screen costs next to nothing.
    private func timePassed(tick: Bool = false) {
        reportLimit()
        let wall = DispatchTime.now().uptimeNanoseconds
        if entries.count != entriesAtLastTime {
            entriesAtLastTime = entries.count
            checkInvariants(after: "the wait to \(clock.now)ms")
        } else if !tick || wall - lastTimeBroadcast < 200_000_000 {
            return
        }
        lastTimeBroadcast = wall
        broadcast()
    }

    /// Every 250 ms on the queue, while the clock runs: the clock catches up with real time (it
    /// wakes on its own for what is due; this is for the time the page shows).
    private func startTicker() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250), leeway: .milliseconds(20))
        timer.setEventHandler { [weak self] in
            guard let self, !realTime.isPaused else { return }
            _ = realTime.runNow {}
            timePassed(tick: true)
        }
        ticker = timer
        timer.resume()
    }

    private var lastTimeBroadcast: UInt64 = 0
    /// How many entries the timeline had when time last passed.
    private var entriesAtLastTime = 0
    /// The timeline's entries as `specrun run` prints them, as far as formatted.
    private var formatted: [String] = []
    /// Formats them in order: a row is shown whole once, then by its identity and what changed.
    private lazy var formatter = freshFormatter()

    /// Checks the invariants after something that is not a scenario's step (a person's gesture, a
    /// wait, an answer): a break is reported at the invariant's own line.
    func checkInvariants(after what: String) {
        judge.invariants.check(after: what, line: nil, in: graph) { entries.append($0) }
    }

    // MARK: what the page shows

    func broadcast() {
        // Steps played again after a reload are not shown one by one, nor their navigations opened.
        guard !replaying else { return }
        // A navigation opens its screen in each page showing this one, after the step that
        // emitted it has been shown.
        let opened = navigations
        navigations = []
        guard !clients.isEmpty else { return }
        defer {
            for n in opened {
                for client in clients.values { client.navigate?(n) }
            }
        }
        // Entries are only appended (or all dropped by a restart): each is formatted once.
        if formatted.count > entries.count { restartFormatting() }
        for node in sensitive.nodes { sensitive.note(value(of: node), of: node) }
        while formatted.count < entries.count { formatted.append(line(entries[formatted.count])) }
        let lines = formatted
        for (id, client) in clients {
            let fresh = Array(lines[min(client.sentLines, lines.count)...])
            client.send(PageMessages.state(self, from: client.sentLines, lines: fresh))
            clients[id]?.sentLines = lines.count
        }
    }

    /// The next entry as `specrun run` prints it; with `--live`, secrets redacted.
    private func line(_ entry: Timeline.Entry) -> String {
        let shown = sensitive.redact(formatter.line(entry))
        return backend?.client.redact(shown) ?? shown
    }

    private func restartFormatting() {
        formatted = []
        formatter = freshFormatter()
    }

    private func freshFormatter() -> TimelineFormatter.Lines {
        TimelineFormatter.Lines(Timeline(screen: spec.screen, scenario: "", nameWidth: spec.longestVisibleName, rowLists: TimelineRows.List.of(spec)))
    }

    /// Forgets navigations emitted while replaying steps after a reload: they were opened, or
    /// not, when the person made them.
    func dropNavigations() { navigations = [] }

    var now: Int { clock.now }
    var error: String? { lastError }
    func value(of node: Int) -> Value? { graph.value(of: node) ?? lastEmitted[node] }
    var brokenInvariants: [String?] { (playback?.run.judge ?? judge).invariants.broken }

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
    /// A value written as YAML flow text (a record or a list).
    var yaml: String?
    var ms: Int?
    var speed: Double?
    var name: String?
    /// `answer`: the index of the chosen answer among the service's choices.
    var choice: Int?
    /// `answer`: the status of an `http(N)` failure chosen with the last choice.
    var status: Int?
    /// `play`: the index of the scenario among the playable ones.
    var scenario: Int?
    /// `seek`: how many of the scenario's steps to have played.
    var position: Int?
}
