/// A checked `unreachable:` mark, for `specrun coverage`.
package struct CoverageMark: Sendable {
    package var declaration: String
    package var item: String
    package var reason: String
    /// Where `item:` is written, for the diagnostic when it marks nothing.
    package var itemRange: SpecRange
    /// `occurrence: N`: only the N-th item of that text in the declaration (from 1, in the
    /// report's order); nil for every one. Where it is written, for the diagnostic when there is
    /// no N-th.
    package var occurrence: Int?
    package var occurrenceRange: SpecRange?

    package init(declaration: String, item: String, reason: String, itemRange: SpecRange, occurrence: Int? = nil, occurrenceRange: SpecRange? = nil) {
        self.declaration = declaration
        self.item = item
        self.reason = reason
        self.itemRange = itemRange
        self.occurrence = occurrence
        self.occurrenceRange = occurrenceRange
    }
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension CoverageMark: Codable {}
