extension CellsPlan {
    /// A row state whose `initial:` is an expression over the row's element and its position
    /// (`liked: { type: Bool, initial: photo.liked }`), as a cell view model's `init(photo:)`
    /// sets `self.isLiked = photo.liked`: the engine computes it when it makes the row, after the
    /// element and the position are placed and before the row's outputs are computed. A row
    /// kept by identity keeps its state: the expression is not computed again for it.
    package struct StateInitial: Sendable {
        /// The row field it sets, a state of the row.
        package var field: Int
        /// Its value, over the row's element and position fields (read through the row, as an
        /// output's are).
        package var value: TypedExpr

        /// Memberwise, at `package` access: the front end builds the program.
        package init(field: Int, value: TypedExpr) {
            self.field = field
            self.value = value
        }
    }
}

// Codable is synthesised here, in the type's own file: the JSON of a compiled spec.
extension CellsPlan.StateInitial: Codable {}
