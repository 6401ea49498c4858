import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39 item 2: a view model declared once (`viewModels:`), made per element of a list
/// (`cells:`), each row keeping its own state by the element's identity, its inputs fired by a
/// scenario with the row's identity.
@Suite("Cell view models")
struct CellViewModelTests {
    /// A cart whose rows count units, and whose list reloads from a service.
    static let cart = """
        screen: Cart
        types:
          Item: { id: Int, name: String, price: Int }
        inputs:
          reload: event
        state:
          items: { type: "[Item]", initial: [{ id: 1, name: Tea, price: 4 }, { id: 2, name: Cake, price: 6 }] }
        viewModels:
          CartRow:
            params: { item: Item }
            inputs:
              increment: event
              quantity: Int
              remove: event
            state:
              units: { type: Int, initial: 1 }
            outputs:
              lineTotal: item.price * units
            handlers:
              - on: increment
                set: { units: units + 1 }
              - on: quantity
                set: { units: quantity }
        cells:
          cart: { viewModel: CartRow, for: items }
        outputs:
          total: 'cart.reduce(0) { $0 + $1.lineTotal }'
        actions:
          load: { trigger: reload, work: { call: api.items } }
        handlers:
          - on: load.elements
            set: { items: load.elements }
          - on: cart.remove
            set: { items: 'items.filter { $0.id != cart.remove.item.id }' }
        services:
          api.items:
            returns: "[Item]"
            latency: 100ms
            result: [{ id: 2, name: Cake, price: 7 }, { id: 3, name: Pie, price: 5 }]
        scenarios:
          - name: s
            steps:
        """

    private func run(_ steps: String) throws -> Timeline {
        let loaded = SpecLoader.load(text: Self.cart + "\n" + steps, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        return ScenarioRunner.run(spec, scenario: 0)
    }

    @Test("each row keeps its own state, and the screen reads every row once per step")
    func rowsKeepTheirState() throws {
        let timeline = try run("""
                  - expect: { total: 10 }
                  - send: { cart.increment: { row: 2 } }
                  - expect: { total: 16 }
                  - send: { cart.quantity: { row: 1, value: 3 } }
                  - expect: { total: 24 }
                  - expect: 'cart.map { $0.units } == [3, 2]'
            """)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
        // Glitch-free: one emission of the total per step, never a mix of old and new rows.
        let totals = TimelineFormatter.text(timeline).split(separator: "\n").filter { $0.contains(" total ") }.map { $0.split(separator: " ").last.map(String.init) ?? "" }
        #expect(totals == ["10", "16", "24"])
    }

    @Test("a reloaded list keeps the state of the rows whose identity stays, and drops the others")
    func rowsFollowTheirListByIdentity() throws {
        let timeline = try run("""
                  - send: { cart.increment: { row: 2 } }
                  - send: { cart.increment: { row: 1 } }
                  - send: reload
                  - wait: 100ms
                  - expect: 'cart.map { $0.units } == [2, 1]'
                  - expect: 'cart.map { $0.item.name } == ["Cake", "Pie"]'
                  - expect: { total: 19 }
            """)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test("a row's input is a stream of the screen, carrying the row; its handler can remove the row")
    func removeARow() throws {
        let timeline = try run("""
                  - send: { cart.increment: { row: 1 } }
                  - send: { cart.remove: { row: 1 } }
                  - expect: { cart.remove: { item: { id: 1, name: Tea, price: 4 }, quantity: null, units: 2, lineTotal: 8 } }
                  - expect: { total: 6 }
            """)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test("a row that is not there is a runtime error located at the step, and the scenario goes on")
    func aMissingRowIsARuntimeError() throws {
        let timeline = try run("""
                  - send: { cart.remove: { row: 1 } }
                  - send: { cart.increment: { row: 1 } }
                  - send: { cart.increment: { row: 2 } }
                  - expect: { total: 12 }
            """)
        let failures = timeline.failures.map { entry -> String in
            guard case .runtimeError(_, let message) = entry else { return "\(entry)" }
            return message
        }
        #expect(failures == ["t.yaml:44:17: 'cart' has no row 1: its 1 row has another identity"])
        #expect(TimelineFormatter.text(timeline).contains("total"))
    }

    @Test("a row kept with the very element it had keeps its outputs; one whose output fails reports it again each time its list changes")
    func keptRowsAndFailingOutputs() throws {
        // Tea's price is 0, so its share fails (division by zero) whenever it is computed; the
        // handler removes Cake with a filter, which keeps Tea's element as it was.
        let text = Self.cart
            .replacingOccurrences(of: "lineTotal: item.price * units", with: "lineTotal: item.price * units\n      share: 12 / item.price")
            .replacingOccurrences(of: "{ id: 1, name: Tea, price: 4 }, { id: 2, name: Cake, price: 6 }", with: "{ id: 1, name: Tea, price: 0 }, { id: 2, name: Cake, price: 6 }")
        #expect(text != Self.cart)
        let loaded = SpecLoader.load(text: text + """

                  - send: { cart.increment: { row: 2 } }
                  - send: { cart.remove: { row: 2 } }
                  - send: { cart.increment: { row: 1 } }
                  - expect: 'cart.map { $0.units } == [2]'
            """, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        let failures = timeline.failures.compactMap { entry -> String? in
            guard case .runtimeError(_, let message) = entry else { return nil }
            return message
        }
        // At the start, when the removal makes the rows again (Tea's is kept, but computed again
        // since its output failed before), and when Tea's increment writes its row; Cake's
        // increment computes Cake's row alone.
        #expect(failures.count == 3 && failures.allSatisfy { $0.contains("row 1, 'share'") }, "\(failures)")
        #expect(TimelineFormatter.text(timeline).contains("total"))
    }

    @Test("one view model made for two lists: each entry has its own rows and inputs")
    func oneViewModelTwice() throws {
        let loaded = SpecLoader.load(text: """
            screen: Two
            types:
              Item: { id: Int, price: Int }
            state:
              cart: { type: "[Item]", initial: [{ id: 1, price: 4 }] }
              wishes: { type: "[Item]", initial: [{ id: 1, price: 9 }, { id: 2, price: 1 }] }
            viewModels:
              Row:
                params: { item: Item }
                inputs: { bump: event }
                state: { units: { type: Int, initial: 1 } }
                outputs: { total: item.price * units }
                handlers:
                  - { on: bump, set: { units: units + 1 } }
            cells:
              cartRows: { viewModel: Row, for: cart }
              wishRows: { viewModel: Row, for: wishes }
            outputs:
              sum: 'cartRows.reduce(0) { $0 + $1.total } + wishRows.reduce(0) { $0 + $1.total }'
            scenarios:
              - name: s
                steps:
                  - expect: { sum: 14 }
                  - send: { cartRows.bump: { row: 1 } }
                  - expect: { sum: 18 }
                  - send: { wishRows.bump: { row: 1 } }
                  - expect: { sum: 27 }
                  - expect: 'cartRows.map { $0.units } == [2] && wishRows.map { $0.units } == [2, 1]'
            """, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test("the compiled program plays the rows as the checked one does")
    func theCompiledProgramPlaysTheRows() throws {
        let loaded = SpecLoader.load(text: Self.cart + """

                  - send: { cart.increment: { row: 2 } }
                  - send: reload
                  - wait: 100ms
                  - send: { cart.remove: { row: 3 } }
                  - expect: { total: 14 }
            """, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let reloaded = try CompiledSpec.load(json: Data(try CompiledSpec.json(spec).utf8))
        #expect(reloaded.cells.count == 1)
        let direct = ScenarioRunner.run(spec, scenario: 0)
        let compiled = ScenarioRunner.run(reloaded, scenario: 0)
        #expect(direct.passed, "\(TimelineFormatter.text(direct))")
        #expect(TimelineFormatter.text(compiled) == TimelineFormatter.text(direct))
    }

    /// Every number of the compiled cart changed to -1 or to a large one: each variant is refused
    /// with a reason or plays, never traps.
    @Test func aDamagedCompiledCartIsRefusedOrPlayedNeverATrap() throws {
        let loaded = SpecLoader.load(text: Self.cart + """

                  - send: { cart.increment: { row: 2 } }
                  - send: { cart.quantity: { row: 1, value: 2 } }
                  - send: { cart.remove: { row: 1 } }
            """, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let json = try CompiledSpec.json(spec)
        let cellsStart = try #require(json.range(of: #""cells":["#)).lowerBound
        let bytes = Array(json.utf8)
        let start = json.utf8.distance(from: json.utf8.startIndex, to: cellsStart)
        let numbers = JSONNumbers.ranges(in: bytes, from: start)
        #expect(numbers.count > 10)
        var refused = 0, played = 0
        for range in numbers {
            for replacement in ["-1", "1000000", "0", "5"] {
                let variant = bytes[..<range.lowerBound] + Array(replacement.utf8) + bytes[range.upperBound...]
                guard let damaged = try? CompiledSpec.load(json: Data(variant)) else { refused += 1; continue }
                for s in damaged.scenarios.indices { _ = ScenarioRunner.run(damaged, scenario: s, entryLimit: 2_000, eventLimit: 20_000) }
                played += 1
            }
        }
        #expect(refused > 0)
        #expect(played > 0)
    }
}
