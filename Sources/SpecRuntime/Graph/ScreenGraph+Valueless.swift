@_spi(Engine) import SpecProgram

/// Derived nodes with no value yet (an expression that failed before it ever had one).
extension ScreenGraph {
    /// A derived node with no value: its expression failed before it ever had one (an overflow at
    /// start), or it reads such a node. It emits nothing and feeds nothing, and reading it fails,
    /// until an input change lets it compute a value: nothing downstream sees a value outside its
    /// type. (A node that had a value keeps it when its expression fails.)
    func markValueless(_ node: Int) {
        if context.valueless.isEmpty { context.valueless = Array(repeating: false, count: spec.nodes.count) }
        context.values[node] = .none
        context.valueless[node] = true
        hasEmitted[node] = false
    }

    func isValueless(_ node: Int) -> Bool {
        !context.valueless.isEmpty && context.valueless[node]
    }

    /// A derived node's turn in `propagate` while some node has no value: it waits while a node
    /// it reads has none, and emits its first value once it computes one.
    @inline(never)
    func evaluateAmongValueless(_ node: Int, _ f: Unmanaged<ExprCall>) {
        if reads[node].contains(where: isValueless) { return }
        do throws(EvalError) {
            let value = try f(context)
            if isValueless(node) {
                context.valueless[node] = false
                changed(node, value)
            } else if value != context.values[node] {
                changed(node, value)
            }
        } catch {
            report("'\(spec.nodes[node].name)': \(error.message)")
        }
    }
}
