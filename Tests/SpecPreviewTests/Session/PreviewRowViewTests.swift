import Foundation
@testable import SpecPreview
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39 in the preview: a table whose rows have their own components draws each row's
/// components with their values, and a gesture on one from the page is the step a scenario
/// writes, addressed by the row's identity.
@Suite(.serialized)
struct PreviewRowViewTests {
    static let spec = """
        screen: Cart
        types:
          Item: { id: Int, name: String }
        state:
          items: { type: "[Item]", initial: [{ id: 1, name: Tea }, { id: 2, name: Cake }] }
        viewModels:
          CartRow:
            params: { item: Item }
            inputs: { increment: event }
            state: { units: { type: Int, initial: 1 } }
            outputs:
              caption: '"\\(units) x \\(item.name)"'
            handlers:
              - { on: increment, set: { units: units + 1 } }
            view:
              captionLabel: { label: { text: caption } }
              plusButton: { button: { title: '"+"', tap: increment } }
        cells:
          cart: { viewModel: CartRow, for: items }
        view:
          list: { table: { rows: cart } }
        scenarios:
          - name: s
            steps:
              - tap: { cart.plusButton: { row: 2 } }
        """

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The table's row components of the state message, per row: identity and the label's text.
    func rows(_ session: PreviewSession) throws -> [String] {
        let state = try object(session.sync { PageMessages.state($0, from: 0, lines: []) })
        let list = try #require((state["components"] as? [String: Any])?["list"] as? [String: Any])
        let rows = try #require(list["rowViews"] as? [[String: Any]])
        return rows.map { row in
            let components = row["components"] as? [String: [String: Any]]
            return "\(row["row"] ?? "?"): \(components?["captionLabel"]?["text"] ?? "?") [\(components?["plusButton"]?["title"] ?? "?")]"
        }
    }

    @Test func theLayoutNamesTheRowsComponentsAndTheStateTheirValues() throws {
        let path = try CLI.temporarySpec(Self.spec, name: "cart.yaml")
        let session = try PreviewSession(path: path)
        let layout = try object(session.sync { PageMessages.layout($0) })
        let list = try #require((layout["components"] as? [[String: Any]])?.first { $0["name"] as? String == "list" })
        let rowView = try #require(list["rowView"] as? [String: Any])
        #expect(rowView["cells"] as? String == "cart")
        let components = try #require(rowView["components"] as? [[String: Any]])
        #expect(components.map { $0["name"] as? String } == ["captionLabel", "plusButton"])
        #expect(components.map { $0["wired"] as? [String] } == [[], ["tap"]])
        #expect(try rows(session) == ["1: 1 x Tea [+]", "2: 1 x Cake [+]"])
    }

    @Test func aTapOnARowsButtonFromThePageActsOnThatRow() throws {
        let path = try CLI.temporarySpec(Self.spec, name: "cart.yaml")
        let session = try PreviewSession(path: path)
        session.receive(#"{"op":"pause"}"#)
        session.receive(#"{"op":"step","verb":"tap","target":"cart.plusButton","yaml":"{ row: 2 }"}"#)
        #expect(session.sync { $0.error } == nil)
        #expect(try rows(session) == ["1: 1 x Tea [+]", "2: 2 x Cake [+]"])
        // A row not there is the runtime error a scenario gets, in the timeline; nothing changes.
        session.receive(#"{"op":"step","verb":"tap","target":"cart.plusButton","yaml":"{ row: 9 }"}"#)
        #expect(try rows(session) == ["1: 1 x Tea [+]", "2: 2 x Cake [+]"])
        #expect(session.sync { $0.entries }.contains { if case .runtimeError(_, let m) = $0 { m.contains("has no row 9") } else { false } })
    }

    /// A view model used by itself (`children:`) with a view: a component of the layout drawn
    /// as a box (`drawing: child`) with its view's components, its values in the state message as
    /// a one-row table's, and a gesture on one the step a scenario writes for a child, no row.
    @Test func aChildIsDrawnAsABoxAndItsGesturesNameNoRow() throws {
        let path = try CLI.temporarySpec("""
            screen: Forms
            viewModels:
              Form:
                params: { kind: String }
                inputs: { name: String, clear: event }
                state: { nameText: { type: String, initial: "" } }
                outputs:
                  title: '"\\(kind): \\(nameText)"'
                handlers:
                  - { on: name, set: { nameText: name } }
                  - { on: clear, set: { nameText: '""' } }
                view:
                  titleLabel: { label: { text: title } }
                  nameField: { textField: { text: { twoWay: name, get: nameText } } }
                  clearButton: { button: { title: '"Clear"', tap: clear } }
            children:
              shipping: { viewModel: Form, params: { kind: '"Shipping"' } }
              billing: { viewModel: Form, params: { kind: '"Billing"' } }
            """, name: "forms.yaml")
        let session = try PreviewSession(path: path)
        let layout = try object(session.sync { PageMessages.layout($0) })
        let components = try #require(layout["components"] as? [[String: Any]])
        #expect(components.compactMap { $0["drawing"] as? String == "child" ? $0["name"] as? String : nil } == ["shipping", "billing"])
        let shipping = try #require(components.first { $0["name"] as? String == "shipping" })
        let view = try #require(shipping["rowView"] as? [String: Any])
        #expect(view["cells"] as? String == "shipping")
        #expect((view["components"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["titleLabel", "nameField", "clearButton"])
        session.receive(#"{"op":"pause"}"#)
        session.receive(#"{"op":"step","verb":"type","target":"billing.nameField","yaml":"\"Bob\""}"#)
        #expect(session.sync { $0.error } == nil)
        func titles() throws -> [String] {
            let state = try object(session.sync { PageMessages.state($0, from: 0, lines: []) })
            let drawn = try #require(state["components"] as? [String: Any])
            return ["shipping", "billing"].map { name in
                let rows = (drawn[name] as? [String: Any])?["rowViews"] as? [[String: Any]]
                let components = rows?.first?["components"] as? [String: [String: Any]]
                return "\(components?["titleLabel"]?["text"] ?? "?")"
            }
        }
        #expect(try titles() == ["Shipping: ", "Billing: Bob"])
        session.receive(#"{"op":"step","verb":"tap","target":"billing.clearButton"}"#)
        #expect(try titles() == ["Shipping: ", "Billing: "])
        #expect(session.sync { $0.error } == nil)
    }

    /// A row's component reading `now` shows the screen's time, as the engine's rows read it,
    /// where it showed 0.
    @Test func aRowsViewReadsTheScreensTime() throws {
        let path = try CLI.temporarySpec(Self.spec.replacingOccurrences(of: "captionLabel: { label: { text: caption } }",
                                                                        with: #"captionLabel: { label: { text: '"\(caption) at \(now)"' } }"#), name: "cart.yaml")
        let session = try PreviewSession(path: path)
        session.receive(#"{"op":"pause"}"#)
        session.receive(#"{"op":"wait","ms":500}"#)
        #expect(session.sync { $0.error } == nil)
        // Paused, the clock moves only by the wait (after the moment it ran before the pause).
        let now = session.sync { $0.now }
        #expect(now >= 500)
        let shown = try rows(session)
        #expect(shown == ["1: 1 x Tea at \(now) [+]", "2: 1 x Cake at \(now) [+]"], "\(shown)")
    }
}
