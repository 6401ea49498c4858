import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import Testing

/// A sixth first user's reports on the tools (notes/author6): two coverage items of `a && b && c`
/// at one place (D5), percentages cut rather than rounded (D5), a mark of `equivalentMutants:`
/// silently naming a killed mutant too (T3), "no scenario exercises" a function every scenario
/// runs (WR1), and "should have been caught by" naming a scenario that overrides the service (WR2).
@Suite("Coverage and mutation: a sixth first user's reports")
struct AuthorSixToolsTests {
    private func write(_ yaml: String, _ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-author6-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func mutate(_ yaml: String) throws -> SpecMutation {
        let path = try write(yaml, "m.yaml")
        switch MutationRun.run(specPath: path) {
        case .success(let result): return result
        case .failure(let invalid): throw TestFailure(invalid.loaded.renderDiagnostics())
        }
    }

    struct TestFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    // D5, scratch/d5_duplicate_coverage_items.yaml.
    @Test("each '&&' of 'a && b && c' has its items at its own operator")
    func chainedAndItemsDiffer() throws {
        let path = try write("""
            screen: Andand
            inputs:
              a: { type: Bool, default: true }
              b: { type: Bool, default: true }
              c: { type: Bool, default: true }
            outputs:
              all: a && b && c
            scenarios:
              - name: all true, then c false
                steps:
                  - expect: { all: true }
                  - set: { c: false }
                  - expect: { all: false }
            """, "d5.yaml")
        let report = CoverageReport.measure(specPaths: [path])
        let spec = try #require(report.specs.first)
        let missed = spec.missed.map { "\($0.range.start.line):\($0.range.start.column): \($0.what)" }
        #expect(missed == ["7:10: the left side of '&&' decides (is false)", "7:15: the left side of '&&' decides (is false)"])
        #expect(spec.covered == 4 && spec.total == 6)
        #expect(CoverageText.render(report).contains("4/6 covered (66.7%)"))
    }

    @Test("a percentage rounds to the nearest tenth, never to all or none when it is not")
    func percentages() {
        #expect(formatPercent(400.0 / 6) == "66.7%")
        #expect(formatPercent(200.0 / 3) == "66.7%")
        #expect(formatPercent(100.0 / 3) == "33.3%")
        #expect(formatPercent(62.5) == "62.5%")
        #expect(formatPercent(100) == "100.0%")
        #expect(formatPercent(0) == "0.0%")
        #expect(formatPercent(199_900.0 / 2_000) == "99.9%")
        #expect(formatPercent(99.99) == "99.9%")
        #expect(formatPercent(0.01) == "0.1%")
        #expect(CoverageJSON.round1(400.0 / 6) == 66.7)
        // Below the minimum, it prints below it.
        #expect(formatPercent(400.0 / 6, below: 70) == "66.7%")
        #expect(formatPercent(400.0 / 6, below: 66.7) == "66.66%")
        #expect(formatPercent(99.99, below: 100) == "99.9%")
    }

    // T3, scratch/t3_min.yaml.
    static func available(mark: String) -> String {
        """
        screen: Avail
        inputs:
          name: String
        outputs:
          free:
            stream: name
            ops:
              - flatMapLatest: { call: users.isFree, with: { name: $0 } }
        services:
          users.isFree:
            params: { name: String }
            returns: Bool
            latency: 300ms
            cases:
              - { when: { name: taken }, value: false }
              - { when: { name: slowpoke }, value: false, latency: 1s }
            result: true
        scenarios:
          - name: taken is not free; slowpoke is cancelled by abc
            steps:
              - send: { name: taken }
              - wait: 300ms
              - expect: { free: false }
              - send: { name: slowpoke }
              - wait: 100ms
              - send: { name: abc }
              - wait: 1s
              - expect: { free: true }
        equivalentMutants:
          - in: users.isFree
            change: "result false -> fails: unknown"
        \(mark)    reason: "meant for the slowpoke case only: it is always cancelled"
        """
    }

    @Test("a mark naming a killed mutant counts it killed and warns with the occurrence to write; 'occurrence:' names one")
    func markedButKilled() throws {
        let change = "result false -> fails: unknown"
        let unmarked = try mutate(Self.available(mark: "").components(separatedBy: "equivalentMutants:")[0])
        let before = unmarked.outcomes.filter { $0.mutant.change == change }
        #expect(before.map(\.status) == [.killed, .survived])

        let all = try mutate(Self.available(mark: ""))
        let marked = all.outcomes.filter { $0.mutant.change == change }
        #expect(marked.map(\.status) == [.killed, .equivalent])
        #expect(all.killed == unmarked.killed)
        let text = MutationText.render(MutationReport(specs: [all], invalid: []))
        #expect(text.contains("15:9: warning: marked equivalent (meant for the slowpoke case only: it is always cancelled), but scenario 'taken is not free; slowpoke is cancelled by abc' kills it: 'users.isFree': result false -> fails: unknown; the mark names 2 mutants of this change in 'users.isFree'; to mark one alone, add 'occurrence: 2' (the one at 16:9)"),
                "\(text)")

        let one = try mutate(Self.available(mark: "    occurrence: 2\n"))
        #expect(one.outcomes.filter { $0.mutant.change == change }.map(\.status) == [.killed, .equivalent])
        #expect(!MutationText.render(MutationReport(specs: [one], invalid: [])).contains("warning"))
        #expect(one.equivalent == 1)

        let path = try write(Self.available(mark: "    occurrence: 3\n"), "m.yaml")
        guard case .failure(let invalid) = MutationRun.run(specPath: path) else {
            Issue.record("an occurrence past the last mutant of the change is refused")
            return
        }
        #expect(invalid.loaded.diagnostics.map(\.message) == ["'users.isFree' has 2 mutants making the change 'result false -> fails: unknown', so no occurrence 3"])
        #expect(invalid.loaded.diagnostics.first?.notes.count == 2)
    }

    // WR1, scratch/wr1_function_not_exercised.yaml.
    @Test("a survivor in a function names the scenarios of the declarations that call it")
    func functionExercised() throws {
        let result = try mutate("""
            screen: Fn
            functions:
              isLong: { params: { s: String }, returns: Bool, body: 's.count >= 3' }
              isShort: { params: { s: String }, returns: Bool, body: '!isLong(s)' }
            inputs:
              name: { type: String, default: "" }
            outputs:
              short: isShort(name)
            scenarios:
              - name: a long name
                steps:
                  - expect: { short: true }
                  - set: { name: "abcdef" }
                  - expect: { short: false }
            """)
        let survivors = result.survivors.filter { $0.mutant.declaration == "isLong" }
        #expect(!survivors.isEmpty)
        #expect(survivors.allSatisfy { $0.shouldCatch == ["a long name"] }, "\(survivors.map(\.shouldCatch))")
    }

    // WR2: the scenario with its own results cannot see the declared ones changed.
    @Test("a scenario that overrides the changed service's results is not one that should have caught it")
    func overridingScenarioNotNamed() throws {
        let result = try mutate("""
            screen: Restart
            inputs:
              tap: event
            outputs:
              restarted: { stream: tap, ops: [ { flatMapLatest: { call: dl.restart } } ] }
            services:
              dl.restart: { returns: Int, latency: 100ms, result: 1 }
            scenarios:
              - name: declared
                steps:
                  - send: tap
                  - wait: 50ms
              - name: overridden
                services:
                  dl.restart: { latency: 10ms, results: [{ value: 2 }] }
                steps:
                  - send: tap
                  - wait: 10ms
                  - expect: { restarted: 2 }
            """)
        let result1 = try #require(result.survivors.first { $0.mutant.change.hasPrefix("result 1 ->") })
        #expect(result1.shouldCatch == ["declared"])
        let latency = try #require(result.survivors.first { $0.mutant.change.hasPrefix("latency: 100ms") })
        #expect(latency.shouldCatch == ["declared"])
    }
}
