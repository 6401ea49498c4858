import Foundation
import ScreenSpec
import SpecRuntime

/// Plays specs' scenarios and compares each timeline with its snapshot file (see
/// `SnapshotLayout` for where they live and `SnapshotFile` for what they hold).
///
/// ```swift
/// let outcome = SnapshotSuite.verify(specPath: "specs/login.yaml")
/// #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
/// ```
package enum SnapshotSuite {
    /// Plays every scenario of one spec (those whose name contains `filter`, when given) and
    /// compares each with its snapshot, writing only what `mode` allows.
    /// - Parameter snapshotsDirectory: the `__snapshots__` folder; nil uses the one beside the spec.
    package static func verify(specPath: String, snapshotsDirectory: String? = nil, mode: SnapshotMode = .verify,
                              filter: String? = nil) -> SpecOutcome {
        let loaded = sharingSnapshots(SpecLoader.load(path: specPath), specPath: specPath)
        return verify(loaded, specPath: specPath, snapshotsDirectory: snapshotsDirectory, mode: mode, filter: filter)
    }

    /// Checks many spec files, all scenarios in parallel across cores; the outcomes come back in
    /// the order of `specPaths`, scenarios in declaration order. With a `shard`, only its part of
    /// the scenarios left by `filter` runs (see `Shard`), and specs with nothing in it are left
    /// out of the result.
    package static func verify(specPaths: [String], mode: SnapshotMode = .verify, filter: String? = nil,
                              shard: Shard? = nil) -> [SpecOutcome] {
        let loaded = SpecLoader.load(paths: specPaths) { paths in parallelMap(paths) { SpecLoader.load(path: $0) } }
            .enumerated().map { sharingSnapshots($1, specPath: specPaths[$0]) }
        var jobs: [(spec: Int, scenario: Int)] = []
        var skipped = [Int](repeating: 0, count: specPaths.count)
        var inShard = [Bool](repeating: shard == nil, count: specPaths.count)
        var position = 0
        func take() -> Bool {
            defer { position += 1 }
            return shard?.contains(position: position) ?? true
        }
        for (i, spec) in loaded.enumerated() {
            guard let checked = spec.spec else {
                if take() { inShard[i] = true }
                continue
            }
            for (j, scenario) in checked.scenarios.enumerated() {
                guard matches(scenario.name, filter) else { skipped[i] += 1; continue }
                if take() {
                    jobs.append((i, j))
                    inShard[i] = true
                }
            }
        }
        // Each spec compiles once, for all its scenarios (which may play on other cores).
        let withJobs = Set(jobs.map(\.spec))
        let programs = parallelMap(Array(loaded.indices)) { i in withJobs.contains(i) ? loaded[i].spec.map { ScreenProgram($0) } : nil }
        let results = parallelMap(jobs) { job -> ScenarioOutcome in
            // `jobs` only holds specs that loaded.
            check(programs[job.spec]!, specPath: specPaths[job.spec], scenario: job.scenario, mode: mode)
        }
        var outcomes = specPaths.indices.map { i in
            SpecOutcome(specPath: specPaths[i], loaded: loaded[i], scenarios: [], skipped: skipped[i],
                        obsoleteSnapshots: loaded[i].spec.map { obsoleteSnapshots(of: $0, specPath: specPaths[i]) } ?? [])
        }
        for (job, result) in zip(jobs, results) { outcomes[job.spec].scenarios.append(result) }
        return specPaths.indices.filter { inShard[$0] }.map { outcomes[$0] }
    }

    static func verify(_ loaded: LoadedSpec, specPath: String, snapshotsDirectory: String?, mode: SnapshotMode,
                       filter: String?) -> SpecOutcome {
        var outcome = SpecOutcome(specPath: specPath, loaded: loaded, scenarios: [], skipped: 0, obsoleteSnapshots: [])
        guard let checked = loaded.spec else { return outcome }
        let program = ScreenProgram(checked)
        for (i, scenario) in checked.scenarios.enumerated() {
            guard matches(scenario.name, filter) else { outcome.skipped += 1; continue }
            outcome.scenarios.append(check(program, specPath: specPath, scenario: i, snapshotsDirectory: snapshotsDirectory, mode: mode))
        }
        outcome.obsoleteSnapshots = obsoleteSnapshots(of: checked, specPath: specPath, snapshotsDirectory: snapshotsDirectory)
        return outcome
    }

    /// The spec with a `shared-snapshots` error when another spec file beside it has the same
    /// stem (`a.yaml` and `a.yml`): both would keep their snapshots in `__snapshots__/a/`, each
    /// overwriting the other's and calling them obsolete. Each of the pair gets the error, so
    /// neither writes nor prunes there until one is renamed.
    static func sharingSnapshots(_ loaded: LoadedSpec, specPath: String) -> LoadedSpec {
        let name = (specPath as NSString).lastPathComponent
        let stem = SnapshotLayout.stem(of: specPath)
        let twins = SpecFinder.specExtensions.map { stem + "." + $0 }.filter { $0 != name }
            .map { SnapshotLayout.join(SnapshotLayout.parent(of: specPath), $0) }
            .filter(SpecFinder.isRegularFile)
        guard let twin = twins.first else { return loaded }
        let folder = SnapshotLayout.directory(forSpec: specPath)
        let range = loaded.screen?.range ?? SpecRange(file: specPath, at: SpecLocation(line: 1, column: 1))
        return loaded.adding(Diagnostic(id: .sharedSnapshots, "'\(twin)' keeps its snapshots in '\(folder)' too", at: range,
                                        notes: [DiagnosticNote("a spec's snapshot folder is named after its file name without the extension; rename one of the two")]))
    }

    /// Plays one scenario and compares it with its snapshot. Writes only under `.recordNew` (a
    /// missing snapshot) or `.update` (a missing or different one), atomically, and never a file
    /// whose text is already right.
    package static func check(_ spec: CheckedSpec, specPath: String, scenario index: Int,
                             snapshotsDirectory: String? = nil, mode: SnapshotMode = .verify) -> ScenarioOutcome {
        check(ScreenProgram(spec), specPath: specPath, scenario: index, snapshotsDirectory: snapshotsDirectory, mode: mode)
    }

    /// ``check(_:specPath:scenario:snapshotsDirectory:mode:)`` for a spec compiled once for all its scenarios.
    package static func check(_ program: ScreenProgram, specPath: String, scenario index: Int,
                              snapshotsDirectory: String? = nil, mode: SnapshotMode = .verify) -> ScenarioOutcome {
        let spec = program.spec
        let started = ContinuousClock.now
        let timeline = ScenarioRunner.run(program, scenario: index)
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
            // A FIFO, device, folder or link where the snapshot belongs reads as none; say what is
            // in the way, in CI too, rather than only "missing".
            if SnapshotTree.kind(path) != .missing { outcome.writeError = SnapshotTree.refusal(for: path) }
        }
        let shouldWrite = (stored == nil && mode.writesNew) || (outcome.comparison == .differed && mode.writesChanged)
        if shouldWrite && timeline.stoppedByLimit {
            outcome.writeError = "the scenario was stopped by a runaway limit, so its timeline is not recorded"
        } else if shouldWrite {
            do {
                try SnapshotTree.write(actual, to: path)
                outcome.wrote = true
            } catch {
                outcome.writeError = "\(error)"
            }
        }
        settlePending(&outcome, mode: mode, stoppedByLimit: timeline.stoppedByLimit)
        outcome.duration = ContinuousClock.now - started
        return outcome
    }

    /// Under `.review`, writes a different timeline as the pending `<snapshot>.new`; under any
    /// writing mode, deletes a pending file left from an earlier run once the snapshot matches
    /// (or was just written), so only real pending changes are left to review.
    private static func settlePending(_ outcome: inout ScenarioOutcome, mode: SnapshotMode, stoppedByLimit: Bool) {
        let pending = PendingSnapshot.path(forSnapshot: outcome.snapshotPath)
        if outcome.comparison == .differed && !outcome.wrote && mode.writesPending && !stoppedByLimit {
            if SnapshotFile.read(pending) != outcome.actual {
                do {
                    try SnapshotTree.write(outcome.actual, to: pending)
                } catch {
                    outcome.writeError = "cannot write the pending snapshot: \(error)"
                    return
                }
            }
            outcome.pendingPath = pending
        } else if mode.settlesPending && (outcome.comparison == .matched || outcome.wrote) {
            try? PendingSnapshot(path: pending)?.reject()
        }
    }

    /// The snapshot files in a spec's snapshot folder that belong to none of its scenarios.
    package static func obsoleteSnapshots(of spec: CheckedSpec, specPath: String, snapshotsDirectory: String? = nil) -> [String] {
        let current = Set(SnapshotLayout.fileNames(forScenarios: spec.scenarios.map(\.name)))
        let folder = SnapshotLayout.directory(forSpec: specPath, snapshotsDirectory: snapshotsDirectory)
        let snapshots = SpecFinder.snapshotFiles(in: folder).filter { !current.contains(($0 as NSString).lastPathComponent) }
        let pending = PendingSnapshot.files(in: folder)
            .filter { !current.contains(($0.snapshotPath as NSString).lastPathComponent) }.map(\.path)
        return (snapshots + pending).sorted()
    }

    /// Deletes snapshot files (only `.timeline` files, pending `.timeline.new` ones and the
    /// temporary files a killed write left), then their folder if that left it empty. Only regular
    /// files in real folders are deleted (see `SnapshotTree`), and a temporary file only when no
    /// run is still writing it. Returns one line per file left alone, each starting with `note:`
    /// (skipped on purpose) or `error:` (could not be deleted).
    package static func prune(_ snapshotPaths: [String]) -> [String] {
        var problems: [String] = []
        var folders: Set<String> = []
        for path in snapshotPaths where SpecFinder.isSnapshotFile((path as NSString).lastPathComponent) || PendingSnapshot(path: path) != nil {
            if let refusal = SnapshotTree.refusal(for: path, mustExist: true) {
                problems.append("note: skipped '\(path)': \(refusal)")
                continue
            }
            do {
                if try SnapshotTree.remove(path) {
                    folders.insert(SnapshotLayout.parent(of: path))
                } else {
                    problems.append("note: skipped '\(path)': another run is still writing it")
                }
            } catch {
                problems.append("error: \(error)")
            }
        }
        // `rmdir` removes only an empty folder, and never through a link.
        for folder in folders.sorted() where SnapshotTree.kind(folder) == .folder { rmdir(folder) }
        return problems
    }

    package static func matches(_ name: String, _ filter: String?) -> Bool {
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
package enum SpecSnapshots {
    /// Plays every scenario of the spec and compares it with its committed snapshot, never
    /// writing. Returns one readable message per problem (invalid spec, failed `expect:`,
    /// missing or different snapshot with its diff); empty when everything matched.
    package static func assertMatches(_ specPath: String, snapshotsDirectory: String? = nil) -> [String] {
        SnapshotSuite.verify(specPath: specPath, snapshotsDirectory: snapshotsDirectory, mode: .verify).failures
    }
}
