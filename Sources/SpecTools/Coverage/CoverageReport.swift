import ScreenSpec
import SpecRuntime

/// What the scenarios of one spec exercised: every item, covered or not, in source order.
package struct SpecCoverage: Sendable {
    package var specPath: String
    package var screen: String
    package var items: [CoverageItem]
    /// Scenarios stopped by a runaway limit: what they would have covered later is missing.
    package var stoppedScenarios: [String] = []
    /// Scenarios that fail (an `expect:` that does not hold, a broken invariant, a runtime
    /// error), each with its first failure as `specrun run` prints it: what they exercised is
    /// counted, but a scenario that fails checks nothing, so the run fails.
    package var failingScenarios: [FailingScenario] = []

    /// Items marked in `unreachable:` count neither as covered nor in the total.
    package var covered: Int { items.filter { $0.covered && $0.unreachableBecause == nil }.count }
    package var total: Int { items.filter { $0.unreachableBecause == nil }.count }
    package var missed: [CoverageItem] { items.filter(\.missed) }
    package var unreachable: [CoverageItem] { items.filter { $0.unreachableBecause != nil } }
    /// Covered items in percent; 100 for a spec with nothing to cover.
    package var percent: Double { total == 0 ? 100 : Double(covered) * 100 / Double(total) }
}

/// The coverage of a run over several specs, and the specs that did not load.
package struct CoverageReport: Sendable {
    package var specs: [SpecCoverage]
    /// Specs that did not load or check, with their diagnostics.
    package var invalid: [LoadedSpec]

    package var covered: Int { specs.map(\.covered).reduce(0, +) }
    package var total: Int { specs.map(\.total).reduce(0, +) }
    package var percent: Double { total == 0 ? 100 : Double(covered) * 100 / Double(total) }
    /// Every failing scenario of every spec, in the specs' order.
    package var failingScenarios: [FailingScenario] { specs.flatMap(\.failingScenarios) }

    /// Plays every scenario of every spec with a coverage recorder, scenarios in parallel.
    /// `progress` hears how many scenarios are played, of all, after each.
    package static func measure(specPaths: [String], progress: (@Sendable (ProgressCount) -> Void)? = nil) -> CoverageReport {
        let loaded = parallelMap(specPaths) { SpecLoader.load(path: $0) }
        var jobs: [(spec: Int, scenario: Int)] = []
        var maps: [CoverageMap?] = []
        for (i, spec) in loaded.enumerated() {
            maps.append(spec.spec.map(CoverageMap.init))
            for j in spec.spec?.scenarios.indices ?? 0..<0 { jobs.append((i, j)) }
        }
        let frozenMaps = maps
        let counter = ProgressCounter(total: jobs.count, report: progress)
        let results = parallelMap(jobs) { job -> (hits: [Bool], stopped: String?, failing: FailingScenario?) in
            defer { counter.finished() }
            let spec = loaded[job.spec].spec!
            let recorder = CoverageRecorder(map: frozenMaps[job.spec]!)
            let timeline = ScenarioRunner.run(spec, scenario: job.scenario, coverage: recorder)
            return (recorder.hits, timeline.stoppedByLimit ? timeline.scenario : nil, FailingScenario(timeline))
        }
        var specs: [SpecCoverage?] = loaded.enumerated().map { i, l in
            guard let checked = l.spec, let map = maps[i] else { return nil }
            return SpecCoverage(specPath: specPaths[i], screen: checked.screen, items: map.items)
        }
        for (job, result) in zip(jobs, results) {
            let name = loaded[job.spec].spec!.scenarios[job.scenario].name
            for (k, hit) in result.hits.enumerated() where hit {
                specs[job.spec]!.items[k].covered = true
                specs[job.spec]!.items[k].coveredBy.append(name)
            }
            if let stopped = result.stopped { specs[job.spec]!.stoppedScenarios.append(stopped) }
            if let failing = result.failing { specs[job.spec]!.failingScenarios.append(failing) }
        }
        var invalid = loaded.filter { $0.spec == nil }
        var ordered: [SpecCoverage] = []
        for (i, spec) in specs.enumerated() {
            guard var s = spec, let checked = loaded[i].spec else { continue }
            s.items = s.items.enumerated().sorted { a, b in
                (a.element.range.start, a.offset) < (b.element.range.start, b.offset)
            }.map(\.element)
            let problems = apply(checked.coverageMarks, to: &s.items, fixed: FixedRowFields.names(in: checked))
            if problems.isEmpty {
                ordered.append(s)
            } else {
                invalid.append(LoadedSpec(source: loaded[i].source, spec: nil, diagnostics: loaded[i].diagnostics + problems))
            }
        }
        return CoverageReport(specs: ordered, invalid: invalid)
    }

    /// Marks the items `unreachable:` names that no scenario reached (every item of the text, or
    /// with `occurrence: N` the N-th); a mark that names no item is a diagnostic.
    static func apply(_ marks: [CoverageMark], to items: inout [CoverageItem], fixed: Set<String> = []) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for mark in marks {
            // An item copied from the report's line ("never the 'then' branch") names the item too.
            let item = mark.item.hasPrefix("never ") ? String(mark.item.dropFirst("never ".count)) : mark.item
            // `in: rows.toggled`: the items of the handlers on that event only; `in: rows`, all of the entry's.
            let named = { (i: CoverageItem) in i.declaration == mark.declaration || i.event == mark.declaration }
            // In the report's order, by place, so that `occurrence: 2` names the second line of them.
            let sameText = items.indices.filter { named(items[$0]) && items[$0].what == item }
                .sorted { (items[$0].range.start, $0) < (items[$1].range.start, $1) }
            var matching = sameText
            // An `item:` text that names nothing is reported below, whatever its occurrence.
            if let n = mark.occurrence, !sameText.isEmpty {
                guard n <= sameText.count else {
                    problems.append(Diagnostic(id: .unknownCoverageItem,
                                               "'\(mark.declaration)' has \(sameText.count) coverage item\(sameText.count == 1 ? "" : "s") '\(item)', so no occurrence \(n)",
                                               at: mark.occurrenceRange ?? mark.itemRange,
                                               notes: sameText.enumerated().map { DiagnosticNote("occurrence \($0.offset + 1) is here", at: items[$0.element].range) }))
                    continue
                }
                matching = [sameText[n - 1]]
            }
            guard !matching.isEmpty else {
                let candidates = items.filter(named).map(\.what)
                var notes = candidates.isEmpty ? [DiagnosticNote("'specrun coverage' counts nothing in '\(mark.declaration)'")]
                    : [DiagnosticNote("its items are: " + candidates.prefix(12).map { "\"\($0)\"" }.joined(separator: ", "))]
                var fix = (Suggestion.nearest(to: item, in: candidates, budget: nil) ?? candidates.first).map { "\"\($0)\"" }
                // "'lockouts' is false" of a Bool stream after `filter: $0`, which was an item before
                // the filter ruled it out (CoverageMap+FilteredBools.swift): the mark has nothing left to do.
                let name = "'\(mark.declaration)'"
                if candidates.contains(name + " emits"), let value = ["true", "false"].first(where: { item == name + " is " + $0 }),
                   candidates.contains(name + " is " + (value == "true" ? "false" : "true"))
                {
                    notes.append(DiagnosticNote("the stream's last 'filter' lets no \(value) element through, so no scenario could cover it and coverage does not count it"))
                    fix = "remove this mark"
                }
                // "'shipping.title.text' changes" of a row field that reads only constants
                // (FixedRowFields.swift), an item before coverage knew it can never change.
                if let field = fixed.first(where: { field in
                    ["changes", "is true", "is false"].contains { item == "'\(field)' " + $0 || item == "'\(field)' " + $0 + " in a row" }
                }) {
                    notes.append(DiagnosticNote("'\(field)' reads only constants, so it never changes in a row: no scenario could cover it and coverage does not count it"))
                    fix = "remove this mark"
                }
                problems.append(Diagnostic(id: .unknownCoverageItem, "'\(mark.declaration)' has no coverage item '\(mark.item)'",
                                           at: mark.itemRange, notes: notes, fixIt: fix))
                continue
            }
            // A mark covers what no scenario reaches: an item one did reach (a mark naming two
            // items of one text, one of them reached) counts as covered, and is warned about.
            // With several, the warning says how to mark the others alone.
            let unreached = sameText.enumerated().filter { !items[$0.element].covered }
            let hint = matching.count > 1 && !unreached.isEmpty
                ? "the mark names \(matching.count) items of this text in '\(mark.declaration)'; to mark one alone, add "
                    + unreached.map { "'occurrence: \($0.offset + 1)' (the one at \(items[$0.element].range.start))" }.joined(separator: " or ")
                : nil
            for i in matching {
                if items[i].covered {
                    items[i].reachedThoughMarked = mark.reason
                    items[i].markHint = hint
                } else {
                    items[i].unreachableBecause = mark.reason
                }
            }
        }
        return problems
    }
}
