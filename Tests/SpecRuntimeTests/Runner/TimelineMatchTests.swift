import Foundation
import ScreenSpec
@testable import SpecRuntime
import Testing

/// `specrun mutate` compares a mutant's timeline with the original's as values, as their snapshot
/// texts compare, and stops playing at the first entry that differs.
@Suite("Timeline match")
struct TimelineMatchTests {
    @Test func valuesCompareAsTheyPrint() {
        #expect(ValueFormatter.printsSame(.int(3), .int(3)))
        #expect(!ValueFormatter.printsSame(.int(3), .int(4)))
        #expect(!ValueFormatter.printsSame(.string("a"), .string("b")))
        #expect(ValueFormatter.printsSame(.list([.bool(true), .string("x")]), .list([.bool(true), .string("x")])))
        // Equal, yet printed differently: a snapshot tells them apart, and so must the match.
        #expect(Value.double(0.0) == Value.double(-0.0))
        #expect(!ValueFormatter.printsSame(.double(0.0), .double(-0.0)))
        // Unequal, yet printed alike: a snapshot does not tell them apart.
        #expect(Value.double(.nan) != Value.double(.nan))
        #expect(ValueFormatter.printsSame(.double(.nan), .double(.nan)))
        #expect(!ValueFormatter.printsSame(.int(1), .double(1)))
    }

    private static func spec(_ x: String) throws -> CheckedSpec {
        let text = """
            screen: Ticks
            inputs:
              a: { type: Int, default: 1 }
            outputs:
              x: \(x)
              ticks: { interval: 1ms }
            scenarios:
              - name: a minute of ticks
                steps:
                  - wait: 60s

            """
        return try #require(SpecLoader.load(text: text, path: "ticks.yaml").spec)
    }

    @Test func aReplayStopsAtTheFirstDifference() throws {
        let original = try Self.spec("a + 1")
        let expected = ScenarioRunner.run(original, scenario: 0)
        #expect(expected.entryCount > 60_000)
        let same = ScenarioRunner.replay(ScreenProgram(original), scenario: 0, matching: TimelineMatch(expecting: expected))
        #expect(same.matches)
        #expect(same.played.entryCount == expected.entryCount)
        // `x` differs at the start: the minute of ticks after it is not played.
        let changed = ScenarioRunner.replay(ScreenProgram(try Self.spec("a + 2")), scenario: 0, matching: TimelineMatch(expecting: expected))
        #expect(!changed.matches)
        #expect(changed.played.entryCount < 10, "played \(changed.played.entryCount) entries")
    }

    @Test func aTimelineThatEndsEarlyOrGoesOnDoesNotMatch() throws {
        let expected = ScenarioRunner.run(try Self.spec("a + 1"), scenario: 0)
        var shorter = expected
        shorter.entries.removeLast()
        let program = ScreenProgram(try Self.spec("a + 1"))
        #expect(!ScenarioRunner.replay(program, scenario: 0, matching: TimelineMatch(expecting: shorter)).matches)
        var longer = expected
        longer.entries.append(.step(time: 60_000, text: "more"))
        #expect(!ScenarioRunner.replay(program, scenario: 0, matching: TimelineMatch(expecting: longer)).matches)
        // Failures are not in a snapshot: one more or one less changes nothing.
        var failing = expected
        failing.entries.append(.failure(time: 60_000, message: "no", file: "ticks.yaml", line: 1))
        #expect(ScenarioRunner.replay(program, scenario: 0, matching: TimelineMatch(expecting: failing)).matches)
    }
}
