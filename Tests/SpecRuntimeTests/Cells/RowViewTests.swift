import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39: a table bound to the rows of a `cells:` entry, whose `rowSelected` gives the row
/// (RxCocoa's `modelSelected(CellViewModel.self)`), and a row's own `view:` whose gestures a
/// scenario addresses by the row's identity.
@Suite("Rows with their own view")
struct RowViewTests {
    static let cart = """
        screen: Cart
        types:
          Item: { id: Int, name: String, price: Int }
        inputs:
          opened: CartRow
        state:
          items: { type: "[Item]", initial: [{ id: 1, name: Tea, price: 4 }, { id: 2, name: Cake, price: 6 }] }
          title: { type: String, initial: "" }
        viewModels:
          CartRow:
            params: { item: Item }
            inputs:
              increment: event
              remove: event
            state:
              units: { type: Int, initial: 1 }
            outputs:
              lineTotal: item.price * units
              caption: '"\\(units) x \\(item.name)"'
            handlers:
              - on: increment
                set: { units: units + 1 }
            view:
              captionLabel: { label: { text: caption } }
              plusButton: { button: { title: '"+"', tap: increment } }
              removeButton: { button: { tap: remove } }
              spareButton: button
        cells:
          cart: { viewModel: CartRow, for: items }
        outputs:
          total: 'cart.reduce(0) { $0 + $1.lineTotal }'
        handlers:
          - on: opened
            set: { title: opened.caption }
          - on: cart.remove
            set: { items: 'items.filter { $0.id != cart.remove.item.id }' }
        view:
          list: { table: { rows: cart, rowSelected: opened } }
        scenarios:
          - name: s
            steps:
        """

    private func run(_ steps: String) throws -> Timeline {
        let loaded = SpecLoader.load(text: Self.cart + "\n" + steps, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        return ScenarioRunner.run(spec, scenario: 0)
    }

    @Test("a tap on a row's button fires the row's input on that row alone")
    func aTapOnARow() throws {
        let timeline = try run("""
                  - tap: { cart.plusButton: { row: 2 } }
                  - expect: { total: 16 }
                  - expect: 'cart.map { $0.units } == [1, 2]'
                  - tap: { cart.removeButton: { row: 1 } }
                  - expect: { total: 12 }
                  - expect: 'cart.map { $0.caption } == ["2 x Cake"]'
            """)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
        let text = TimelineFormatter.text(timeline)
        #expect(text.contains("tap cart.plusButton of row 2"), "\(text)")
        #expect(text.contains("tap cart.removeButton of row 1"), "\(text)")
    }

    @Test("selecting a row of a table bound to cells gives the row, its view model's fields and all")
    func selectingARowGivesTheRow() throws {
        let timeline = try run("""
                  - tap: { cart.plusButton: { row: 1 } }
                  - select: { list: 0 }
                  - expect: { title: "2 x Tea" }
            """)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test("a tap on a row that is not there is a runtime error located at the step")
    func aTapOnAMissingRow() throws {
        let timeline = try run("""
                  - tap: { cart.plusButton: { row: 7 } }
                  - expect: { total: 10 }
            """)
        let failures = timeline.failures.map { entry -> String in
            guard case .runtimeError(_, let message) = entry else { return "\(entry)" }
            return message
        }
        #expect(failures == ["t.yaml:42:16: 'cart' has no row 7: its 2 rows have other identities"])
    }

    @Test("the program carries the row's view: bound properties and the input each event fires")
    func theProgramCarriesTheRowsView() throws {
        let loaded = SpecLoader.load(text: Self.cart + "\n      - expect: { total: 10 }", path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let view = try #require(spec.cells.first?.view)
        #expect(view.map(\.name) == ["captionLabel", "plusButton", "removeButton", "spareButton"])
        #expect(view.map { $0.properties.map(\.name) } == [["text"], ["title"], [], []])
        #expect(view[1].events.first { $0.name == "tap" }?.input == 0)
        #expect(view[2].events.first { $0.name == "tap" }?.input == 1)
        #expect(view[3].events.first { $0.name == "tap" }?.input == nil)
        // A compiled spec keeps it, read back through the validator.
        let back = try CompiledSpec.load(json: Data(CompiledSpec.json(spec).utf8))
        #expect(back.cells.first?.view?.map(\.name) == view.map(\.name))
        #expect(back.cells.first?.view?.map { $0.events.compactMap(\.input) } == [[], [0], [1], []])
    }
}
