/// A checked `unreachable:` mark, for `specrun coverage`.
package struct CoverageMark: Sendable {
    package var declaration: String
    package var item: String
    package var reason: String
    /// Where `item:` is written, for the diagnostic when it marks nothing.
    package var itemRange: SpecRange

    package init(declaration: String, item: String, reason: String, itemRange: SpecRange) {
        self.declaration = declaration
        self.item = item
        self.reason = reason
        self.itemRange = itemRange
    }
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension CoverageMark: Codable {}
