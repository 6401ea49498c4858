import SpecRuntime

/// `index` and `count` read where no row position is: a row's position is a parameter its view
/// model declares (CellsPass+Position.swift), a field of the row, so a view model that does not
/// declare it, and the screen, which has no position of its own, are told where it is.
extension ExpressionChecker {
    /// Reports `name` when it is a row's position read where there is none, with its fix; false
    /// when it is not (the caller reports an unknown name as usual).
    mutating func reportRowPosition(_ name: String, _ range: SpecRange) -> Bool {
        guard functionParameters == nil else { return false }
        if !rowFields.isEmpty {
            guard name == "index" || name == "count" else { return false }
            diagnostics.error(.unknownName, "unknown name '\(name)': a row reads its position when its view model declares it", at: range,
                              notes: [DiagnosticNote("'cells:' fills 'index: Int' with the row's offset in the list and 'count: Int' with the list's count")],
                              fixIt: "add '\(name): Int' to the view model's 'params:', after its element, as in 'params: { item: Item, index: Int, count: Int }'")
            return true
        }
        // The rows whose view model declares `index`: a list of cells of a record that has it.
        let positioned = symbols.filter { _, symbol in
            guard symbol.what == "list of cells", case .list(.record(let row)) = symbol.type else { return false }
            return table.records[row]?.contains { $0.name == "index" } == true
        }.keys.sorted()
        guard name == "index", let cells = positioned.first else { return false }
        diagnostics.error(.unknownName, "unknown name 'index': the screen has no position, each row of '\(cells)' has its own", at: range,
                          notes: [DiagnosticNote("a row reads 'index' in its view model; the screen reads a row's through the row")],
                          fixIt: "read it through a row, as in '\(cells).<input>.index' in a handler on a row's input, or '\(cells).map { $0.index }'")
        return true
    }
}
