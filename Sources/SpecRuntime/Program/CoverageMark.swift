/// A checked `unreachable:` mark, for `specrun coverage`.
public struct CoverageMark: Sendable {
    public var declaration: String
    public var item: String
    public var reason: String
    /// Where `item:` is written, for the diagnostic when it marks nothing.
    public var itemRange: SpecRange

    public init(declaration: String, item: String, reason: String, itemRange: SpecRange) {
        self.declaration = declaration
        self.item = item
        self.reason = reason
        self.itemRange = itemRange
    }
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension CoverageMark: Codable {}
