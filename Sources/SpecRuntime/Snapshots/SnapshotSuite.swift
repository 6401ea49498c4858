import Foundation
import ScreenSpec

/// Plays specs' scenarios and compares each timeline with its snapshot file (see
/// `SnapshotLayout` for where they live and `SnapshotFile` for what they hold).
///
/// ```swift
/// let outcome = SnapshotSuite.verify(specPath: "specs/login.yaml")
/// #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
/// ```
public enum SnapshotSuite {
    /// Plays every scenario of one spec (those whose name contains `filter`, when given) and
    /// compares each with its snapshot, writing only what `mode` allows.
    /// - Parameter snapshotsDirectory: the `__snapshots__` folder; nil uses the one beside the spec.
    public static func verify(specPath: String, snapshotsDirectory: String? = nil, mode: SnapshotMode = .verify,
                              filter: String? = nil) -> SpecOutcome {
        let loaded = SpecLoader.load(path: specPath)
        return verify(loaded, specPath: specPath, snapshotsDirectory: snapshotsDirectory, mode: mode, filter: filter)
    }

    /// Checks many spec files, all scenarios in parallel across cores; the outcomes come back in
    /// the order of `specPaths`, scenarios in declaration order.
    public static func verify(specPaths: [String], mode: SnapshotMode = .verify, filter: String? = nil) -> [SpecOutcome] {
        let loaded = SpecLoader.load(paths: specPaths) { paths in parallelMap(paths) { SpecLoader.load(path: $0) } }
        var jobs: [(spec: Int, scenario: Int)] = []
        var skipped = [Int](repeating: 0, count: specPaths.count)
        for (i, spec) in loaded.enumerated() {
            guard let checked = spec.spec else { continue }
            for (j, scenario) in checked.scenarios.enumerated() {
                if matches(scenario.name, filter) { jobs.append((i, j)) } else { skipped[i] += 1 }
            }
        }
        let results = parallelMap(jobs) { job -> ScenarioOutcome in
            // `jobs` only holds specs that loaded.
            check(loaded[job.spec].spec!, specPath: specPaths[job.spec], scenario: job.scenario, mode: mode)
        }
        var outcomes = specPaths.indices.map { i in
            SpecOutcome(specPath: specPaths[i], loaded: loaded[i], scenarios: [], skipped: skipped[i],
                        obsoleteSnapshots: loaded[i].spec.map { obsoleteSnapshots(of: $0, specPath: specPaths[i]) } ?? [])
        }
        for (job, result) in zip(jobs, results) { outcomes[job.spec].scenarios.append(result) }
        return outcomes
    }

    static func verify(_ loaded: LoadedSpec, specPath: String, snapshotsDirectory: String?, mode: SnapshotMode,
                       filter: String?) -> SpecOutcome {
        var outcome = SpecOutcome(specPath: specPath, loaded: loaded, scenarios: [], skipped: 0, obsoleteSnapshots: [])
        guard let checked = loaded.spec else { return outcome }
        for (i, scenario) in checked.scenarios.enumerated() {
            guard matches(scenario.name, filter) else { outcome.skipped += 1; continue }
            outcome.scenarios.append(check(checked, specPath: specPath, scenario: i, snapshotsDirectory: snapshotsDirectory, mode: mode))
        }
        outcome.obsoleteSnapshots = obsoleteSnapshots(of: checked, specPath: specPath, snapshotsDirectory: snapshotsDirectory)
        return outcome
    }

    /// Plays one scenario and compares it with its snapshot. Writes only under `.recordNew` (a
    /// missing snapshot) or `.update` (a missing or different one), atomically, and never a file
    /// whose text is already right.
    public static func check(_ spec: CheckedSpec, specPath: String, scenario index: Int,
                             snapshotsDirectory: String? = nil, mode: SnapshotMode = .verify) -> ScenarioOutcome {
        let timeline = ScenarioRunner.run(spec, scenario: index)
        let fileName = SnapshotLayout.fileNames(forScenarios: spec.scenarios.map(\.name))[index]
        let path = SnapshotLayout.join(SnapshotLayout.directory(forSpec: specPath, snapshotsDirectory: snapshotsDirectory), fileName)
        let actual = SnapshotFile.text(for: timeline, specPath: specPath)
        var outcome = ScenarioOutcome(specPath: specPath, scenario: timeline.scenario, snapshotPath: path, timeline: timeline,
                                      actual: actual, comparison: .matched, wrote: false,
                                      expectFailures: expectFailures(timeline))
        let stored = SnapshotFile.read(path)
        if let stored {
            if stored != actual {
                outcome.comparison = .differed
                let lineDiff = LineDiff(old: LineDiff.lines(stored), new: LineDiff.lines(actual))
                outcome.diff = UnifiedDiff(lineDiff, oldLabel: "\(path) (snapshot)", newLabel: "\(path) (actual)")
                outcome.changeSummary = lineDiff.hasChanges ? TimelineChanges.summary(of: lineDiff) : "only the final line break differs"
            }
        } else {
            outcome.comparison = .missing
        }
        let shouldWrite = (stored == nil && mode.writesNew) || (outcome.comparison == .differed && mode.writesChanged)
        if shouldWrite && timeline.stoppedByLimit {
            outcome.writeError = "the scenario was stopped by a runaway limit, so its timeline is not recorded"
        } else if shouldWrite {
            do {
                try SnapshotFile.createFolder(of: path)
                try SnapshotFile.writeAtomically(actual, to: path)
                outcome.wrote = true
            } catch {
                outcome.writeError = "\(error)"
            }
        }
        return outcome
    }

    /// The snapshot files in a spec's snapshot folder that belong to none of its scenarios.
    public static func obsoleteSnapshots(of spec: CheckedSpec, specPath: String, snapshotsDirectory: String? = nil) -> [String] {
        let current = Set(SnapshotLayout.fileNames(forScenarios: spec.scenarios.map(\.name)))
        let folder = SnapshotLayout.directory(forSpec: specPath, snapshotsDirectory: snapshotsDirectory)
        return SpecFinder.snapshotFiles(in: folder).filter { !current.contains(($0 as NSString).lastPathComponent) }
    }

    /// Deletes snapshot files (only `.timeline` files and the temporary files a killed write left),
    /// then their folder if that left it empty. Returns one message per file that could not be deleted.
    public static func prune(_ snapshotPaths: [String]) -> [String] {
        var problems: [String] = []
        var folders: Set<String> = []
        for path in snapshotPaths where SpecFinder.isSnapshotFile((path as NSString).lastPathComponent) {
            do {
                try FileManager.default.removeItem(atPath: path)
                folders.insert(SnapshotLayout.parent(of: path))
            } catch {
                problems.append("cannot delete '\(path)': \(error.localizedDescription)")
            }
        }
        for folder in folders.sorted() where (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: folder)
        }
        return problems
    }

    static func matches(_ name: String, _ filter: String?) -> Bool {
        guard let filter, !filter.isEmpty else { return true }
        return name.contains(filter)
    }

    static func expectFailures(_ timeline: Timeline) -> [String] {
        timeline.entries.compactMap { entry in
            switch entry {
            case .failure(let time, let message, let file, let line): return "\(file):\(line): \(message) (at \(time)ms)"
            case .runtimeError(let time, let message): return "runtime error at \(time)ms: \(message)"
            default: return nil
            }
        }
    }
}

/// One-call assertions for a Swift test target.
///
/// ```swift
/// @Test func loginMatchesItsSnapshots() {
///     #expect(SpecSnapshots.assertMatches("specs/login.yaml").isEmpty)
/// }
/// ```
public enum SpecSnapshots {
    /// Plays every scenario of the spec and compares it with its committed snapshot, never
    /// writing. Returns one readable message per problem (invalid spec, failed `expect:`,
    /// missing or different snapshot with its diff); empty when everything matched.
    public static func assertMatches(_ specPath: String, snapshotsDirectory: String? = nil) -> [String] {
        SnapshotSuite.verify(specPath: specPath, snapshotsDirectory: snapshotsDirectory, mode: .verify).failures
    }
}
