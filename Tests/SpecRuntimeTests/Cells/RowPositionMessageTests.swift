import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// `row:` takes a row's identity while `select:` takes a position: a `row:` that no row has as
/// its identity but that is a position of the rows says so, naming the identities (issue T5 of
/// author3's report).
@Suite("A row: written as a position")
struct RowPositionMessageTests {
    private static func timeline(_ step: String) throws -> String {
        let spec = """
            screen: Goals
            types:
              Goal: { goalId: Int, title: String }
            state:
              goals: { type: "[Goal]", initial: [{ goalId: 12, title: Run }, { goalId: 9, title: Read }] }
            viewModels:
              GoalRow:
                params: { goal: Goal }
                inputs:
                  tap: event
                state:
                  taps: { type: Int, initial: 0 }
                actions:
                  open:
                    trigger: tap
                    work: { just: 1 }
                handlers:
                  - on: tap
                    set: { taps: taps + 1 }
            cells:
              rows: { viewModel: GoalRow, for: goals, id: goalId }
            scenarios:
              - name: s
                steps:
                  \(step)
            """
        let loaded = SpecLoader.load(text: spec, path: "t.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        return TimelineFormatter.text(ScenarioRunner.run(checked, scenario: 0))
    }

    @Test func aPositionNamesTheIdentities() throws {
        let sent = try Self.timeline("- send: { rows.tap: { row: 1 } }")
        #expect(sent.contains("'rows' has no row 1: its 2 rows have other identities; row: takes the row's identity, not its position: the rows are 12, 9"), "\(sent)")
        let executed = try Self.timeline("- send: { rows.open: { row: 0 } }")
        #expect(executed.contains("row: takes the row's identity, not its position: the rows are 12, 9"), "\(executed)")
    }

    @Test func aRowPastThePositionsOrAnIdentityIsLeftAsItWas() throws {
        let past = try Self.timeline("- send: { rows.tap: { row: 5 } }")
        #expect(past.contains("'rows' has no row 5: its 2 rows have other identities"), "\(past)")
        #expect(!past.contains("not its position"))
        let identity = try Self.timeline("- send: { rows.tap: { row: 9 } }")
        #expect(!identity.contains("has no row"), "\(identity)")
    }
}
