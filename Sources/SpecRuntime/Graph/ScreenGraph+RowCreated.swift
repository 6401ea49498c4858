@_spi(Engine) import SpecProgram

/// A row's `created` (``CellsPlan/created``): each row made fires it once, in the transaction that
/// makes it, as a cell view model's `init` runs when the data source makes the cell's view model
/// for a new item. Its actions triggered by it decide on the row as made, its handlers on it run,
/// and `<cells>.created` fires with the row, all in that transaction; the first rows fire theirs
/// in the start's.
extension ScreenGraph {
    /// Fires `created` on each row of ``madeRows``, in the order they were made, and forgets them.
    func fireCreated() {
        let made = madeRows
        madeRows.removeAll()
        for (c, key) in made {
            guard let input = spec.cells[c].created, spec.cells[c].inputs.indices.contains(input), let found = row(c, key) else { continue }
            fireRow(c, input, found, row: key, value: .void)
        }
    }
}
