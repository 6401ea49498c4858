@_spi(Engine) import SpecProgram

/// A one-way binding into a component property the person can change (a stepper's `value`, a
/// switch's `isOn`, a text field's `text`), as ``ScreenGraph/reapplyBindings(over:)`` re-applies
/// it after the person changed the control.
package struct Rebinding: Sendable {
    /// The binding's handler, and the node it runs on (the bound value).
    package var handler: Int
    package var source: Int
    /// The input properties, state and params the bound value is computed from, through derived
    /// values: a write to one of them in the person's transaction is an `accept` that reaches the
    /// binding in RxSwift, even when the bound value comes out equal.
    package var upstream: [Int]
}

extension ScreenProgram {
    /// Per node, whether a write of the value it holds still emits: an input property (a
    /// `BehaviorRelay`), and a component property bound to a stream (a signal's `emit(to:)`
    /// delivers every element to its `Binder`, a repeated one and `()` included). A component
    /// property bound to a value keeps the "when it changes" rule: the value emits only then.
    static func acceptingEqual(_ spec: CheckedSpec) -> [Bool] {
        var accepts = spec.nodes.map { if case .property = $0.kind { true } else { false } }
        // A binding's source has a current value when it starts with one (`startValue`): a value,
        // or a property the person changes (a `ControlProperty`, which the person changes only to
        // a new value); the others are streams.
        for handler in spec.handlers where !(handler.startValue.map { spec.nodes[$0].hasCurrentValue } ?? false) {
            for target in handler.targets {
                if case .component = spec.nodes[target].role { accepts[target] = true }
            }
        }
        return accepts
    }

    /// Per component property, the bindings of a value into it (see ``Rebinding``); empty for
    /// other nodes. `reads` are the nodes each derived node reads.
    static func rebindings(_ spec: CheckedSpec, reads: NodeLists<Int>) -> NodeLists<Rebinding> {
        var table: [(list: Int, item: Rebinding)] = []
        for (h, handler) in spec.handlers.enumerated() where spec.nodes[handler.on].hasCurrentValue {
            var upstream: [Int]?
            for target in handler.targets {
                guard case .component = spec.nodes[target].role, case .state = spec.nodes[target].kind else { continue }
                if upstream == nil { upstream = sources(of: handler.on, spec, reads) }
                table.append((target, Rebinding(handler: h, source: handler.on, upstream: upstream ?? [])))
            }
        }
        return NodeLists(count: spec.nodes.count, entries: table)
    }

    /// The input properties, state and params `node` is computed from through derived values
    /// (`node` itself when it is one).
    private static func sources(of node: Int, _ spec: CheckedSpec, _ reads: NodeLists<Int>) -> [Int] {
        var found: [Int] = []
        var seen: Set<Int> = [node]
        var stack = [node]
        while let n = stack.popLast() {
            switch spec.nodes[n].kind {
            case .property, .state, .param: found.append(n)
            case .derived:
                for r in reads[n] where seen.insert(r).inserted { stack.append(r) }
            default: break
            }
        }
        return found.sorted()
    }
}
