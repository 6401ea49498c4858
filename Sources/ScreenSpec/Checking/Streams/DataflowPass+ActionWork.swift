import SpecRuntime

/// An action's work written as a stream, typed as a stream output whose source is the action's
/// executions, as a plain call's `with:` is typed: `$0` is the action's input (`input:`; without
/// one, reading it is an error that says how to declare it), the trigger's name reads the value the
/// trigger carried, in `with:` and in `ops:` (inside `ops:`, `$0` is the inner stream's element),
/// and the work's inner element types `<action>.elements`.
extension DataflowPass {
    /// What an execution carries (the value its pipeline element is) and the name it is read by;
    /// nil when the trigger's type is unknown (reported where it was declared, or as a cycle).
    mutating func executionInput(_ work: PendingActionWork) -> (type: SpecType, bound: (name: String, type: SpecType))? {
        // Without a trigger, no name reads it: `$0` alone does (the `Action`'s `execute(input)`).
        guard let trigger = work.trigger, !trigger.value.isEmpty else { return (work.input, ("", work.input)) }
        guard let symbol = cx.symbols[trigger.value] else { return nil }
        // Kept even when the trigger failed to check, so that a cycle through it (a trigger that
        // merges the action's own elements) is found and reported.
        cx.edges[symbol.node].append(work.run)
        // An unknown or failed trigger is reported by the actions pass or where it failed.
        guard !cx.poisoned.contains(trigger.value) else { return nil }
        // A trigger with a current value is refused by the actions pass; an event carries `Void`.
        let carried = symbol.hasCurrentValue ? work.input : symbol.type
        return (work.input != .void ? work.input : carried, (trigger.value, carried))
    }

    /// `<action>.elements` takes the work's inner element as its type.
    mutating func typeElements(_ work: PendingActionWork, _ element: SpecType) {
        let name = cx.nodes[work.elements].name
        cx.nodes[work.elements].type = element
        cx.symbols[name]?.type = element
        cx.poisoned.remove(name)
    }
}
