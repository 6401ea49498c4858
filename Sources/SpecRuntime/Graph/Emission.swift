/// One value a node emitted, at a virtual time in milliseconds.
public struct Emission: Sendable, Hashable {
    public var time: Int
    @usableFromInline package var node: Int
    public var value: Value

    package init(time: Int, node: Int, value: Value) {
        self.time = time
        self.node = node
        self.value = value
    }
}
