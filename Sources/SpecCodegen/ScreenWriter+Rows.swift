/// The typed screen's members that send an input to one row of a `cells:` entry.
extension ScreenWriter {
    /// `public func remove(row: Int)`, `public func quantity(_ value: Int, row: Int)`: a method of
    /// the entry's group, named as the input's stream (`cart.remove`, its latest row) is; the
    /// row last and labelled, as `insert(_:at:)` takes its index.
    func writeRowInput(_ input: ScreenShape.RowInput, into out: inout SwiftSource) {
        let node = "nodes.\(shape.rowInputNames[input.specName]!)"
        let row = input.identity.spelling
        out.doc("""
            Sends `\(input.specName)`\(input.value == nil ? "" : " with `value`") to the row whose `\(input.identityField)` is `row`, as its cell \
            would: the row's handlers run and its outputs are computed again, then `\(input.specName)` fires with the new row, in \
            one transaction. A row not there is reported to `onMisuse(_:)`'s handler, and nothing changes.
            """)
        if let value = input.value {
            out.line("public func \(input.swiftName)(_ value: \(value.spelling), row: \(row)) { core.fire(\(node), row: row, value) }")
        } else {
            out.line("public func \(input.swiftName)(row: \(row)) { core.fire(\(node), row: row) }")
        }
    }
}
