import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
@testable import SpecTools
import Testing

@Suite("Mutation")
struct MutationTests {
    /// `yaml` written to a spec file with its scenarios' snapshots kept, as `specrun test` keeps
    /// them: each scenario kills a mutant whose timeline differs (MutationOracleTests has the
    /// scenarios without).
    private func write(_ yaml: String, name: String = "spec.yaml") throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-mutate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        _ = SnapshotSuite.verify(specPath: path, mode: .update)
        return path
    }

    private static let login = """
        screen: Login
        inputs:
          email:    { type: String, default: "" }
          password: { type: String, default: "" }
          confirm:  event
        outputs:
          canLogin: email.count >= 10 && password.count >= 4
        actions:
          login:
            trigger: confirm
            enabledIf: canLogin
            work: { call: auth.signIn, with: { email: email } }
        services:
          auth.signIn: { returns: Void, latency: 5s, params: { email: String } }
        scenarios:
          - name: signs in once the form is valid
            steps:
              - set: { email: "someone@example.com", password: "hunter2" }
              - send: confirm
              - expect: { login.executing: true }
              - wait: 5s
              - expect: { login.executing: false }
        """

    private static let boundaryScenario = """

          - name: the email needs at least 10 characters
            steps:
              - set: { email: "a@b.co.uk", password: "hunt" }
              - expect: { canLogin: false }
              - set: { email: "a@b.co.uk2", password: "hun" }
              - expect: { canLogin: false }
              - send: confirm
              - expect: { login.errors: notEnabled }
              - set: { password: "hunt" }
              - expect: { canLogin: true }
        """

    /// The issue's example: `>= 10` to `>= 3` passes every scenario of the weak login spec.
    @Test func theWeakLoginLetsTheThresholdMutantSurvive() throws {
        let path = try write(Self.login)
        guard case .success(let result) = MutationRun.run(specPath: path) else { Issue.record("invalid"); return }
        let survivors = result.survivors.map { "\($0.mutant.range.start) \($0.mutant.declaration): \($0.mutant.change)" }
        #expect(survivors.contains("7:28 canLogin: email.count >= 10 -> email.count >= 3"))
        #expect(survivors.contains("7:13 canLogin: email.count >= 10 -> email.count > 10"))
        let threshold = try #require(result.survivors.first { $0.mutant.change == "email.count >= 10 -> email.count >= 3" })
        #expect(threshold.shouldCatch == ["signs in once the form is valid"])
    }

    @Test func aBoundaryScenarioKillsEveryMutant() throws {
        let path = try write(Self.login + Self.boundaryScenario)
        guard case .success(let result) = MutationRun.run(specPath: path) else { Issue.record("invalid"); return }
        #expect(result.survivors.map(\.mutant.change) == [])
        #expect(result.score == 100 && result.scored == result.outcomes.count)
    }

    @Test func theCatalogMakesEachKindOfMutant() throws {
        let path = try write("""
            screen: All
            inputs:
              text: { type: String, default: "" }
              flag: { type: Bool, default: false }
              go: event
            outputs:
              a: 'text == "x" ? 1 : 2'
              b: "!flag || text.count < 5"
              c:
                stream: text
                ops:
                  - debounce: 300ms
                  - distinctUntilChanged
                  - flatMapLatest: { call: api.find, with: { q: $0 } }
            actions:
              run:
                trigger: go
                enabledIf: flag
                work: { call: api.run }
            services:
              api.find: { returns: Int, latency: 1s, results: [{ value: 7 }, { fail: decode }], params: { q: String } }
              api.run: { returns: Void }
            scenarios:
              - name: nothing
                steps: []
            """)
        let draft = try #require(SpecDraft(text: try String(contentsOfFile: path, encoding: .utf8), path: path, resolver: FileSystemSpecResolver()))
        #expect(MutantGenerator.mutants(of: draft).map { "\($0.range.start) \($0.declaration): \($0.change)" } == [
            "7:7 a: text == \"x\" ? 1 : 2 -> text == \"x\" ? 2 : 1",
            "7:7 a: text == \"x\" -> text != \"x\"",
            "7:15 a: text == \"x\" -> text == \"\"",
            "7:21 a: 1 -> 2",
            "7:21 a: 1 -> 0",
            "7:25 a: 2 -> 3",
            "7:25 a: 2 -> 1",
            "8:7 b: !flag || text.count < 5 -> !flag && text.count < 5",
            "8:7 b: !flag -> flag",
            "8:16 b: text.count < 5 -> text.count <= 5",
            "8:29 b: text.count < 5 -> text.count < 6",
            "8:29 b: text.count < 5 -> text.count < 4",
            "8:29 b: text.count < 5 -> text.count < 1",
            "8:29 b: text.count < 5 -> text.count < 15",
            "12:9 c: debounce -> (removed)",
            "12:9 c: debounce 300ms -> debounce 150ms",
            "12:9 c: debounce 300ms -> debounce 600ms",
            "13:9 c: distinctUntilChanged -> (removed)",
            "14:9 c: flatMapLatest -> flatMap",
            "14:9 c: flatMapLatest -> concatMap",
            "14:9 c: flatMapLatest -> flatMapFirst",
            "18:16 run: enabledIf: flag -> (removed)",
            "21:38 api.find: latency: 1s -> 500ms",
            "21:38 api.find: latency: 1s -> 2s",
            "21:52 api.find: result 7 -> fails: unknown",
            "21:66 api.find: fails: decode -> succeeds",
            "22:3 api.run: succeeds -> fails: unknown",
        ])
    }

    @Test func anEquivalentMarkExcludesItsMutantFromTheScore() throws {
        let path = try write(Self.login + """

            equivalentMutants:
              - in: canLogin
                change: "email.count >= 10 -> email.count >= 3"
                reason: "pretend no email is shorter than 10"
            """)
        guard case .success(let result) = MutationRun.run(specPath: path) else { Issue.record("invalid"); return }
        let marked = try #require(result.outcomes.first { $0.mutant.change == "email.count >= 10 -> email.count >= 3" })
        #expect(marked.status == .equivalent && marked.mutant.equivalentBecause == "pretend no email is shorter than 10")
        #expect(result.equivalent == 1 && result.scored == result.outcomes.count - 1)
    }

    @Test func aMarkThatMarksNothingIsALocatedDiagnostic() throws {
        let path = try write(Self.login + """

            equivalentMutants:
              - in: canLogin
                change: "email.count >= 10 -> email.count >= 4"
                reason: "a change the catalogue never makes"
            """)
        guard case .failure(let invalid) = MutationRun.run(specPath: path) else { Issue.record("accepted"); return }
        let d = try #require(invalid.loaded.diagnostics.first)
        #expect(d.id == "unknown-mutant" && d.range.start == SpecLocation(line: 25, column: 13))
        #expect(d.message == "no mutant of 'canLogin' makes the change 'email.count >= 10 -> email.count >= 4'")
        #expect(d.notes.first?.message.contains("\"email.count >= 10 -> email.count >= 3\"") == true)
    }

    @Test func aMarkNamingNoDeclarationIsACheckerError() throws {
        let loaded = SpecLoader.load(text: Self.login + """

            equivalentMutants:
              - { in: canLogn, change: "a -> b", reason: "typo" }
            """, path: "m.yaml")
        #expect(loaded.spec == nil)
        #expect(loaded.diagnostics.map(\.description) == ["m.yaml:24:11: error: unknown declaration 'canLogn'; did you mean 'canLogin'?"])
    }

    /// Removing the `take` that ends a feedback loop (an action retriggered by its own elements
    /// through `delay: 0ms`) makes a mutant that would run forever; the runaway limits stop it and
    /// it counts as killed.
    @Test func aRunawayMutantIsStoppedAndKilled() throws {
        let path = try write("""
            screen: Retry
            outputs:
              again:
                stream: load.elements
                ops:
                  - take: 2
                  - delay: 0ms
            actions:
              load:
                trigger: again
                work: { call: api.get }
            services:
              api.get: { returns: Int, latency: 0ms, result: 1 }
            scenarios:
              - name: loads three times
                steps:
                  - send: load
                  - wait: 1s
                  - expect: { load.elements: 1 }
            """)
        guard case .success(let result) = MutationRun.run(specPath: path) else { Issue.record("invalid"); return }
        let removed = try #require(result.outcomes.first { $0.mutant.change == "take -> (removed)" })
        #expect(removed.status == .killed && removed.killedBy == "loads three times")
        #expect(result.survivors.isEmpty, "\(result.survivors.map(\.mutant.change))")
    }

    @Test func theReportIsTheSameEveryRun() throws {
        let path = try write(Self.login)
        let first = MutationText.render(MutationRun.run(specPaths: [path]))
        for _ in 0..<3 { #expect(MutationText.render(MutationRun.run(specPaths: [path])) == first) }
        #expect(MutationJSON.render(MutationRun.run(specPaths: [path])) == MutationJSON.render(MutationRun.run(specPaths: [path])))
    }
}

extension MutationTests {
    @Test func aTableRowRemovedFallsToTheDefault() throws {
        let path = try write("""
            screen: Segment
            view:
              picker: { segmentedControl: { segments: [A, B] } }
              label: label
            bindings:
              - bind: picker.selectedIndex
                to: label.text
                table: { 0: "A", 1: "B", default: "?" }
            equivalentMutants:
              - in: picker.selectedIndex
                change: "table row 1: \\"B\\" -> (removed)"
                reason: "shown only to test that a binding's source can be named"
            scenarios:
              - name: picks A
                steps:
                  - pick: { picker: 0 }
                  - expect: { label.text: "A" }
            """)
        guard case .success(let result) = MutationRun.run(specPath: path) else { Issue.record("invalid"); return }
        #expect(result.outcomes.map { "\($0.mutant.change) \($0.status)" } == [
            "table row 0: \"A\" -> (removed) killed",
            "table row 1: \"B\" -> (removed) equivalent",
        ])
    }
}
