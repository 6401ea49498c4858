import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A row's stepper whose bounds and `stepValue:` are expressions over the row's names, and a
/// row's segmented control whose titles are: a cell is configured from its row, so the values
/// its control takes are computed on the row when a gesture plays, a value outside them a
/// runtime error of the step, and the stepper's shown value clamped into its bounds.
@Suite("A row's bounds, step and titles from expressions")
struct RowExpressionControlTests {
    static let screen = """
        screen: Basket
        types:
          Item: { id: Int, stock: Int, unit: Int, sizes: "[String]" }
        state:
          items: { type: "[Item]", initial: [{ id: 1, stock: 4, unit: 2, sizes: [S, M] }, { id: 2, stock: 1, unit: 1, sizes: [] }] }
        viewModels:
          BasketRow:
            params: { item: Item }
            inputs:
              quantity: Int
              size: Int
            state:
              units: { type: Int, initial: 0 }
              chosen: { type: Int, initial: -1 }
            handlers:
              - on: quantity
                set: { units: quantity }
              - on: size
                set: { chosen: size }
            view:
              quantityStepper:
                stepper:
                  maximumValue: Double(item.stock)
                  stepValue: Double(item.unit)
                  value: { twoWay: quantity, get: Double(units), set: Int(quantityStepper.value) }
              sizePicker:
                segmentedControl:
                  segments: item.sizes
                  selectedIndex: { twoWay: size, get: chosen }
        cells:
          basket: { viewModel: BasketRow, for: items }
        outputs:
          units: 'basket.map { $0.units }'
          sizes: 'basket.map { $0.chosen }'
        scenarios:
          - name: s
            steps:
        """

    static func played(_ steps: String, unit: Int = 1) throws -> (passed: Bool, text: String) {
        let text = screen.replacingOccurrences(of: "unit: 1, sizes: []", with: "unit: \(unit), sizes: []")
        let loaded = SpecLoader.load(text: text + "\n" + steps, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        return (timeline.passed, TimelineFormatter.text(timeline))
    }

    @Test("a step within the row's bounds and steps plays; outside them it is a runtime error of the step")
    func rowBoundsAreComputedOnTheRow() throws {
        var (passed, text) = try Self.played("""
                  - step: { basket.quantityStepper: { row: 1, value: 4 } }
                  - expect: { units: [4, 0] }
            """)
        #expect(passed, "\(text)")
        (passed, text) = try Self.played("""
                  - step: { basket.quantityStepper: { row: 1, value: 3 } }
            """)
        #expect(!passed)
        #expect(text.contains("a person cannot step 'basket.quantityStepper' on row 1 to 3.0; it goes from 0.0 in steps of 2.0 there"), "\(text)")
        (passed, text) = try Self.played("""
                  - step: { basket.quantityStepper: { row: 1, value: 6 } }
            """)
        #expect(text.contains("a person cannot step 'basket.quantityStepper' on row 1 to 6.0; it goes from 0.0 to 4.0 there"), "\(text)")
        // A step of 0 on a row: the row made so is a runtime error at the start (see
        // RowBoundsCrossingTests), and a step there is refused.
        (passed, text) = try Self.played("""
                  - step: { basket.quantityStepper: { row: 2, value: 1 } }
            """, unit: 0)
        #expect(!passed)
        #expect(text.contains("'basket' row 2, stepper 'quantityStepper' cannot step by 0.0; 'stepValue' must be above 0"), "\(text)")
        #expect(text.contains("'basket.quantityStepper' on row 2 cannot step by 0.0; 'stepValue' must be above 0 (UIStepper raises NSInvalidArgumentException)"), "\(text)")
    }

    @Test("a pick within the row's titles plays; past them it is a runtime error of the step")
    func rowTitlesAreComputedOnTheRow() throws {
        var (passed, text) = try Self.played("""
                  - pick: { basket.sizePicker: { row: 1, value: 1 } }
                  - expect: { sizes: [1, -1] }
            """)
        #expect(passed, "\(text)")
        (passed, text) = try Self.played("""
                  - pick: { basket.sizePicker: { row: 2, value: 0 } }
            """)
        #expect(!passed)
        #expect(text.contains("a person cannot pick segment 0 of 'basket.sizePicker' on row 2; it has 0 segments there"), "\(text)")
    }

    @Test("a row's titles are typed [String] over the row's names")
    func rowTitlesAreTyped() throws {
        let loaded = SpecLoader.load(text: Self.screen.replacingOccurrences(of: "segments: item.sizes", with: "segments: item.stock"), path: "t.yaml")
        #expect(loaded.spec == nil)
        #expect(loaded.renderDiagnostics().contains("[String]"), "\(loaded.renderDiagnostics())")
    }
}
