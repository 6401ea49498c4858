/// One value a node emitted, at a virtual time in milliseconds.
public struct Emission: Sendable, Hashable {
    /// When, in milliseconds of the graph's clock.
    public var time: Int
    @usableFromInline package var node: Int
    /// The value emitted.
    public var value: Value

    package init(time: Int, node: Int, value: Value) {
        self.time = time
        self.node = node
        self.value = value
    }
}
