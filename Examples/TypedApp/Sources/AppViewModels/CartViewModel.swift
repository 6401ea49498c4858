import SpecRuntime
import TypedScreens

/// The Cart of docs/spec-language.md ("Cell view models") as a view model written by hand: a row
/// per item, found by the item's id, each with its own count; the inputs of a row are methods
/// taking the row's identity, as the generated `CartViewModeling` asks.
@MainActor
public final class CartViewModel: CartViewModeling {
    private var items: [CartScreen.Item] = [.init(id: 1, name: "Tea", price: 4), .init(id: 2, name: "Cake", price: 6)]
    private var units: [Int: Int] = [:]
    private var quantities: [Int: Int] = [:]

    /// The latest row whose `increment` fired, and whose `quantity`.
    public private(set) var cartIncrement: CartScreen.CartRow?
    public private(set) var cartQuantity: CartScreen.CartRow?

    /// A cart of tea and cake, one of each.
    public init() {}

    /// The rows: each item with its count, its line's total and its title.
    public var cartValue: [CartScreen.CartRow] { items.map(row) }
    public var total: Int { cartValue.reduce(0) { $0 + $1.lineTotal } }
    public var titles: String { cartValue.map(\.title).joined(separator: ", ") }

    /// The stepper's + on the row of item `id`.
    public func cartIncrement(row id: Int) {
        guard let item = items.first(where: { $0.id == id }) else { return }
        units[id] = (units[id] ?? 1) + 1
        cartIncrement = row(item)
    }

    /// A count typed in on the row of item `id`.
    public func cartQuantity(_ value: Int, row id: Int) {
        guard let item = items.first(where: { $0.id == id }) else { return }
        quantities[id] = value
        units[id] = value
        cartQuantity = row(item)
    }

    /// The remove button of the row of item `id`.
    public func cartRemove(row id: Int) {
        items.removeAll { $0.id == id }
        units[id] = nil
        quantities[id] = nil
    }

    private func row(_ item: CartScreen.Item) -> CartScreen.CartRow {
        let units = units[item.id] ?? 1
        return CartScreen.CartRow(item: item, quantity: quantities[item.id], units: units, lineTotal: item.price * units, title: "\(units) x \(item.name)")
    }
}
