import Testing
@testable import ScreenSpec

private func diagnose(_ yaml: String) -> String {
    SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
}

/// Issue 39: a row's control takes `enabled:` over the row, and a row's stepper its bounds and
/// a value bound two-way to one of the row's inputs; each misuse is one located diagnostic.
@Suite("A row's controls: checking enabled and a stepper")
struct RowControlCheckingTests {
    private let head = """
        screen: Bad
        types:
          Item: { id: Int, stock: Int }
        state:
          items: { type: "[Item]", initial: [{ id: 1, stock: 2 }] }
        cells:
          cart: { viewModel: CartRow, for: items }
        viewModels:
          CartRow:
            params: { item: Item }
            inputs: { add: event, quantity: Int, changed: Double }
            state: { units: { type: Int, initial: 1 } }
            handlers:
              - on: quantity
                set: { units: quantity }

        """

    @Test func anEnabledControlAndATwoWayStepperCheck() {
        let loaded = SpecLoader.load(text: head + """
                view:
                  addButton: { button: { tap: add, enabled: "item.stock > units" } }
                  quantityStepper:
                    stepper:
                      minimumValue: 1
                      maximumValue: 4
                      value: { twoWay: quantity, get: Double(units), set: Int(quantityStepper.value) }
                      enabled: item.stock > 0
                      valueChanged: changed
            scenarios:
              - name: s
                steps:
                  - step: { cart.quantityStepper: { row: 1, value: 2 } }
                  - tap: { cart.addButton: { row: 1 } }
            """, path: "t.yaml")
        #expect(loaded.spec != nil, "\(loaded.renderDiagnostics())")
        let view = loaded.spec?.cells.first?.view ?? []
        #expect(view.map { $0.properties.map(\.name) } == [["enabled"], ["value", "enabled"]])
        #expect(view.last?.minimum == 1 && view.last?.maximum == 4 && view.last?.step == 1)
        #expect(view.last?.twoWay?.input == 1)
    }

    @Test func anEnabledThatIsNotABoolOrReadsTheScreen() {
        #expect(diagnose(head + """
                view:
                  addButton: { button: { tap: add, enabled: units } }
                  other: { button: { tap: add, enabled: items.isEmpty } }
            """) == """
            t.yaml:17:49: error: expected 'Bool', found 'Int'
               |
            17 |       addButton: { button: { tap: add, enabled: units } }
               |                                                 ^~~~~

            t.yaml:18:45: error: 'items' is a name of the screen, and a row reads only its own names: its element and parameters, its inputs, state, outputs and actions; did you mean 'item'?
               |
            18 |       other: { button: { tap: add, enabled: items.isEmpty } }
               |                                             ^~~~~
            note: to use a screen value in a row, hand it to the row as RxSwift's 'RowViewModel(item: $0, items: items)' does: declare it in the view model's 'params:' after the element ('items: TYPE') and give it in its 'cells:' entry with 'with: { items: items }', an expression over the screen's names and the element, '$0'; the rows follow it when it changes

            """)
    }

    @Test func aStepOutsideTheBoundsOrBetweenSteps() {
        let text = diagnose(head + """
                view:
                  quantityStepper:
                    stepper:
                      minimumValue: 1
                      maximumValue: 5
                      stepValue: 2
                      value: { twoWay: quantity, get: Double(units), set: Int(quantityStepper.value) }
            scenarios:
              - name: s
                steps:
                  - step: { cart.quantityStepper: { row: 1, value: 9 } }
                  - step: { cart.quantityStepper: { row: 1, value: 2 } }
            """)
        #expect(text.contains("t.yaml:26:17: error: 'cart.quantityStepper.value' cannot take 9.0; it takes 1.0...5.0"), "\(text)")
        #expect(text.contains("t.yaml:27:17: error: a person cannot step 'cart.quantityStepper' to 2.0; it goes from 1.0 in steps of 2.0"), "\(text)")
    }

    @Test func aTwoWayBindingToANameThatIsNotAValueInputOrWithoutGet() {
        let text = diagnose(head + """
                view:
                  a: { stepper: { value: { twoWay: units, get: Double(units) } } }
                  b: { stepper: { value: { twoWay: quantity } } }
                  c: { stepper: { value: { twoWay: quantity, get: Double(units) } } }
                  d: { slider: { alpha: { twoWay: changed } } }
            """)
        #expect(text.contains("t.yaml:17:40: error: 'a.value' is bound two-way to one of the row's value inputs; 'units' is not one"), "\(text)")
        #expect(text.contains("t.yaml:18:30: error: 'b.value' needs 'get:', what it shows over the row's names"), "\(text)")
        #expect(text.contains("t.yaml:19:40: error: 'c.value' is 'Double' but 'quantity' is 'Int'"), "\(text)")
        #expect(text.contains("t.yaml:20:29: error: 'd.alpha' is in a row, whose components bind two-way only the value a person changes"), "\(text)")
    }

    @Test func aStepOnAStepperThatWritesNoInputOrShowsNoValue() {
        let text = diagnose(head + """
                view:
                  quiet: { stepper: { value: Double(units) } }
                  unbound: { stepper: { valueChanged: changed } }
            scenarios:
              - name: s
                steps:
                  - step: { cart.quiet: { row: 1, value: 2 } }
                  - step: { cart.unbound: { row: 1, value: 2 } }
            """)
        #expect(text.contains("t.yaml:22:17: error: 'cart.quiet' writes none of the row's inputs, so 'step:' does nothing"), "\(text)")
        #expect(text.contains("t.yaml:23:17: error: 'cart.unbound.value' is not bound, so a row's stepper shows no value to change"), "\(text)")
    }
}
