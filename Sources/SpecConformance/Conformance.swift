import SpecRuntime

/// Checks a hand-written view model against a spec: plays every scenario of the spec on the
/// spec's own graph and on a new view model, then the paths exploration finds, and compares what
/// the two show of each output of the contract, instant by instant (docs/conformance.md).
///
/// ```swift
/// @Test @MainActor func loginConforms() async throws {
///     let conformance = try Conformance(LoginScreen.contract) { env in
///         LoginViewModel(clock: env.clock, signIn: env.service("auth.signIn"))
///     }
///     let report = await conformance.check()
///     #expect(report.passed, "\(report)")
/// }
/// ```
///
/// A divergence is shrunk to the fewest steps that still show it and printed as a scenario to
/// append to the spec, with both timelines side by side.
@MainActor
public struct Conformance<Model> {
    let binding: ContractBinding<Model>
    let player: PathPlayer<Model>
    let equivalence: Equivalence

    /// A check of the view models `make` builds (one per scenario and path, each at time 0 of a
    /// new ``ConformanceTime``, by default a ``TestClockTime``) against `contract`'s spec. Throws
    /// when the contract names what the spec does not have.
    public init(_ contract: ScreenContract<Model>, equivalence: Equivalence = .exact,
                time: @escaping @MainActor () -> any ConformanceTime = { TestClockTime() },
                make: @escaping @MainActor (ConformanceEnvironment) throws -> Model) throws(ConformanceError) {
        binding = try ContractBinding(contract)
        player = PathPlayer(binding: binding, make: make, makeTime: time)
        self.equivalence = equivalence
    }

    /// Plays every scenario (unless `scenarios` is false), then, when they all agree, up to
    /// `paths` explored paths of at most `depth` moves (0: none), shortest first, stopping at the
    /// first that diverges.
    public func check(scenarios: Bool = true, depth: Int = 3, paths: Int = 1000) async -> ConformanceReport {
        SerialExecution.begin()
        defer { SerialExecution.end() }
        let spec = binding.spec
        var report = ConformanceReport(outputs: binding.outputs.map(\.name))
        for scenario in scenarios ? spec.scenarios : [] {
            let played = await player.play(scenario)
            report.scenarios += 1
            report.problems += played.problems.map { "scenario '\(scenario.name)': \($0)" }
            report.problems += played.specFailures.map { "scenario '\(scenario.name)' fails on the spec itself: \($0)" }
            if let difference = played.firstDifference(equivalence) {
                let found = await divergence(in: scenario, origin: "scenario '\(scenario.name)'", difference)
                // Scenarios that shrink to the same steps show one divergence, once.
                if let same = report.divergences.firstIndex(where: { $0.scenario == found.scenario }) {
                    report.divergences[same].alsoIn.append(found.origin)
                } else {
                    report.divergences.append(found)
                }
            }
        }
        guard report.divergences.isEmpty, report.problems.isEmpty, depth > 0 else { return report }
        let search = PathSearch(spec: spec, program: binding.program)
        for path in search.paths(depth: depth, limit: paths) {
            let played = await player.play(path)
            report.explored += 1
            if !played.problems.isEmpty {
                report.problems += played.problems.map { "an explored path: \($0)" }
                break
            }
            if let difference = played.firstDifference(equivalence) {
                report.divergences.append(await divergence(in: path, origin: "an explored path", difference))
                break
            }
        }
        return report
    }

    /// The divergence of `scenario`, shrunk: steps are dropped one at a time (waits next to each
    /// other first joined) as long as the same output still diverges.
    private func divergence(in scenario: ScenarioPlan, origin: String, _ first: FirstDifference) async -> ConformanceDivergence {
        var shrunk = scenario
        shrunk.steps = Self.joiningWaits(scenario.steps.filter { if case .act = $0.part { true } else if case .wait = $0.part { true } else { false } })
        var tries = 0
        var k = 0
        while k < shrunk.steps.count, tries < 200 {
            var candidate = shrunk
            candidate.steps.remove(at: k)
            candidate.steps = Self.joiningWaits(candidate.steps)
            tries += 1
            let played = await player.play(candidate)
            if played.problems.isEmpty, played.firstDifference(equivalence)?.output == first.output {
                shrunk = candidate
            } else {
                k += 1
            }
        }
        let played = await player.play(shrunk)
        return ConformanceDivergence(origin: origin, scenario: shrunk, difference: played.firstDifference(equivalence) ?? first, played: played,
                                     binding: binding, equivalence: equivalence)
    }

    /// Steps with each run of waits made one wait.
    private static func joiningWaits(_ steps: [StepPlan]) -> [StepPlan] {
        var joined: [StepPlan] = []
        for step in steps {
            if case .wait(let ms) = step.kind, let last = joined.last, case .wait(let before) = last.kind {
                joined[joined.count - 1] = StepPlan(kind: .wait(milliseconds: before + ms), text: "wait \(before + ms)ms", range: last.range)
            } else {
                joined.append(step)
            }
        }
        return joined
    }
}
