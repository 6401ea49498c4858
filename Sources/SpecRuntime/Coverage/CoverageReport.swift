import ScreenSpec

/// What the scenarios of one spec exercised: every item, covered or not, in source order.
public struct SpecCoverage: Sendable {
    public var specPath: String
    public var screen: String
    public var items: [CoverageItem]
    /// Scenarios stopped by a runaway limit: what they would have covered later is missing.
    public var stoppedScenarios: [String] = []

    public var covered: Int { items.filter(\.covered).count }
    public var total: Int { items.count }
    public var missed: [CoverageItem] { items.filter { !$0.covered } }
    /// Covered items in percent; 100 for a spec with nothing to cover.
    public var percent: Double { total == 0 ? 100 : Double(covered) * 100 / Double(total) }
}

/// The coverage of a run over several specs, and the specs that did not load.
public struct CoverageReport: Sendable {
    public var specs: [SpecCoverage]
    /// Specs that did not load or check, with their diagnostics.
    public var invalid: [LoadedSpec]

    public var covered: Int { specs.map(\.covered).reduce(0, +) }
    public var total: Int { specs.map(\.total).reduce(0, +) }
    public var percent: Double { total == 0 ? 100 : Double(covered) * 100 / Double(total) }

    /// Plays every scenario of every spec with a coverage recorder, scenarios in parallel.
    public static func measure(specPaths: [String]) -> CoverageReport {
        let loaded = parallelMap(specPaths) { SpecLoader.load(path: $0) }
        var jobs: [(spec: Int, scenario: Int)] = []
        var maps: [CoverageMap?] = []
        for (i, spec) in loaded.enumerated() {
            maps.append(spec.spec.map(CoverageMap.init))
            for j in spec.spec?.scenarios.indices ?? 0..<0 { jobs.append((i, j)) }
        }
        let frozenMaps = maps
        let results = parallelMap(jobs) { job -> (hits: [Bool], stopped: String?) in
            let spec = loaded[job.spec].spec!
            let recorder = CoverageRecorder(map: frozenMaps[job.spec]!)
            let timeline = ScenarioRunner.run(spec, scenario: job.scenario, coverage: recorder)
            return (recorder.hits, timeline.stoppedByLimit ? timeline.scenario : nil)
        }
        var specs: [SpecCoverage?] = loaded.enumerated().map { i, l in
            guard let checked = l.spec, let map = maps[i] else { return nil }
            return SpecCoverage(specPath: specPaths[i], screen: checked.screen, items: map.items)
        }
        for (job, result) in zip(jobs, results) {
            for (k, hit) in result.hits.enumerated() where hit { specs[job.spec]!.items[k].covered = true }
            if let stopped = result.stopped { specs[job.spec]!.stoppedScenarios.append(stopped) }
        }
        let ordered = specs.compactMap { $0 }.map { spec -> SpecCoverage in
            var s = spec
            s.items.sort { ($0.range.start, $0.kind.rawValue) < ($1.range.start, $1.kind.rawValue) }
            return s
        }
        return CoverageReport(specs: ordered, invalid: loaded.filter { $0.spec == nil })
    }
}
