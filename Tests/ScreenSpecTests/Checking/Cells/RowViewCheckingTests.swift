import Testing
@testable import ScreenSpec

private func diagnose(_ yaml: String) -> String {
    SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
}

/// Issue 39: the mistakes of a row's `view:` and of the gestures addressed to a row, each one
/// located diagnostic.
@Suite("Rows with their own view: checking")
struct RowViewCheckingTests {
    private let head = """
        screen: Bad
        types:
          Item: { id: Int, price: Int }
        state:
          items: { type: "[Item]", initial: [] }
        cells:
          cart: { viewModel: CartRow, for: items }
        viewModels:
          CartRow:
            params: { item: Item }
            inputs: { increment: event, quantity: Int }
            state: { units: { type: Int, initial: 1 } }

        """

    @Test func aComponentNotInTheRowsView() {
        #expect(diagnose(head + """
                view:
                  plusButton: { button: { tap: increment } }
            scenarios:
              - name: s
                steps:
                  - tap: { cart.plusButon: { row: 1 } }
            """) == """
            t.yaml:18:16: error: the row of 'cart' has no component 'plusButon'; did you mean 'plusButton'?
               |
            18 |       - tap: { cart.plusButon: { row: 1 } }
               |                ^~~~~~~~~~~~~~
            note: view model 'CartRow' has 'plusButton'

            """)
    }

    @Test func aGestureWithoutTheRow() {
        #expect(diagnose(head + """
                view:
                  plusButton: { button: { tap: increment } }
            scenarios:
              - name: s
                steps:
                  - tap: cart.plusButton
            """) == """
            t.yaml:18:14: error: 'cart.plusButton' is a component of a row: say which row, by its identity
               |
            18 |       - tap: cart.plusButton
               |              ^~~~~~~~~~~~~~~
            help: write 'tap: { cart.plusButton: { row: 1 } }'

            """)
    }

    @Test func aButtonThatFiresNothing() {
        #expect(diagnose(head + """
                view:
                  plusButton: button
            scenarios:
              - name: s
                steps:
                  - tap: { cart.plusButton: { row: 1 } }
            """) == """
            t.yaml:18:16: error: 'tap' of 'cart.plusButton' fires none of the row's inputs, so 'tap:' does nothing
               |
            18 |       - tap: { cart.plusButton: { row: 1 } }
               |                ^~~~~~~~~~~~~~~
            help: wire it in view model 'CartRow': 'plusButton: { button: { tap: <input> } }'

            """)
    }

    @Test func aGestureThatChangesWhatARowShows() {
        #expect(diagnose(head + """
                view:
                  done: { switch: { valueChanged: increment } }
            scenarios:
              - name: s
                steps:
                  - toggle: { cart.done: { row: 1, value: true } }
            """).hasPrefix("""
            t.yaml:18:19: error: 'cart.done.isOn' is not bound, so a row's switch shows no value to change
            """))
    }

    @Test func aRowsComponentReadsTheRowAndFiresItsInputs() {
        #expect(diagnose(head + """
                view:
                  totalLabel: { label: { text: items.count } }
                  plusButton: { button: { tap: incremnt } }
            """) == """
            t.yaml:14:36: error: 'items' is a name of the screen, and a row reads only its own names: its element and parameters, its inputs, state, outputs and actions; did you mean 'item'?
               |
            14 |       totalLabel: { label: { text: items.count } }
               |                                    ^~~~~
            note: to use a screen value in a row, hand it to the row as RxSwift's 'RowViewModel(item: $0, items: items)' does: declare it in the view model's 'params:' after the element ('items: TYPE') and give it in its 'cells:' entry with 'with: { items: items }', an expression over the screen's names and the element, '$0'; the rows follow it when it changes

            t.yaml:15:36: error: unknown input 'incremnt' of view model 'CartRow'; did you mean 'increment'?
               |
            15 |       plusButton: { button: { tap: incremnt } }
               |                                    ^~~~~~~~
            note: an event in a row fires one of the row's inputs

            """)
    }

    @Test func whatARowsComponentDoesNotTakeYet() {
        let text = diagnose(head + """
                view:
                  inner: { table: { rows: "[1]" } }
                  count: { textField: { text: { twoWay: units } } }
                  size: { slider: { value: "Double(units)", alpha: 1.5 } }
                  both: { button: { tap: [increment, quantity] } }
            """)
        #expect(text.contains("t.yaml:14:16: error: table 'inner' is in a row: a list inside a row is not supported yet"), "\(text)")
        #expect(text.contains("t.yaml:15:45: error: 'count.text' is bound two-way to one of the row's value inputs; 'units' is not one"), "\(text)")
        // A row binds `alpha:` within its range (the sixth first user's W2), as the screen does.
        #expect(text.contains("t.yaml:16:56: error: 'size.alpha' cannot take 1.5; it takes 0.0...1.0"), "\(text)")
        #expect(text.contains("t.yaml:17:42: error: 'both.tap' is in a row and fires one of the row's inputs, not several"), "\(text)")
    }
}
