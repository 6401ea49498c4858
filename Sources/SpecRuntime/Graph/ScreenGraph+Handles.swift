/// The graph driven by typed handles, looked up once by name on its ``CheckedSpec``: what an
/// embedder outside this package (a benchmark, a host of its own) uses; the modules of this
/// package use node indices directly.
extension ScreenGraph {
    /// Writes an input property or state and propagates: one transaction.
    public func set(_ input: InputHandle, to value: Value) {
        set(input.index, to: value)
    }

    /// Fires an event or value stream and propagates: one transaction.
    public func send(_ input: InputHandle, _ value: Value = .void) {
        send(input.index, value)
    }

    /// Executes `action` as its trigger would, with `input` as its input.
    public func execute(_ action: ActionHandle, input: Value = .void) {
        execute(action: action.index, input: input)
    }

    /// The node's current value, or its latest emission for a stream; nil before it emitted.
    public func value(of node: NodeHandle) -> Value? {
        value(of: node.index)
    }
}

extension Emission {
    /// The node that emitted, to compare with a handle looked up once.
    @inlinable public var source: NodeHandle { NodeHandle(index: node) }
}
