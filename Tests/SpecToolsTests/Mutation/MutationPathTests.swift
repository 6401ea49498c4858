import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
@testable import SpecTools
import Testing

/// `specrun mutate` checks a changed derived expression alone and compares timelines as values,
/// stopping at the first difference. Its verdicts must be the ones the plain definition gives:
/// every mutant checked as a whole spec, every scenario played to its end and judged as `specrun
/// test` judges it: a failure (an `expect:`, an invariant, a runtime error) or a runaway, or, for a
/// scenario whose snapshot is kept, a snapshot text that differs. That definition is kept here,
/// as the reference.
@Suite("Mutation: the fast path gives the plain definition's verdicts")
struct MutationPathTests {
    static let specs: [String] = {
        let fm = FileManager.default
        func yaml(in folder: String) -> [String] {
            ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted().map { folder + "/" + $0 }
        }
        return yaml(in: PackagePaths.specs) + yaml(in: PackagePaths.fixtures)
    }()

    /// What a mutant's verdict was by the plain definition: status and the killing scenario.
    struct Verdict: Equatable, CustomStringConvertible {
        var declaration: String
        var change: String
        var status: MutantOutcome.Status
        var killedBy: String?
        var description: String { "\(declaration): \(change) \(status) \(killedBy ?? "")" }
    }

    static func reference(_ path: String) -> [Verdict]? {
        let loaded = SpecLoader.load(path: path)
        guard let original = loaded.spec, var draft = SpecDraft(text: loaded.source.text, path: path, resolver: FileSystemSpecResolver()) else {
            return nil
        }
        _ = draft.check(draft.spec)
        var mutants = MutantGenerator.mutants(of: draft)
        guard MarkCheck.mark(&mutants, draft.spec.equivalentMutants).isEmpty else { return nil }
        let baseline = original.scenarios.indices.map { ScenarioRunner.run(original, scenario: $0) }
        let expected = baseline.map { SnapshotFile.text(for: $0, specPath: path) }
        let folder = SnapshotLayout.directory(forSpec: path, snapshotsDirectory: nil)
        let kept = SnapshotLayout.fileNames(forScenarios: original.scenarios.map(\.name)).map { SnapshotFile.read(SnapshotLayout.join(folder, $0)) != nil }
        let entryLimits = baseline.indices.map { kept[$0] ? max(baseline[$0].entries.count * 10, 10_000) : ScenarioRunner.maximumEntries }
        let frozen = draft
        return parallelMap(mutants) { mutant -> Verdict in
            var verdict = Verdict(declaration: mutant.declaration, change: mutant.change, status: .survived)
            if mutant.equivalentBecause != nil { verdict.status = .equivalent; return verdict }
            var local = frozen
            guard let checked = local.check(mutant.apply(to: frozen.spec)).spec else { verdict.status = .invalid; return verdict }
            let program = ScreenProgram(checked)
            for s in checked.scenarios.indices {
                let timeline = ScenarioRunner.run(program, scenario: s, entryLimit: entryLimits[s], eventLimit: MutationRun.eventLimit)
                let differs = kept[s] && SnapshotFile.text(for: timeline, specPath: path) != expected[s]
                if timeline.stoppedByLimit || !timeline.passed || differs {
                    verdict.status = .killed
                    verdict.killedBy = checked.scenarios[s].name
                    return verdict
                }
            }
            return verdict
        }
    }

    @Test(arguments: specs.map { ($0 as NSString).lastPathComponent })
    func everyShippedSpecAndFixture(name: String) throws {
        let path = try #require(Self.specs.first { ($0 as NSString).lastPathComponent == name && $0.hasPrefix(PackagePaths.specs + "/") }
            ?? Self.specs.first { ($0 as NSString).lastPathComponent == name })
        try Self.compare(path)
    }

    /// A generated spec of many derived outputs: almost every mutant takes the fast path.
    @Test func aGeneratedWideSpec() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-mutate-wide")
        let path = folder + "/wide.yaml"
        try Self.wide(outputs: 40).write(toFile: path, atomically: true, encoding: .utf8)
        try Self.compare(path)
    }

    static func compare(_ path: String) throws {
        let reference = Self.reference(path)
        guard case .success(let fast) = MutationRun.run(specPath: path) else {
            #expect(reference == nil, "the fast path found \(path) invalid, the plain definition did not")
            return
        }
        let verdicts = fast.outcomes.map { Verdict(declaration: $0.mutant.declaration, change: $0.mutant.change, status: $0.status, killedBy: $0.killedBy) }
        let expected = try #require(reference)
        #expect(verdicts.count == expected.count)
        for (got, want) in zip(verdicts, expected) where got != want {
            Issue.record("\(path): \(got) instead of \(want)")
        }
    }

    /// Outputs over four inputs in four shapes, each read by a second output, so that a mutant's
    /// change reaches its readers; two scenarios, one expecting.
    static func wide(outputs: Int) -> String {
        var s = """
            screen: Wide
            inputs:
              a: { type: Int, default: 1 }
              b: { type: Int, default: 2 }
              flag: { type: Bool, default: false }
              name: { type: String, default: "x" }
            outputs:

            """
        for i in 0..<outputs {
            switch i % 4 {
            case 0: s += "  o\(i): a + b * \(i)\n  r\(i): o\(i) >= \(i + 2)\n"
            case 1: s += "  o\(i): a > \(i % 7) && !flag\n  r\(i): \"o\(i) ? 1 : 0\"\n"
            case 2: s += "  o\(i): '\"\\(name) #\(i)\"'\n  r\(i): 'o\(i) == \"y #\(i)\"'\n"
            default: s += "  o\(i): \"flag ? a : \(i)\"\n  r\(i): o\(i) != 5\n"
            }
        }
        s += """
            scenarios:
              - name: touches every input
                steps:
                  - set: { a: 5, b: 7, flag: true, name: "y" }
                  - expect: { o0: 5 }
              - name: one input at a time
                steps:
                  - set: { a: 3 }
                  - set: { flag: true }
                  - expect: { o1: false }

            """
        return s
    }
}
