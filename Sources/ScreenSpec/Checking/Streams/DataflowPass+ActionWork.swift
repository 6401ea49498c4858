import SpecRuntime

/// An action's work written as a stream, typed as a stream output whose source is the action's
/// executions: `$0` in its `with:` is the execution's input, the trigger's name reads it too (as
/// in an action's plain `work:`), and its inner element types `<action>.elements`.
extension DataflowPass {
    /// What an execution carries: the trigger's value when it has one, else the action's declared
    /// input; nil when the trigger's type is unknown (reported where it was declared).
    mutating func executionInput(_ work: PendingActionWork) -> (type: SpecType, bound: (name: String, type: SpecType)?)? {
        guard let trigger = work.trigger, !trigger.value.isEmpty else { return (work.input, nil) }
        guard !cx.poisoned.contains(trigger.value), let symbol = cx.symbols[trigger.value] else {
            // An unknown trigger is reported by the actions pass; the work stays unchecked.
            return nil
        }
        // A trigger with a current value is refused by the actions pass; an event carries `Void`.
        let type = symbol.hasCurrentValue ? work.input : symbol.type
        cx.edges[symbol.node].append(work.run)
        return (type, (trigger.value, type))
    }

    /// `<action>.elements` takes the work's inner element as its type.
    mutating func typeElements(_ work: PendingActionWork, _ element: SpecType) {
        let name = cx.nodes[work.elements].name
        cx.nodes[work.elements].type = element
        cx.symbols[name]?.type = element
        cx.poisoned.remove(name)
    }
}
