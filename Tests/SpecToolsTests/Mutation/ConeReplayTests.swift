import ScreenSpec
@testable import SpecRuntime
@testable import SpecTools
import Testing

/// A mutant of one derived expression is judged from the original's settled values where that
/// is exact, and played where it is not (`specrun mutate` on large specs).
@Suite("Cone replay")
struct ConeReplayTests {
    private static func spec(_ x: String, extra: String = "") throws -> CheckedSpec {
        let text = """
            screen: Cone
            inputs:
              a: { type: Int, default: 1 }
              b: { type: Int, default: 2 }
            outputs:
              x: \(x)
              y: x * 10
              z: b + 1
            \(extra)scenarios:
              - name: a then b
                steps:
                  - set: { a: 3 }
                  - set: { b: 4 }
                  - expect: { z: 5 }

            """
        return try #require(SpecLoader.load(text: text, path: "cone.yaml").spec)
    }

    private static func verdict(original: String, mutant: String) throws -> ConeReplay.Verdict {
        let base = ScreenProgram(try spec(original))
        let settled = try #require(ConeReplay.settle(base, scenario: 0))
        // The start, then one snapshot per step that acted.
        #expect(settled.snapshots.count == 3)
        // The mutant's new expression, judged on the original's program.
        let changed = try spec(mutant)
        let node = try #require(changed.node(named: "x"))
        guard case .derived(let expression) = changed.nodes[node].kind else { Issue.record("x is not derived"); return .undecided }
        let cone = try #require(ConeReplay.Cone(base, changing: node, to: expression))
        #expect(cone.nodes.count == 2)
        return cone.verdict(settled)
    }

    /// Each verdict agrees with playing the mutant against the original's timeline.
    private static func played(original: String, mutant: String) throws -> Bool {
        let expected = ScenarioRunner.run(try spec(original), scenario: 0)
        return ScenarioRunner.replay(ScreenProgram(try spec(mutant)), scenario: 0, matching: TimelineMatch(expecting: expected)).matches
    }

    @Test func theSameValuesEverywhereMatch() throws {
        #expect(try Self.verdict(original: "a + 1", mutant: "1 + a") == .matches)
        #expect(try Self.played(original: "a + 1", mutant: "1 + a"))
    }

    @Test func aDifferentStartValueIsKilledAtTheStart() throws {
        #expect(try Self.verdict(original: "a + 1", mutant: "a + 2") == .differsAtStart)
        #expect(try !Self.played(original: "a + 1", mutant: "a + 2"))
    }

    @Test func aDifferenceAfterTheStartIsPlayed() throws {
        // The same at a = 1, different at a = 3: left to the played scenario, which kills it.
        #expect(try Self.verdict(original: "a * 2", mutant: "a + 1") == .undecided)
        #expect(try !Self.played(original: "a * 2", mutant: "a + 1"))
    }

    @Test func aFailingExpressionIsPlayed() throws {
        #expect(try Self.verdict(original: "a + 1", mutant: "a / (a - 1)") == .undecided)
    }

    /// Verdicts share the settled run's contexts: one that wrote other values (and stopped early)
    /// leaves the next one the values it found.
    @Test func verdictsInARowAreThoseOfFreshOnes() throws {
        let base = ScreenProgram(try Self.spec("a + 1"))
        let settled = try #require(ConeReplay.settle(base, scenario: 0))
        let node = try #require(base.spec.node(named: "x"))
        func verdict(_ mutant: String) throws -> ConeReplay.Verdict {
            guard case .derived(let expression) = try Self.spec(mutant).nodes[node].kind else { return .undecided }
            return try #require(ConeReplay.Cone(base, changing: node, to: expression)).verdict(settled)
        }
        for _ in 0..<3 {
            #expect(try verdict("a + 2") == .differsAtStart)
            #expect(try verdict("a / (a - 1)") == .undecided)
            #expect(try verdict("1 + a") == .matches)
            #expect(try verdict("a * 2") == .undecided)
        }
    }

    @Test func aScreenWithHandlersIsNotSettled() throws {
        let extra = """
            state:
              n: { type: Int, initial: 0 }
            handlers:
              - on: a
                set: { n: n + 1 }

            """
        let base = ScreenProgram(try Self.spec("a + 1", extra: extra))
        #expect(ConeReplay.settle(base, scenario: 0) == nil)
    }
}
