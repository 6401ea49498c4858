@_spi(Engine) import SpecProgram

/// A row's `created` (``CellsPlan/created``): each row made fires it once, in the transaction that
/// makes it, as a cell view model's `init` runs when the data source makes the cell's view model
/// for a new item. Its actions triggered by it decide on the row as made, its handlers on it run,
/// and `<cells>.created` fires with the row, all in that transaction; the first rows fire theirs
/// in the start's.
extension ScreenGraph {
    /// Fires `created` on each row of ``madeRows``, in the order they were made, then each
    /// parameter the row reads as a stream with its first value (CellsPlan+ParamStreams.swift),
    /// and forgets them.
    func fireCreated() {
        let made = madeRows
        madeRows.removeAll()
        for (c, key) in made {
            let plan = spec.cells[c]
            if let input = plan.created, plan.inputs.indices.contains(input), let found = row(c, key) {
                fireRow(c, input, found, row: key, value: .void)
            }
            for stream in plan.paramStreams ?? [] where plan.inputs.indices.contains(stream.input) {
                guard let found = row(c, key), stream.field < found.record.fields.count else { continue }
                fireRow(c, stream.input, found, row: key, value: found.record.fields[stream.field])
            }
        }
    }

    /// Fires each parameter read as a stream on the rows ``changedParams`` names, with the value
    /// the rows now hold, in the order they changed, and forgets them.
    func fireChangedParams() {
        let changed = changedParams
        changedParams.removeAll()
        for (c, key, input) in changed {
            guard spec.cells[c].inputs.indices.contains(input), let field = spec.cells[c].inputs[input].field,
                  let found = row(c, key), field < found.record.fields.count else { continue }
            fireRow(c, input, found, row: key, value: found.record.fields[field])
        }
    }

    /// The start's `created`, fired after the first values were computed but before they are
    /// emitted (`initial`, in declaration order): the rows and the derived values are emitted once,
    /// with what `created` made of them (a row's `deliver.executing` true), where they would
    /// otherwise show twice at the start, the row as it was before its `created` first; what
    /// else the transaction emitted (`rows.created`, a stream's `startWith`) follows, in order.
    func fireCreatedAtStart(after initial: [Emission]) {
        let host = onEmit
        var later: [Emission] = []
        onEmit = { later.append($0) }
        fireCreated()
        propagate()
        onEmit = host
        var merged = initial
        var at: [Int: Int] = [:]
        for (k, emission) in initial.enumerated() { at[emission.node] = k }
        let rowsNodes = Set(spec.cells.map(\.node))
        var rest: [Emission] = []
        for emission in later {
            let derived = if case .derived = spec.nodes[emission.node].kind { true } else { false }
            if let k = at[emission.node], derived || rowsNodes.contains(emission.node) {
                merged[k].value = emission.value
            } else {
                rest.append(emission)
            }
        }
        for emission in merged + rest { onEmit?(emission) }
    }
}
