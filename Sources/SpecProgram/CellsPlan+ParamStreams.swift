/// A parameter the screen gives a row (`with:`, or a child's `params:`) read as a stream, as a
/// cell view model given `isCurrent: Driver<Bool>` subscribes to it in its `init`:
/// `countdown: { stream: isCurrent, ops: [ … ] }`, `on: isCurrent`, `trigger: isCurrent`. It is
/// an input of the row that no step and no gesture sends to (``CellsPlan/isActionStream(_:)``):
/// the row fires it with the parameter's value when the row is made, after `created`, and again
/// in each transaction that gives the row a different value (``CellsPlan/Given``), after the
/// rows are written; its field is the parameter's own.
extension CellsPlan {
    package struct ParamStream: Sendable, Codable, Hashable {
        /// The row's input that fires (an index in ``CellsPlan/inputs``).
        package var input: Int
        /// The parameter's field, which ``CellsPlan/given`` computes.
        package var field: Int

        package init(input: Int, field: Int) {
            self.input = input
            self.field = field
        }
    }

    /// The input that fires when the parameter in `field` changes, nil when none does.
    package func paramStream(ofField field: Int) -> Int? {
        paramStreams?.first { $0.field == field }?.input
    }
}
