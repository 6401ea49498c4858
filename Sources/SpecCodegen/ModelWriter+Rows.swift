/// The `@Observable` model's methods that send an input to one row of a `cells:` entry or to a
/// child (`children:`, no row argument: `shippingPostcode(_:)`).
extension ModelWriter {
    /// `public func cartRemove(row: Int)`: named as the model names the input's stream
    /// (`cartRemove`, its latest row), the typed screen's `cart.remove(row:)` underneath.
    func writeRowInput(_ input: ScreenShape.RowInput, of group: ScreenShape.Group, into out: inout SwiftSource) {
        let name = SwiftNames.bare(group.swiftName) + SwiftNames.upperFirst(input.swiftName)
        let row = input.identity.qualified(in: shape.screenType)
        let screenPath = "screen.\(group.swiftName).\(input.swiftName)"
        out.line()
        if input.isChild {
            if let value = input.value {
                out.doc("Sends `\(input.specName)` with `value` to the child.")
                out.line("public func \(name)(_ value: \(value.qualified(in: shape.screenType))) { \(screenPath)(value) }")
            } else {
                out.doc("Sends `\(input.specName)` to the child.")
                out.line("public func \(name)() { \(screenPath)() }")
            }
            return
        }
        if let value = input.value {
            out.doc("Sends `\(input.specName)` with `value` to the row whose `\(input.identityField)` is `row`.")
            out.line("public func \(name)(_ value: \(value.qualified(in: shape.screenType)), row: \(row)) { \(screenPath)(value, row: row) }")
        } else {
            out.doc("Sends `\(input.specName)` to the row whose `\(input.identityField)` is `row`.")
            out.line("public func \(name)(row: \(row)) { \(screenPath)(row: row) }")
        }
    }
}
