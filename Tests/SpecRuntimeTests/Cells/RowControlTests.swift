import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39, view models inside view models: a row's control enabled by the row
/// (`likeButton.rx.isEnabled` bound to `!pending`) and a row's stepper bound two-way to one of
/// the row's inputs (`quantityStepper.rx.value <-> quantity`), played as the same gestures on the
/// screen's controls are, and carried by a compiled program.
@Suite("A row's controls: enabled, and a stepper")
struct RowControlTests {
    static let basket = """
        screen: Basket
        types:
          Item: { id: Int, name: String, stock: Int }
        state:
          items: { type: "[Item]", initial: [{ id: 1, name: Tea, stock: 3 }, { id: 2, name: Cake, stock: 0 }] }
        viewModels:
          BasketRow:
            params: { item: Item }
            inputs:
              add: event
              quantity: Int
              changed: Double
            state:
              units: { type: Int, initial: 1 }
              added: { type: Bool, initial: false }
              changes: { type: Int, initial: 0 }
            outputs:
              caption: '"\\(units) x \\(item.name)"'
            handlers:
              - on: add
                set: { added: true }
              - on: quantity
                set: { units: quantity }
              - on: changed
                set: { changes: changes + 1 }
            view:
              addButton: { button: { title: '"Add"', tap: add, enabled: "item.stock > 0 && !added" } }
              quantityStepper:
                stepper:
                  minimumValue: 1
                  maximumValue: 5
                  value: { twoWay: quantity, get: Double(units), set: Int(quantityStepper.value) }
                  enabled: "!added"
                  valueChanged: changed
        cells:
          basket: { viewModel: BasketRow, for: items }
        outputs:
          added: 'basket.filter { $0.added }.map { $0.caption }.joined(", ")'
          changes: 'basket.map { $0.changes }.reduce(0) { $0 + $1 }'
        scenarios:
          - name: s
            steps:
        """

    static func spec(_ steps: String) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: basket + "\n" + steps, path: "t.yaml")
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())")
    }

    @Test("a tap on a row's control disabled on that row is ignored, as on a disabled control of the screen")
    func aDisabledRowControlIgnoresATap() throws {
        let timeline = ScenarioRunner.run(try Self.spec("""
                  - tap: { basket.addButton: { row: 2 } }
                  - expect: { added: "" }
                  - tap: { basket.addButton: { row: 1 } }
                  - expect: { added: "1 x Tea" }
                  - tap: { basket.addButton: { row: 1 } }
                  - expect: { added: "1 x Tea" }
            """), scenario: 0)
        let text = TimelineFormatter.text(timeline)
        #expect(timeline.passed, "\(text)")
        #expect(text.contains("▶ tap basket.addButton of row 2 — ignored, the button is disabled"), "\(text)")
        #expect(text.contains("▶ tap basket.addButton of row 1\n"), "\(text)")
        // The second tap on row 1: added, so disabled now.
        #expect(text.components(separatedBy: "tap basket.addButton of row 1 — ignored, the button is disabled").count == 2, "\(text)")
    }

    @Test("a step of a row's stepper writes its two-way input and fires valueChanged on that row alone, once per change")
    func aRowStepperWritesTheRow() throws {
        let timeline = ScenarioRunner.run(try Self.spec("""
                  - step: { basket.quantityStepper: { row: 2, value: 3 } }
                  - expect: 'basket.map { $0.units } == [1, 3]'
                  - expect: { changes: 1 }
                  - step: { basket.quantityStepper: { row: 2, value: 3 } }
                  - expect: { changes: 1 }
                  - tap: { basket.addButton: { row: 1 } }
                  - step: { basket.quantityStepper: { row: 1, value: 5 } }
                  - expect: 'basket.map { $0.units } == [1, 3]'
                  - expect: { changes: 1, added: "1 x Tea" }
            """), scenario: 0)
        let text = TimelineFormatter.text(timeline)
        #expect(timeline.passed, "\(text)")
        #expect(text.contains("▶ step basket.quantityStepper of row 2 to 3.0\n"), "\(text)")
        #expect(text.contains("▶ step basket.quantityStepper of row 2 to 3.0 — nothing fires, the stepper already shows it"), "\(text)")
        #expect(text.contains("▶ step basket.quantityStepper of row 1 to 5.0 — ignored, the stepper is disabled"), "\(text)")
    }

    @Test("a gesture on a row that is not there is a runtime error of the scenario at the step")
    func aGestureOnAMissingRow() throws {
        let timeline = ScenarioRunner.run(try Self.spec("""
                  - step: { basket.quantityStepper: { row: 7, value: 2 } }
            """), scenario: 0)
        let text = TimelineFormatter.text(timeline)
        #expect(!timeline.passed)
        #expect(text.contains("'basket' has no row 7: its 2 rows have other identities"), "\(text)")
    }

    @Test("a compiled program carries a row's enabled and stepper, and plays them as the spec does")
    func aCompiledProgramPlaysTheRowsControls() throws {
        let spec = try Self.spec("""
                  - step: { basket.quantityStepper: { row: 2, value: 4 } }
                  - tap: { basket.addButton: { row: 2 } }
                  - tap: { basket.addButton: { row: 1 } }
                  - step: { basket.quantityStepper: { row: 1, value: 2 } }
                  - expect: { added: "1 x Tea", changes: 1 }
            """)
        let json = try CompiledSpec.json(spec)
        let loaded = try CompiledSpec.load(json: Data(json.utf8))
        let original = TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0))
        let compiled = ScenarioRunner.run(loaded, scenario: 0)
        #expect(compiled.passed)
        #expect(TimelineFormatter.text(compiled) == original)
        #expect(original.contains("— ignored, the button is disabled") && original.contains("— ignored, the stepper is disabled"), "\(original)")
    }

    /// `text` with its one occurrence of `old` replaced.
    private static func changed(_ text: String, _ old: String, _ new: String) throws -> String {
        let range = try #require(text.range(of: old), "no \(old)")
        return text.replacingCharacters(in: range, with: new)
    }

    private static func reason(_ text: String) -> String? {
        do {
            _ = try CompiledSpec.load(json: Data(text.utf8))
            return nil
        } catch {
            return error.message
        }
    }

    @Test("a compiled gesture naming a component, an event or bounds the row's view does not have is refused where it is")
    func theValidatorChecksARowGesture() throws {
        let json = try CompiledSpec.json(try Self.spec("""
                  - tap: { basket.addButton: { row: 1 } }
            """))
        // The first is the explored row input's (`explore` sorts before `scenarios`): exploration
        // taps the row's button through the gesture as the scenario does.
        let tap = #""gesture":{"component":0,"events":[0],"verb":"tap","writes":false}"#
        #expect(json.components(separatedBy: tap).count == 3, "\(json)")
        let component = Self.reason(try Self.changed(json, tap, #""gesture":{"component":9,"events":[0],"verb":"tap","writes":false}"#))
        #expect(component == "inconsistent compiled spec: explore.rows names component 9, but the program has 2 components")
        let event = Self.reason(try Self.changed(json, tap, #""gesture":{"component":0,"events":[5],"verb":"tap","writes":false}"#))
        #expect(event == "inconsistent compiled spec: explore.rows names event 5, but the program has 1 events")
        let writes = Self.reason(try Self.changed(json, tap, #""gesture":{"component":0,"events":[0],"verb":"tap","writes":true}"#))
        #expect(writes == "inconsistent compiled spec: explore.rows changes the value of a row's component that shows none")
        let bounds = #""maximum":5,"minimum":1"#
        #expect(json.contains(bounds), "\(json)")
        #expect(Self.reason(try Self.changed(json, bounds, #""maximum":1,"minimum":5"#))?.hasSuffix("has a component going from 5.0 to 1.0") == true)
    }
}
