/// The typed screen's members that send an input to one row of a `cells:` entry or to a child
/// (`children:`), or execute a row's or a child's action directly.
extension ScreenWriter {
    /// `public func remove(row: Int)`, `public func quantity(_ value: Int, row: Int)`: a method of
    /// the entry's group, named as the input's stream (`cart.remove`, its latest row) is; the
    /// row last and labelled, as `insert(_:at:)` takes its index.
    func writeRowInput(_ input: ScreenShape.RowInput, into out: inout SwiftSource) {
        let node = "nodes.\(shape.rowInputNames[input.specName]!)"
        if input.isChild {
            // `public func postcode(_ value: String)`: a child's one row is named by no argument.
            let child = input.specName.split(separator: ".").first.map(String.init) ?? input.specName
            out.doc("""
                Sends `\(input.specName)`\(input.value == nil ? "" : " with `value`") to the child `\(child)`, as its view would: its \
                handlers run and its outputs are computed again, then `\(input.specName)` fires with the child, in one transaction.
                """)
            if let value = input.value {
                out.line("public func \(input.swiftName)(_ value: \(value.spelling)) { core.fire(\(node), row: \(ScreenShape.childRow), value) }")
            } else {
                out.line("public func \(input.swiftName)() { core.fire(\(node), row: \(ScreenShape.childRow)) }")
            }
            return
        }
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

    /// `public func executeSave(_ input: Bool, row: String)`: a method of the entry's group that
    /// executes the rows' action on one row, as RxSwift's `cellViewModel.save.execute(true)`.
    func writeRowAction(_ action: ScreenShape.RowAction, into out: inout SwiftSource) {
        let node = "nodes.\(shape.rowInputNames[action.specName]!)"
        if action.isChild {
            let child = action.specName.split(separator: ".").first.map(String.init) ?? action.specName
            out.doc("""
                Executes `\(action.specName)`\(action.input == nil ? "" : " with `input`") directly on the child `\(child)`, in one \
                transaction: its trigger does not fire (its handlers do not run). While it executes or is disabled, its errors get \
                `notEnabled`.
                """)
            if let input = action.input {
                out.line("public func \(action.swiftName)(_ input: \(input.spelling)) { core.execute(\(node), row: \(ScreenShape.childRow), input) }")
            } else {
                out.line("public func \(action.swiftName)() { core.execute(\(node), row: \(ScreenShape.childRow)) }")
            }
            return
        }
        let row = action.identity.spelling
        out.doc("""
            Executes `\(action.specName)`\(action.input == nil ? "" : " with `input`") directly on the row whose `\(action.identityField)` is \
            `row`, in one transaction: its trigger does not fire (its handlers do not run). While the row executes or the \
            action is disabled on it, its errors get `notEnabled`. A row not there is reported to `onMisuse(_:)`'s handler.
            """)
        if let input = action.input {
            out.line("public func \(action.swiftName)(_ input: \(input.spelling), row: \(row)) { core.execute(\(node), row: row, input) }")
        } else {
            out.line("public func \(action.swiftName)(row: \(row)) { core.execute(\(node), row: row) }")
        }
    }
}
