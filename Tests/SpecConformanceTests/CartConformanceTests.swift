import Foundation
import ScreenSpec
import SpecConformance
import SpecRuntime
import SpecTesting
import Testing

/// The Cart example of docs/spec-language.md ("Cell view models"), whose rows have inputs,
/// against view models written by hand: the scenario's `send: { cart.increment: { row: 2 } }`
/// and the explored paths reach the view model through the contract's `rowEvent`/`rowInput`.
@MainActor
struct CartConformanceTests {
    struct Item: Encodable, Sendable {
        var id: Int
        var name: String
        var price: Int
    }

    /// A row as the spec's `CartRow` record has it: the element, the latest quantity, the state
    /// and the outputs.
    struct CartRow: Encodable, Sendable {
        var item: Item
        var quantity: Int?
        var units: Int
        var lineTotal: Int
        var title: String
    }

    /// The cart as an iOS developer writes it: a row per item, found by the item's id.
    @MainActor
    final class CartViewModel {
        private var items = [Item(id: 1, name: "Tea", price: 4), Item(id: 2, name: "Cake", price: 6)]
        private var units: [Int: Int] = [:]
        private var quantities: [Int: Int] = [:]
        /// The mistake under test: a quantity typed in is added to the count instead of replacing it.
        private let quantityAdds: Bool

        init(quantityAdds: Bool = false) {
            self.quantityAdds = quantityAdds
        }

        var rows: [CartRow] {
            items.map { item in
                let units = units[item.id] ?? 1
                return CartRow(item: item, quantity: quantities[item.id], units: units, lineTotal: item.price * units, title: "\(units) x \(item.name)")
            }
        }

        var total: Int { rows.reduce(0) { $0 + $1.lineTotal } }
        var titles: String { rows.map(\.title).joined(separator: ", ") }

        func increment(row id: Int) {
            guard items.contains(where: { $0.id == id }) else { return }
            units[id, default: 1] += 1
        }

        func quantity(_ value: Int, row id: Int) {
            guard items.contains(where: { $0.id == id }) else { return }
            quantities[id] = value
            units[id] = quantityAdds ? (units[id] ?? 1) + value : value
        }

        func remove(row id: Int) {
            items.removeAll { $0.id == id }
            units[id] = nil
            quantities[id] = nil
        }
    }

    static func contract() throws -> ScreenContract<CartViewModel> {
        let example = try #require(DocExample.all().first { $0.page == "docs/spec-language.md" && $0.text.hasPrefix("screen: Cart\n") && $0.text.contains("cells:") })
        let program = try CompiledSpec.json(Fixtures.checked(example.text, path: "cart.yaml"))
        return ScreenContract<CartViewModel>(program: program)
            .rowEvent("cart.increment") { (model, row: Int) in model.increment(row: row) }
            .rowInput("cart.quantity") { (model, row: Int, value: Int) in model.quantity(value, row: row) }
            .rowEvent("cart.remove") { (model, row: Int) in model.remove(row: row) }
            .output("total") { $0.total }
            .output("titles") { $0.titles }
            .output("cart") { $0.rows }
    }

    @Test func aViewModelWhoseRowsBehaveConforms() async throws {
        let conformance = try Conformance(Self.contract()) { _ in CartViewModel() }
        let report = await conformance.check()
        #expect(report.passed, "\(report)")
        #expect(report.scenarios == 1)
        // Each row input to each row, up to three moves: removed rows and rows sent to after.
        #expect(report.explored > 50, "\(report)")
    }

    @Test func aWrongRowRuleIsFoundAndShrunkToTheRowInput() async throws {
        let conformance = try Conformance(Self.contract()) { _ in CartViewModel(quantityAdds: true) }
        let report = await conformance.check()
        let divergence = try #require(report.divergences.first, "\(report)")
        #expect(divergence.origin == "scenario 'each row keeps its own count, and a removed row is gone'")
        #expect(divergence.output == "total")
        #expect(divergence.specValue == "18" && divergence.modelValue == "22", "\(divergence)")
        #expect(divergence.steps.count == 1, "\(divergence)")
        #expect(divergence.scenario.contains("- send: { cart.quantity: { row: 1, value: 3 } }"), "\(divergence.scenario)")
        // The line docs/conformance.md ("Rows") shows.
        let first = "scenario 'each row keeps its own count, and a removed row is gone' diverges at 0 ms on 'total': the spec shows 18, the view model shows 22"
        #expect(divergence.description.hasPrefix(first + "\n"), "\(divergence)")
        #expect(try String(contentsOfFile: PackagePaths.path("docs/conformance.md"), encoding: .utf8).contains("```text\n" + first + "\n```"))
    }

    @Test func aContractNamingNoRowInputIsAMistakeOfTheTest() throws {
        let contract = try Self.contract().rowEvent("cart.decrement") { (_, _: Int) in }
        #expect(throws: ConformanceError.self) { try Conformance(contract) { _ in CartViewModel() } }
    }

    @Test func aRowInputMissingFromTheContractIsAProblem() async throws {
        let example = try #require(DocExample.all().first { $0.page == "docs/spec-language.md" && $0.text.hasPrefix("screen: Cart\n") && $0.text.contains("cells:") })
        let contract = ScreenContract<CartViewModel>(program: try CompiledSpec.json(Fixtures.checked(example.text, path: "cart.yaml")))
            .output("total") { $0.total }
        let report = await (try Conformance(contract) { _ in CartViewModel() }).check()
        #expect(!report.passed)
        #expect(report.problems.contains { $0.contains("the contract has no member for the input of a row 'cart.increment'") }, "\(report.problems)")
    }
}
