import Foundation
import ScreenSpec
@testable import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// A row's action executed directly is a move of the rest of the app, not a gesture: explored
/// only when `explore: events:` names it, as a screen action with a trigger is
/// (docs/explore.md, "Rows").
@Suite("Exploring a row's action executed directly")
struct RowExecuteExploreTests {
    /// A row counts its taps and its saves; only a direct execution saves without a tap.
    private static func rows(events: String) -> String {
        """
        screen: Taps
        types:
          Item: { key: String }
        state:
          items: { type: "[Item]", initial: [{ key: a }, { key: b }] }
        viewModels:
          ItemRow:
            params: { item: Item }
            inputs:
              tap: event
            state:
              asked: { type: Int, initial: 0 }
              saves: { type: Int, initial: 0 }
            actions:
              save:
                trigger: tap
                work: { call: items.save, with: { key: item.key } }
            handlers:
              - on: tap
                set: { asked: asked + 1 }
              - on: save.elements
                set: { saves: saves + 1 }
        cells:
          rows: { viewModel: ItemRow, for: items, id: key }
        invariants:
          savedOnlyWhenAsked: '!rows.contains { $0.saves > $0.asked }'
        services:
          items.save:
            params: { key: String }
            returns: Void
            latency: 100ms
        \(events)
        scenarios:
          - name: a tap saves its row
            steps:
              - send: { rows.tap: { row: a } }
              - wait: 100ms
              - expect: 'rows.first?.saves == 1'
        """
    }

    @Test func namedUnderEventsItIsExecutedOnEachRowAndItsCounterexampleReplays() throws {
        let text = Self.rows(events: "explore:\n  events: [rows.tap, rows.save]\n  depth: 3")
        let spec = try Fixtures.checked(text, path: "/nonexistent/taps.yaml")
        #expect(spec.explore.rowActions.map(\.rows) == [[.string("a"), .string("b")]])
        #expect(spec.explore.rowActions.map(\.values) == [[.void]])
        let result = Explorer.explore(spec, options: ExploreOptions())
        let found = try #require(result.counterexample)
        #expect(found.scenarioYAML.contains("send: { rows.save: { row: "), "\(found.scenarioYAML)")
        #expect(CounterexampleCheck.problem(found, specText: text, path: "/nonexistent/taps.yaml") == nil)
    }

    @Test func byDefaultItsTriggerIsTheMove() throws {
        for events in ["explore:\n  events: [rows.tap]\n  depth: 3", "explore:\n  depth: 3"] {
            let spec = try Fixtures.checked(Self.rows(events: events), path: "/nonexistent/taps.yaml")
            #expect(spec.explore.rowActions.isEmpty)
            let result = Explorer.explore(spec, options: ExploreOptions())
            #expect(result.counterexample == nil, "\(events)")
        }
    }

    @Test func anActionWhoseTriggerCarriesAValueNeedsAScenarioExecutingIt() {
        let text = Self.rows(events: "explore:\n  events: [rows.save]").replacingOccurrences(of: "tap: event", with: "tap: Bool")
            .replacingOccurrences(of: "- send: { rows.tap: { row: a } }", with: "- send: { rows.tap: { row: a, value: true } }")
        let loaded = SpecLoader.load(text: text, path: "taps.yaml")
        #expect(loaded.renderDiagnostics().contains("row action 'rows.save' takes an input of type 'Bool' and no scenario executes it with one"),
                "\(loaded.renderDiagnostics())")
    }
}
