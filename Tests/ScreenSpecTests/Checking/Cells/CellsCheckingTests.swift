import Testing
@testable import ScreenSpec

private func diagnose(_ yaml: String) -> String {
    SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
}

/// Issue 39 item 2: the mistakes of `viewModels:`, `cells:` and the steps that send to a row, each
/// one located diagnostic.
@Suite("Cell view models: checking")
struct CellsCheckingTests {
    private let head = """
        screen: Bad
        types:
          Item: { id: Int, price: Int }
          Other: { key: Int }
        state:
          items: { type: "[Item]", initial: [] }
          others: { type: "[Other]", initial: [] }
        inputs:
          tap: event

        """

    @Test func aWellFormedViewModelMakesARecordTypeAndTheNodesOfItsRows() throws {
        let loaded = SpecLoader.load(text: head + """
            viewModels:
              ItemRow:
                params: { item: Item }
                inputs: { remove: event, quantity: Int }
                state: { units: { type: Int, initial: 1 } }
                outputs: { lineTotal: item.price * units }
                handlers:
                  - { on: quantity, set: { units: quantity } }
            cells:
              rows: { viewModel: ItemRow, for: items }
            outputs:
              total: 'rows.reduce(0) { $0 + $1.lineTotal }'
            """, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let spec = try #require(loaded.spec)
        let plan = try #require(spec.cells.first)
        #expect(plan.fieldNames == ["item", "quantity", "units", "lineTotal"])
        #expect(plan.inputs.map(\.name) == ["remove", "quantity"])
        #expect(spec.types.records["ItemRow"]?.map(\.type) == [.record("Item"), .optional(.int), .int, .int])
        #expect(spec.nodes[plan.node].type == .list(.record("ItemRow")))
        #expect(plan.inputs.map { spec.nodes[$0.node].name } == ["rows.remove", "rows.quantity"])
    }

    @Test func anUnknownViewModel() {
        #expect(diagnose(head + """
            viewModels:
              CartRow:
                params: { item: Item }
                inputs: { remove: event }
            cells:
              cart: { viewModel: CartRw, for: items }
            scenarios:
              - name: s
                steps:
                  - send: { cart.remove: { row: 1 } }
            """) == """
            t.yaml:15:22: error: unknown view model 'CartRw'; did you mean 'CartRow'?
               |
            15 |   cart: { viewModel: CartRw, for: items }
               |                      ^~~~~~
            note: declare it under 'viewModels:'

            """)
    }

    @Test func aRowReadsItsOwnNamesAndSetsItsOwnState() {
        #expect(diagnose(head + """
            viewModels:
              CartRow:
                params: { item: Item }
                inputs: { remove: event }
                state: { units: { type: Int, initial: 1 } }
                outputs:
                  total: item.price * units + items.count
                  doubled: total * 2
                handlers:
                  - on: tap
                    set: { units: 2 }
                  - on: remove
                    set: { total: 3 }
            cells:
              cart: { viewModel: CartRow, for: items }
            """) == """
            t.yaml:16:35: error: 'items' is a name of the screen, and a row reads only its own names: its element and parameters, its inputs, state, outputs and actions; did you mean 'item'?
               |
            16 |       total: item.price * units + items.count
               |                                   ^~~~~
            note: to use a screen value in a row, hand it to the row as RxSwift's 'RowViewModel(item: $0, items: items)' does: declare it in the view model's 'params:' after the element ('items: TYPE') and give it in its 'cells:' entry with 'with: { items: items }', an expression over the screen's names and the element, '$0'; the rows follow it when it changes

            t.yaml:19:13: error: unknown input 'tap' of view model 'CartRow'
               |
            19 |       - on: tap
               |             ^~~

            t.yaml:22:16: error: a row's handler sets its state; 'total' is not state of 'CartRow'
               |
            22 |         set: { total: 3 }
               |                ^~~~~

            """)
    }

    @Test func theListAndTheIdentity() {
        #expect(diagnose(head + """
            viewModels:
              OtherRow:
                params: { other: Other }
                inputs: { remove: event }
            cells:
              noId: { viewModel: OtherRow, for: others }
              misspelt: { viewModel: OtherRow, for: others, id: kee }
              wrongList: { viewModel: OtherRow, for: items, id: key }
              anEvent: { viewModel: OtherRow, for: tap, id: key }
            scenarios:
              - name: s
                steps:
                  - send: { noId.remove: { row: 1 } }
            """) == """
            t.yaml:15:9: error: 'Other' has no field 'id' to identify its rows
               |
            15 |   noId: { viewModel: OtherRow, for: others }
               |         ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            help: name the field with 'id:', as in 'id: name'

            t.yaml:16:53: error: 'Other' has no field 'kee' to identify its rows; did you mean 'key'?
               |
            16 |   misspelt: { viewModel: OtherRow, for: others, id: kee }
               |                                                     ^~~

            t.yaml:17:42: error: 'OtherRow' makes a row of each 'Other', but 'items' is a '[Item]'
               |
            17 |   wrongList: { viewModel: OtherRow, for: items, id: key }
               |                                          ^~~~~

            t.yaml:18:40: error: 'tap' is an input event and has no current value; rows follow a list that has one
               |
            18 |   anEvent: { viewModel: OtherRow, for: tap, id: key }
               |                                        ^~~
            help: keep the list in 'state:' and set it in a handler on 'tap'

            """)
    }

    @Test func stepsThatSendToARow() {
        #expect(diagnose(head + """
            viewModels:
              OtherRow:
                params: { other: Other }
                inputs: { remove: event, quantity: Int }
            cells:
              cart: { viewModel: OtherRow, for: others, id: key }
            scenarios:
              - name: s
                steps:
                  - send: { cart.remove: { row: 1, value: 2 } }
                  - send: { cart.quantity: { row: 1 } }
                  - send: { cart.remove: 3 }
                  - send: { cart.remove: { row: one } }
                  - send: { cart.quantity: { row: 1, value: many } }
                  - send: { cart.remove: { rows: 1 } }
            """) == """
            t.yaml:19:47: error: 'cart.remove' is an event and carries no value
               |
            19 |       - send: { cart.remove: { row: 1, value: 2 } }
               |                                               ^
            help: write 'send: { cart.remove: { row: 1 } }'

            t.yaml:20:32: error: 'cart.quantity' carries a value of type 'Int'
               |
            20 |       - send: { cart.quantity: { row: 1 } }
               |                                ^~~~~~~~~~
            help: write 'send: { cart.quantity: { row: 1, value: ... } }'

            t.yaml:21:30: error: 'cart.remove' is the input of a row: say which row, by its identity
               |
            21 |       - send: { cart.remove: 3 }
               |                              ^
            help: write 'send: { cart.remove: { row: 1 } }'

            t.yaml:22:37: error: expected a value of type 'Int', found 'one'
               |
            22 |       - send: { cart.remove: { row: one } }
               |                                     ^~~

            t.yaml:23:49: error: expected a value of type 'Int', found 'many'
               |
            23 |       - send: { cart.quantity: { row: 1, value: many } }
               |                                                 ^~~~

            t.yaml:24:32: error: unknown key 'rows' in a row's input; it takes 'row:' and, for a value, 'value:'
               |
            24 |       - send: { cart.remove: { rows: 1 } }
               |                                ^~~~
            help: write 'send: { cart.remove: { row: 1 } }'

            """)
    }
}
