import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A picker view's rows and a segmented control's segments given by a `[String]` expression
/// (`rows: names`, RxCocoa's `rx.itemTitles`; `segments: names`, `removeAllSegments()` and
/// `insertSegment(withTitle:)`), as UIKit moves the selection when the titles change: a picker
/// view clamps its selected row into the new rows (-1 with none), a segmented control has no
/// segment selected; a person's pick checked against the titles in force; and a compiled program
/// that carries it.
@Suite("Titles from expressions")
struct TitlesFromExpressionsTests {
    static let shipping = """
        screen: Shipping
        inputs:
          names: { type: "[String]", default: [Standard, Express, Pickup] }
          row: { type: Int, default: 0 }
          segment: { type: Int, default: -1 }
          picked: event
        state:
          picks: { type: Int, initial: 0 }
        handlers:
          - on: picked
            set: { picks: picks + 1 }
        view:
          picker: { pickerView: { rows: names, selectedRow: { twoWay: row }, itemSelected: picked } }
          speed: { segmentedControl: { segments: 'names.map { $0.uppercased() }', selectedIndex: { twoWay: segment } } }
        scenarios:
          - name: s
            steps:
        """

    static func spec(_ steps: String, _ base: String = shipping) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: base + "\n" + steps, path: "t.yaml")
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())")
    }

    static func played(_ steps: String, _ base: String = shipping) throws -> (passed: Bool, text: String) {
        let timeline = ScenarioRunner.run(try spec(steps, base), scenario: 0)
        return (timeline.passed, TimelineFormatter.text(timeline))
    }

    @Test("new rows keep the picker's selected row, clamped into them, firing nothing; no rows select -1")
    func aPickerClampsItsSelection() throws {
        let (passed, text) = try Self.played("""
                  - expect: { picker.rows: [Standard, Express, Pickup], picker.selectedRow: 0 }
                  - pick: { picker: 2 }
                  - expect: { row: 2, picks: 1 }
                  - set: { names: [Standard, Express] }
                  - expect: { picker.selectedRow: 1, row: 2, picks: 1 }
                  - set: { names: [] }
                  - expect: { picker.selectedRow: -1 }
                  - set: { names: [Bike] }
                  - expect: { picker.selectedRow: 0, picker.rows: [Bike] }
            """)
        #expect(passed, "\(text)")
        #expect(text.contains("picker.rows"), "\(text)")
    }

    @Test("new segments leave no segment selected, firing nothing; the same titles again change nothing")
    func aSegmentedControlClearsItsSelection() throws {
        let (passed, text) = try Self.played("""
                  - expect: { speed.segments: [STANDARD, EXPRESS, PICKUP], speed.selectedIndex: -1 }
                  - pick: { speed: 1 }
                  - expect: { segment: 1, speed.selectedIndex: 1 }
                  - set: { names: [Standard, Express, Pickup] }
                  - expect: { speed.selectedIndex: 1 }
                  - set: { names: [Standard, Express] }
                  - expect: { speed.selectedIndex: -1, segment: 1 }
            """)
        #expect(passed, "\(text)")
    }

    @Test("a pick past the titles in force is a runtime error at the step; within them it plays")
    func picksAreCheckedAgainstTheCurrentTitles() throws {
        var (passed, text) = try Self.played("""
                  - set: { names: [Standard] }
                  - pick: { picker: 1 }
            """)
        #expect(!passed)
        #expect(text.contains("runtime error: t.yaml:") && text.contains("a person cannot pick row 1 of 'picker'; it has 1 row now"), "\(text)")
        (passed, text) = try Self.played("""
                  - pick: { speed: 3 }
            """)
        #expect(!passed)
        #expect(text.contains("a person cannot pick segment 3 of 'speed'; it has 3 segments now"), "\(text)")
        (passed, text) = try Self.played("""
                  - set: { names: [A, B, C, D] }
                  - pick: { speed: 3 }
                  - expect: { segment: 3 }
            """)
        #expect(passed, "\(text)")
    }

    @Test("a binding that gives an index past the titles is a runtime error, the index kept inside them")
    func aBindingPastTheTitlesIsAnError() throws {
        let (passed, text) = try Self.played("""
                  - set: { row: 5 }
                  - expect: { picker.selectedRow: 0 }
            """)
        #expect(!passed)
        #expect(text.contains("'picker.selectedRow' cannot take 5; it takes 0...2 now"), "\(text)")
    }

    @Test("titles must be a [String]")
    func titlesAreTyped() throws {
        let wrong = SpecLoader.load(text: """
            screen: S
            inputs:
              count: { type: Int, default: 2 }
            view:
              p: { pickerView: { rows: count } }
            """, path: "t.yaml")
        #expect(wrong.spec == nil)
        #expect(wrong.renderDiagnostics().contains("[String]"), "\(wrong.renderDiagnostics())")
    }

    @Test("a compiled program carries the titles' cell: it plays as the YAML does")
    func theCompiledProgramPlaysTheSame() throws {
        let steps = """
                  - pick: { picker: 2 }
                  - set: { names: [Standard, Express] }
                  - expect: { picker.selectedRow: 1 }
                  - pick: { speed: 1 }
                  - set: { names: [Standard] }
                  - expect: { speed.selectedIndex: -1 }
                  - pick: { picker: 1 }
            """
        let spec = try Self.spec(steps)
        let json = try CompiledSpec.json(spec)
        #expect(json.contains("\"choices\""))
        let loaded = try CompiledSpec.load(json: Data(json.utf8))
        let yaml = TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0))
        let compiled = TimelineFormatter.text(ScenarioRunner.run(loaded, scenario: 0))
        #expect(yaml == compiled)
        #expect(yaml.contains("a person cannot pick row 1 of 'picker'; it has 1 row now"), "\(yaml)")
    }
}
