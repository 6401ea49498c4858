import Foundation
import ScreenSpec
@testable import SpecTools
import SpecTesting
import Testing

/// A request nested in a request's `ops:` in coverage and mutation: its failures are an item of
/// the output's `.errors` (an `interval` alone cannot fail, the fetch inside it can), its
/// strategy is mutated as the outer request's is, and so are the operators of its own `ops:`.
/// The watchlist of `Tests/Fixtures/watchlist-poll.yaml` (docs/spec-language.md, "Polling that
/// stops when the screen is inactive").
@Suite("A nested request in coverage and mutation")
struct NestedRequestToolsTests {
    private func write(_ yaml: String, name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-nested-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theNestedFetchsFailureIsAnItemOfTheOutputsErrors() throws {
        let report = CoverageReport.measure(specPaths: [try write(Fixtures.text("watchlist-poll.yaml"), name: "watchlist-poll.yaml")])
        let spec = try #require(report.specs.first)
        let errors = try #require(spec.items.first { $0.what == "'quotes.errors' emits (a request fails)" })
        #expect(errors.covered)
    }

    @Test func theNestedStrategyIsMutatedAndASlowServerKillsEveryOther() throws {
        guard case .success(let played) = MutationRun.run(specPath: try write(Fixtures.text("watchlist-poll.yaml"), name: "watchlist-poll.yaml")) else {
            Issue.record("invalid")
            return
        }
        for other in ["flatMapLatest", "flatMap", "concatMap"] {
            let outcome = try #require(played.outcomes.first { $0.mutant.change == "flatMapFirst -> \(other)" })
            #expect(outcome.status == .killed, "flatMapFirst -> \(other)")
            #expect(outcome.killedBy == "a slow server's ticks are dropped while a fetch runs, and each fetch lands")
            #expect(outcome.mutant.declaration == "quotes")
        }
    }

    static let retried = """
        screen: Retried
        inputs:
          on: Bool
        state:
          last: { type: Int, initial: 0 }
        outputs:
          polled:
            stream: on
            ops:
              - flatMapLatest:
                  if: $0
                  then: { interval: 1s, ops: [ { flatMapFirst: { call: api.fetch, ops: [ { retry: 2 } ] } } ] }
                  else: { empty }
        handlers:
          - on: polled
            set: { last: polled }
        services:
          api.fetch:
            returns: Int
            latency: 100ms
            results: [ { fail: http(503) }, { value: 5 } ]
        scenarios:
          - name: the tick's first fetch fails and is retried
            steps:
              - send: { on: true }
              - wait: 1200ms
              - expect: { last: 5 }
        """

    @Test func anOperatorOfTheNestedRequestsOwnOpsIsMutated() throws {
        guard case .success(let played) = MutationRun.run(specPath: try write(Self.retried, name: "retried.yaml")) else {
            Issue.record("invalid")
            return
        }
        let removed = try #require(played.outcomes.first { $0.mutant.change == "retry -> (removed)" })
        #expect(removed.status == .killed && removed.killedBy == "the tick's first fetch fails and is retried")
        #expect(removed.mutant.declaration == "polled")
        // Located at the operator, inside the nested request.
        #expect(removed.mutant.range.start.line == 12)
    }
}
