@_spi(Engine) import SpecProgram

/// A view model used by itself (`children:`, ``CellsPlan/instance``): a `cells:` entry whose one
/// row always exists. The engine runs it as rows; what it reports names the child alone.
extension ScreenGraph {
    /// How a runtime error names row `key` of entry `c`: `'cart' row 2`, or `'shipping'` for a
    /// child, which is one.
    func rowName(_ c: Int, _ key: Value) -> String {
        let plan = spec.cells[c]
        return plan.instance != nil ? "'\(plan.name)'" : "'\(plan.name)' row \(key)"
    }
}
