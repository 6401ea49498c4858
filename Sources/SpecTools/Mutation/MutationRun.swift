import ScreenSpec
import SpecRuntime

/// Plays every scenario of a spec against each of its mutants, in process and in parallel.
/// A mutant is killed by a scenario that `specrun test` would fail on it: an `expect:` or an
/// invariant fails, or, for a scenario with a kept snapshot, its timeline differs from the
/// unmutated spec's (which is what the snapshot holds when `specrun test` passes). A scenario
/// with no snapshot kills only through a failure or a runtime error.
public enum MutationRun {
    /// Scheduled events one mutant's scenario may run; a mutant that loops forever stops here.
    package static let eventLimit = 1_000_000

    /// Plays the mutants of each spec within `maxSeconds` (checked before each scenario a mutant
    /// plays): when it runs out, the mutants not yet played are `notPlayed` and the specs not
    /// started are listed, and the report says so. `progress` hears of every mutant done.
    package static func run(specPaths: [String], maxSeconds: Double = .infinity,
                           progress: (@Sendable (MutationProgress) -> Void)? = nil) -> MutationReport {
        run(specPaths: specPaths, budget: MutationBudget(seconds: maxSeconds, progress: progress))
    }

    /// ``run(specPaths:maxSeconds:progress:)`` within `budget` (a test gives one on a fake clock).
    static func run(specPaths: [String], budget: MutationBudget) -> MutationReport {
        let maxSeconds = budget.seconds
        var specs: [SpecMutation] = []
        var invalid: [LoadedSpec] = []
        var notStarted: [String] = []
        for (i, path) in specPaths.enumerated() {
            if budget.expired {
                notStarted.append(path)
                continue
            }
            switch run(specPath: path, budget: budget, index: i, of: specPaths.count) {
            case .success(let s)?: specs.append(s)
            case .failure(let problem)?: invalid.append(problem.loaded)
            case nil: notStarted.append(path)
            }
        }
        var report = MutationReport(specs: specs, invalid: invalid)
        if budget.ranOut {
            report.timeBudget = maxSeconds
            report.specsNotStarted = notStarted
        }
        report.seconds = budget.elapsed
        return report
    }

    /// A spec that did not load, or whose `equivalentMutants:` marks a change no mutant makes.
    public struct Invalid: Error {
        /// The spec as loaded, with its diagnostics.
        public var loaded: LoadedSpec
    }

    /// Mutates the spec at `specPath` and plays its scenarios against every mutant, as `specrun mutate` does for one spec.
    public static func run(specPath: String) -> Result<SpecMutation, Invalid> {
        // A budget whose clock stands still never runs out: the spec is always started.
        let unbounded = MutationBudget(seconds: .infinity, progress: nil, clock: { 0 })
        return run(specPath: specPath, budget: unbounded, index: 0, of: 1) ?? .failure(Invalid(loaded: SpecLoader.load(path: specPath)))
    }

    /// Mutates one spec within `budget`; nil when the budget ran out while it loaded, before its
    /// mutants were made (it is then a spec not started). Loading and checking a spec are not cut
    /// short: on a spec of 50,000 scenarios each takes a few seconds in a release build.
    static func run(specPath: String, budget: MutationBudget, index: Int, of count: Int) -> Result<SpecMutation, Invalid>? {
        let loaded = SpecLoader.load(path: specPath)
        if budget.expired { return nil }
        guard let original = loaded.spec, let draft = SpecDraft(text: loaded.source.text, path: loaded.source.path, resolver: FileSystemSpecResolver()),
              let checker = MutantChecker(draft: draft) else {
            return .failure(Invalid(loaded: loaded))
        }
        if budget.expired { return nil }
        var mutants = MutantGenerator.mutants(of: draft)
        let problems = MarkCheck.mark(&mutants, draft.spec.equivalentMutants)
        if !problems.isEmpty {
            return .failure(Invalid(loaded: LoadedSpec(source: loaded.source, spec: nil, diagnostics: loaded.diagnostics + problems)))
        }

        // The set-up plays, reads and settles every scenario: on a spec of 50,000 scenarios that
        // is most of the run, so the deadline is checked before each, as the mutants check it.
        // Cut short, the spec's mutants are all not played.
        func notPlayed() -> Result<SpecMutation, Invalid> {
            let outcomes = mutants.map { MutantOutcome(mutant: $0, status: $0.equivalentBecause == nil ? .notPlayed : .equivalent) }
            return .success(SpecMutation(specPath: specPath, screen: original.screen, outcomes: outcomes, staleSnapshots: []))
        }
        // The original plays once per scenario with a coverage recorder (its timelines are the same
        // as without), to name the scenarios that call a service a surviving mutant changed.
        let map = CoverageMap(original)
        var recorders: [CoverageRecorder] = []
        var baseline: [Timeline] = []
        for s in original.scenarios.indices {
            if budget.expired { return notPlayed() }
            recorders.append(CoverageRecorder(map: map))
            baseline.append(ScenarioRunner.run(original, scenario: s, coverage: recorders[s]))
        }
        // A mutant is killed by a timeline that differs from the original's, which only means
        // something when the original's passes: a failing scenario is refused, located.
        let failing = baseline.indices.compactMap { s in FailingScenario(baseline[s]).map { (s, $0) } }
        if !failing.isEmpty {
            let problems = failing.map { s, f in
                Diagnostic(id: .failingScenario, "scenario '\(f.name)' fails: \(f.failure)", at: original.scenarios[s].range,
                           notes: [DiagnosticNote("mutation testing judges each mutant against the scenarios' timelines, so they must pass first")],
                           fixIt: "make it pass ('specrun run \(specPath)'), then mutate")
            }
            return .failure(Invalid(loaded: LoadedSpec(source: loaded.source, spec: nil, diagnostics: loaded.diagnostics + problems)))
        }
        var callingScenarios: [String: [String]] = [:]
        for (declaration, items) in map.serviceItems {
            if budget.expired { return notPlayed() }
            callingScenarios[declaration] = original.scenarios.indices.filter { s in items.contains { recorders[s].hits[$0] } }.map { original.scenarios[$0].name }
        }
        let fileNames = SnapshotLayout.fileNames(forScenarios: original.scenarios.map(\.name))
        let directory = SnapshotLayout.directory(forSpec: specPath, snapshotsDirectory: nil)
        var stale: [String] = []
        var kept: [Bool] = []
        for (s, timeline) in baseline.enumerated() {
            if budget.expired { return notPlayed() }
            let path = SnapshotLayout.join(directory, fileNames[s])
            let stored = SnapshotFile.read(path)
            kept.append(stored != nil)
            if let stored, stored != SnapshotFile.text(for: timeline, specPath: specPath) { stale.append(timeline.scenario) }
        }
        // A mutant's timeline ten times longer than the original's already differs from its
        // snapshot; with none, only the runner's own limits stop it, as in `specrun test`.
        let entryLimits = baseline.indices.map { kept[$0] ? max(baseline[$0].entries.count * 10, 10_000) : ScenarioRunner.maximumEntries }
        // Compared as values, entry by entry, as their snapshot texts would compare; a scenario
        // with no snapshot by its failures only.
        let expected = baseline.indices.map { kept[$0] ? TimelineMatch(expecting: baseline[$0]) : .failuresOnly }
        let unjudged = original.scenarios.indices.filter { !kept[$0] && !original.scenarios[$0].expects }.map { original.scenarios[$0].name }
        let shown = baseline.map(Shown.init)
        // What a mutant of one derived expression is judged by without playing, where that is
        // exact (see `ConeReplay`); nil for a scenario it does not apply to.
        var settling: [ConeReplay.Settled?] = []
        for s in original.scenarios.indices {
            if budget.expired { return notPlayed() }
            settling.append(ConeReplay.settle(checker.program, scenario: s))
        }
        // The scenarios that reach any coverage item of a declaration exercise it, also where
        // their timelines do not print its name (an input a table's selection fires).
        var reaching: [String: Set<Int>] = [:]
        for (i, item) in map.items.enumerated() {
            for s in original.scenarios.indices where recorders[s].hits[i] { reaching[item.declaration, default: []].insert(s) }
        }
        let names = original.scenarios.map(\.name)
        let exercising = reaching.mapValues { set in set.sorted().map { names[$0] } }
        let reachingChange = ReachingScenarios(map: map, hits: recorders.map(\.hits))
        // A derived output is computed as the screen starts, in every scenario.
        let derivedOutputs = Set(original.nodes.filter { if case .derived = $0.kind, case .output = $0.role { true } else { false } }.map(\.name))
        let (settled, calling, hasSnapshot) = (settling, callingScenarios, kept)
        let callers = FunctionCallers.of(draft.spec)
        let scenarioDecls = Dictionary(draft.spec.scenarios.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        budget.begin(spec: index, of: count, mutants: mutants.count)
        /// What the scenarios make of `mutant`: killed by one, survived, or not played.
        @Sendable func judge(_ mutant: Mutant) -> MutantOutcome {
            if budget.expired { return MutantOutcome(mutant: mutant, status: .notPlayed) }
            // A change in one derived expression is judged first from the original's settled
            // values (`ConeReplay`), which costs its cone; a program of its own, which costs the
            // spec, is compiled only for a scenario that must play, once for all of them.
            let cone = checker.derivedExpression(mutant).flatMap { ConeReplay.Cone(checker.program, changing: $0.node, to: $0.expression) }
            var compiled: ScreenProgram?
            if cone == nil {
                guard let program = checker.program(mutant) else { return MutantOutcome(mutant: mutant, status: .invalid) }
                compiled = program
            }
            for s in original.scenarios.indices {
                // A mutant cut short is not played: what it played so far says nothing.
                if budget.expired { return MutantOutcome(mutant: mutant, status: .notPlayed) }
                if let cone, let recorded = settled[s] {
                    switch cone.verdict(recorded) {
                    case .matches: continue
                    case .differsAtStart where hasSnapshot[s]: return MutantOutcome(mutant: mutant, status: .killed, killedBy: original.scenarios[s].name)
                    case .differsAtStart, .undecided: break
                    }
                }
                if compiled == nil { compiled = checker.program(mutant) }
                guard let program = compiled else { return MutantOutcome(mutant: mutant, status: .invalid) }
                // A mutant is killed by the first entry that differs: the scenario stops there.
                if !ScenarioRunner.replay(program, scenario: s, matching: expected[s], entryLimit: entryLimits[s], eventLimit: eventLimit).matches {
                    return MutantOutcome(mutant: mutant, status: .killed, killedBy: original.scenarios[s].name)
                }
            }
            let catching: [String]
            if let reached = reachingChange.scenarios(reaching: mutant.range) {
                // The scenarios that ran the handler or took the choice the change is in.
                catching = names.indices.filter { reached.contains($0) }.map { names[$0] }
            } else {
                // A function's body runs where it is called: its callers' scenarios exercise it.
                let declarations = callers[mutant.declaration] ?? [mutant.declaration]
                let found = declarations.reduce(into: [String]()) { found, declaration in
                    let these = calling[declaration] ?? Self.union(showing(declaration, in: shown), exercising[declaration] ?? [], order: names)
                    found = Self.union(found, these, order: names)
                }
                // One that never changes after the start is still computed then, in each of them
                // (an eleventh first user's 15: "no scenario exercises 'fromCents'", a function
                // every scenario's price label reads).
                catching = found.isEmpty && declarations.contains(where: derivedOutputs.contains) ? names : found
            }
            // A scenario that overrides what the mutant changed (a service's results) cannot catch it.
            let reachable = catching.filter { name in scenarioDecls[name].map { !mutant.isOverridden(in: $0) } ?? true }
            return MutantOutcome(mutant: mutant, status: .survived, shouldCatch: reachable)
        }
        let outcomes = parallelMap(mutants) { mutant -> MutantOutcome in
            defer { budget.finishedMutant() }
            let outcome = judge(mutant)
            // A mutant marked equivalent is played too: one a scenario kills is not equivalent
            // (a mark naming two mutants of one change, one of them killed), so it counts as
            // killed and the report warns about the mark.
            guard mutant.equivalentBecause != nil, outcome.status != .killed else { return outcome }
            return MutantOutcome(mutant: mutant, status: .equivalent)
        }
        return .success(SpecMutation(specPath: specPath, screen: original.screen, outcomes: outcomes, staleSnapshots: stale, unjudgedScenarios: unjudged))
    }

    /// What one scenario's timeline shows after the screen started: the names that emitted
    /// (with every dotted prefix of each: `login.executing` shows `login`) and its steps' texts.
    /// The start is what comes at 0ms before the first step: a `wait:` and an `expect:` record no
    /// step, so what a timer makes after a scenario's first `wait:` comes later than 0ms with no
    /// step before it, and is shown too. Gathered once per scenario, so asking for each surviving
    /// mutant costs a look-up, not a scan of the timeline (which is as long as the spec).
    struct Shown {
        let scenario: String
        let names: Set<String>
        let steps: [String]

        init(_ timeline: Timeline) {
            var afterStart = false
            var names = Set<String>()
            var steps: [String] = []
            for entry in timeline.entries {
                switch entry {
                case .step(_, let text):
                    afterStart = true
                    steps.append(text)
                case .emission(let time, let name, _) where afterStart || time > 0:
                    afterStart = true
                    var prefix = Substring(name)
                    while names.insert(String(prefix)).inserted, let dot = prefix.lastIndex(of: ".") { prefix = prefix[..<dot] }
                case .call(_, let service, _, _):
                    // A call shows its service (a `Void` one has no answer to show otherwise).
                    names.insert(service)
                default: break
                }
            }
            scenario = timeline.scenario
            self.names = names
            self.steps = steps
        }
    }

    /// The scenarios whose timeline shows `declaration` (or one of its parts, `login.executing`)
    /// changing after the screen started, or a step acting on it.
    /// The scenarios named in `a` or `b`, in the spec's `order`.
    static func union(_ a: [String], _ b: [String], order: [String]) -> [String] {
        let named = Set(a).union(b)
        return order.filter { named.contains($0) }
    }

    static func showing(_ declaration: String, in shown: [Shown]) -> [String] {
        shown.filter { $0.names.contains(declaration) || $0.steps.contains { $0.contains(declaration) } }.map(\.scenario)
    }
}

extension ScenarioPlan {
    /// Whether a step expects something (`expect:` a value, an end or a condition).
    var expects: Bool {
        steps.contains { step in
            switch step.kind {
            case .expect, .expectEnd, .expectThat, .expectCalls: return true
            default: return false
            }
        }
    }
}
