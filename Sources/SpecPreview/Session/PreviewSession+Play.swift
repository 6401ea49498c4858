import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

/// A scenario played on the page step by step, and scrubbed: any position is reached by playing
/// the scenario again from its start on a fresh graph (time travel by deterministic replay), by
/// the ``ScenarioPlayback`` every host of scenarios plays with, so what the page shows is what
/// `specrun run` shows.
struct Playback {
    /// Its index among ``PreviewSession/playable``.
    var index: Int
    var run: ScenarioPlayback

    var scenario: ScenarioPlan { run.scenario }
    /// How many steps have been played.
    var position: Int { run.position }
    /// Per step played: nil when it held or acted, else the failed expectation's message.
    var failures: [String?] { run.failures }
}

/// The preview's side of a scenario (see ``ScenarioHost``): work is a job of the session's live
/// clock, paused while a scenario plays, so a wait moves it at once; entries go to the page's
/// timeline. The preview keeps no budget but the clock's event limit, which stops the clock and
/// says so in the timeline.
struct PreviewHost: ScenarioHost {
    unowned let session: PreviewSession

    var graph: ScreenGraph { session.graph }

    func transaction(_ work: () -> Void) { session.job(work) }

    func letTimePass(_ milliseconds: Int) { session.runClock(to: session.clock.now + milliseconds) }

    func record(_ entry: Timeline.Entry) { session.entries.append(entry) }

    func exceeded() -> String? { nil }

    func stopped(at range: SpecRange) {}
}

extension PreviewSession {
    /// The spec's scenarios, then the counterexamples `explore` found from the page.
    var playable: [ScenarioPlan] { spec.scenarios + found }

    /// The page's `play` request: scenario `k` loaded at its start, the clock paused.
    func play(scenario k: Int) throws(StepCompiler.Failure) {
        guard playable.indices.contains(k) else { throw StepCompiler.Failure(message: "there is no scenario \(k) to play") }
        try refuseWhileRecording()
        load(k)
    }

    /// A recording keeps what the person does on one screen from its start; a scenario played
    /// meanwhile would replace that screen under it.
    private func refuseWhileRecording() throws(StepCompiler.Failure) {
        if recorder.recording { throw StepCompiler.Failure(message: "stop recording before playing a scenario") }
    }

    private func load(_ k: Int) {
        let scenario = playable[k]
        // Paused for the scenario, not by the person: the clock runs again once they take over.
        if !realTime.isPaused { pausedForPlayback = true }
        realTime.pause()
        restart(playing: scenario)
        sensitive.note(steps: scenario.steps)
        var run = ScenarioPlayback(scenario, of: spec)
        run.start(on: PreviewHost(session: self))
        playback = Playback(index: k, run: run)
    }

    /// The person takes over from the scenario being played, where it stands, with its
    /// invariants as they stand.
    func stopPlaying() {
        if let p = playback { judge = p.run.judge }
        playback = nil
        leavePlayback()
    }

    /// Leaving a scenario played (the person acts, restarts or records): a clock that ran before
    /// *Play* paused it runs again; one the person had paused stays paused.
    func leavePlayback() {
        if pausedForPlayback { realTime.resume() }
        pausedForPlayback = false
    }

    /// The page's `seek` request (the slider): the scenario played again from its start up to
    /// `position` steps.
    func seek(to position: Int) throws(StepCompiler.Failure) {
        guard let current = playback else { throw StepCompiler.Failure(message: "no scenario is being played") }
        load(current.index)
        let target = min(max(position, 0), current.scenario.steps.count)
        while let p = playback, p.position < target { playNextStep() }
    }

    /// The page's `forward` request: the next step.
    func forward() throws(StepCompiler.Failure) {
        guard let p = playback else { throw StepCompiler.Failure(message: "no scenario is being played") }
        guard p.position < p.scenario.steps.count else { return }
        playNextStep()
    }

    /// The page's `continue` request: the steps to the end, or to the first expectation that fails.
    func continuePlaying() throws(StepCompiler.Failure) {
        guard playback != nil else { throw StepCompiler.Failure(message: "no scenario is being played") }
        while let p = playback, p.position < p.scenario.steps.count {
            playNextStep()
            if playback?.failures.last.map({ $0 != nil }) == true { break }
        }
    }

    /// Plays the step at the playback's position as every host plays a scenario's step.
    private func playNextStep() {
        guard var p = playback else { return }
        var host = PreviewHost(session: self)
        p.run.playNext(on: &host)
        playback = p
    }

    /// The page's `explore` request: `specrun explore` on the spec, briefly; a counterexample it
    /// finds becomes a scenario to play (not written to the spec) and is loaded.
    func exploreFromPage() throws(StepCompiler.Failure) {
        try refuseWhileRecording()
        var options = ExploreOptions()
        options.maxSeconds = 5
        options.maxMemory = 256 << 20
        let result = Explorer.explore(spec, options: options)
        guard let counterexample = result.counterexample else {
            entries.append(.step(time: clock.now, text: "explore: nothing broke in \(result.distinctStates) states up to depth \(result.depthLimit)"))
            return
        }
        let taken = Set(playable.map(\.name))
        guard !taken.contains(counterexample.scenarioName) else {
            if let k = playable.firstIndex(where: { $0.name == counterexample.scenarioName }) { load(k) }
            return
        }
        guard case .success(let withScenario) = SpecAppender.inserting(counterexample.scenarioYAML, into: text),
              let checked = SpecLoader.load(text: withScenario, path: path).spec,
              let scenario = checked.scenarios.last, scenario.name == counterexample.scenarioName,
              checked.nodes.count == spec.nodes.count, checked.services.count == spec.services.count else {
            throw StepCompiler.Failure(message: "explore found '\(counterexample.title)', but its scenario does not check with the spec")
        }
        found.append(scenario)
        load(playable.count - 1)
    }
}
