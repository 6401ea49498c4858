extension CellsPlan {
    /// A parameter of the view model after its element and position that the screen hands it,
    /// as RxSwift's `QueueRowViewModel(track: $0, isCurrent: $0.id == currentId)`: `cells:`
    /// gives it with `with: { isCurrent: "$0.id == currentId" }`, an expression over the
    /// screen's nodes and the element (`$0`, the operator argument 0). The engine computes it
    /// into ``field`` of each row whenever the rows follow their list and whenever a node it reads
    /// changes, in the same transaction, so a row keeps its identity and state and its outputs
    /// follow.
    package struct Given: Sendable {
        /// The row field that holds it.
        package var field: Int
        /// Its value over the screen's nodes and the element, `$0`.
        package var value: TypedExpr
        /// The screen's nodes it reads: the rows follow them as they follow their list.
        package var reads: [Int]
        /// Where `with:` gives it (its key), for the coverage items of its values; nil in a plan
        /// built without one (a test's).
        package var range: SpecRange?

        /// Memberwise, at `package` access: the front end builds the program.
        package init(field: Int, value: TypedExpr, reads: [Int], range: SpecRange? = nil) {
            self.field = field
            self.value = value
            self.reads = reads
            self.range = range
        }
    }
}

// Codable is synthesised here, in the type's own file: the JSON of a compiled spec.
extension CellsPlan.Given: Codable {}
