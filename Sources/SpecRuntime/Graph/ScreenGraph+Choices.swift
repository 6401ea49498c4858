@_spi(Engine) import SpecProgram

/// An index control's titles given by an expression (``ComponentPlan/Choices``): a `[String]`
/// cell a binding writes, and the index it bounds, which ranks after it.
///
/// When the titles change, the index moves as UIKit moves it, firing nothing (UIKit sends no
/// `.valueChanged` for a change made in code, so a two-way bound property keeps what it had): a
/// picker view, reloaded by `rx.itemTitles`, keeps its selected row clamped into the new rows (-1
/// when it has none, as `selectedRow(inComponent:)` answers); a segmented control, whose segments
/// are removed (`removeAllSegments()`) and inserted again, has no segment selected (-1,
/// `noSegment`). An index a binding writes in the same transaction is applied after the titles.
/// A binding's index outside the titles in force is a binding error, the index left as it was
/// (moved into the titles); a person's pick outside them is a runtime error of the step.
extension ScreenGraph {
    /// Commits the pending write of a titles' cell (then settles the index, later in the
    /// transaction) or of the index (checked against the titles as they now are).
    func commitChoices(_ node: Int) {
        let byBinding = handlerWrote[node]
        if byBinding { keepPrior(node) }
        _ = pendingAppend.take(node)
        guard let written = pendingWrite.take(node), let choices = spec.components[boundedBy[node]].choices else { return }
        guard node == choices.value else {
            guard written != context.values[node] else { return }
            changed(node, written)
            if pendingWrite[choices.value] == nil {
                guard case .int(let index) = context.values[choices.value] else { return }
                pendingWrite[choices.value] = .int(choices.moved(index, count: count(of: choices)))
            }
            enqueue(choices.value)
            return
        }
        guard case .int(var index) = written else { return }
        let count = count(of: choices)
        if !choices.allows(index, count: count) {
            if byBinding {
                let range = spec.nodes[node].range
                report("\(range.file):\(range.start): '\(spec.nodes[node].name)' cannot take \(written); \(Self.choicesText(choices, count: count))")
            }
            guard case .int(let current) = context.values[node] else { return }
            index = choices.allows(current, count: count) ? current : choices.moved(current, count: count)
        }
        let value = Value.int(index)
        if value != context.values[node] { changed(node, value) }
    }

    /// At start, after the bindings applied their sources' values: each index moved as the
    /// titles the bindings wrote move it, one a binding wrote outside them reported (`written`
    /// holds what bindings wrote).
    func startChoices(_ written: Set<Int>) {
        for component in spec.components {
            guard let choices = component.choices, case .int(let index) = context.values[choices.value] else { continue }
            let count = count(of: choices)
            if written.contains(choices.value) {
                guard !choices.allows(index, count: count) else { continue }
                let range = spec.nodes[choices.value].range
                report("\(range.file):\(range.start): '\(spec.nodes[choices.value].name)' cannot take \(Value.int(index)); \(Self.choicesText(choices, count: count))")
            }
            // Titles given at start replace the control's parts as they do later.
            let moved = written.contains(choices.titles) || !choices.allows(index, count: count) ? choices.moved(index, count: count) : index
            context.values[choices.value] = .int(moved)
        }
    }

    /// Why a person cannot pick `value` on `component` with the titles in force now, or nil.
    func outOfChoices(_ value: Value, _ choices: ComponentPlan.Choices, of component: ComponentPlan, verb: String) -> String? {
        guard case .int(let index) = value else { return nil }
        let count = count(of: choices)
        guard index < 0 || index >= count else { return nil }
        let what = choices.keepsSelection ? "row" : "segment"
        return "a person cannot \(verb) \(what) \(index) of '\(component.name)'; it has \(count) \(what)\(count == 1 ? "" : "s") now"
    }

    /// How many titles the control has now.
    private func count(of choices: ComponentPlan.Choices) -> Int {
        if case .list(let titles) = context.values[choices.titles] { titles.count } else { 0 }
    }

    private static func choicesText(_ choices: ComponentPlan.Choices, count: Int) -> String {
        let what = choices.keepsSelection ? "row" : "segment"
        return count == 0 ? "it takes -1 now (no \(what)s)" : "it takes \(choices.keepsSelection ? 0 : -1)...\(count - 1) now"
    }
}
