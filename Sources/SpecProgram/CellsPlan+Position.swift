extension CellsPlan {
    /// A row's position in the list it is made for, as an RxSwift cell view model is built with
    /// `indexPath.row` and the list's count: the view model declares them as parameters after its
    /// element (`params: { item: Track, index: Int, count: Int }`), and the engine fills them
    /// each time the rows follow their list, in the same transaction, so a row that moves keeps
    /// its identity and state and reads its new offset.
    package struct Position: Sendable, Equatable {
        /// The row field that holds the row's offset in the list, from 0; nil when not declared.
        package var index: Int?
        /// The row field that holds how many rows the list has; nil when not declared.
        package var count: Int?

        /// Memberwise, at `package` access: the front end builds the program.
        package init(index: Int?, count: Int?) {
            self.index = index
            self.count = count
        }

        /// The fields it fills, in field order.
        package var fields: [Int] { [index, count].compactMap(\.self) }
    }
}

// Codable is synthesised here, in the type's own file: the JSON of a compiled spec.
extension CellsPlan.Position: Codable {}
