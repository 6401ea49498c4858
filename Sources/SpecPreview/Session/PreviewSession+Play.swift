import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

/// A scenario played on the page step by step, and scrubbed: any position is reached by playing
/// the scenario again from its start on a fresh graph (time travel by deterministic replay), with
/// the judge every host of scenarios shares (``ScenarioJudge``), so what the page shows is what
/// `specrun run` shows.
struct Playback {
    /// Its index among ``PreviewSession/playable``.
    var index: Int
    var scenario: ScenarioPlan
    /// How many steps have been played.
    var position = 0
    /// Per step played: nil when it held or acted, else the failed expectation's message.
    var failures: [String?] = []
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
        restart(playing: scenario)
        driver.pause(at: clock.now)
        playback = Playback(index: k, scenario: scenario)
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

    /// Plays the step at the playback's position as every host plays a scenario's step (through
    /// ``ScenarioJudge``): a wait on the clock, any other step acted or judged, then the
    /// invariants checked unless it only judged.
    private func playNextStep() {
        guard var p = playback else { return }
        let step = p.scenario.steps[p.position]
        var failure: String?
        if case .wait(let ms) = step.part {
            runClock(to: clock.now + ms)
        } else {
            failure = judge.play(step, on: graph) { entries.append($0) }
        }
        judge.checkInvariants(after: step, on: graph) { entries.append($0) }
        p.position += 1
        p.failures.append(failure)
        playback = p
        driver.reset(virtual: clock.now)
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
