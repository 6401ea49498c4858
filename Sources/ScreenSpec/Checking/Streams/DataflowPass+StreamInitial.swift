import SpecRuntime

/// A stream output's `initial:`, read as a state's is (see ``InitialReading``): a value of its
/// element type (`contacts: { stream: results, initial: [] }`), or an expression over the screen's
/// parameters and literals (`initial: 'Check(name: saved, ok: true)'`), computed once when the
/// screen starts, as `BehaviorRelay(value: Check(name: profile.username, ok: true))` is in
/// RxSwift, then replaced by each element (see ``StateInitialPlan``).
extension DataflowPass {
    /// Gives stream output `node`, whose elements are `element`s, the first value `decl.initial`
    /// writes: its node's kind, and a ``StateInitialPlan`` when it reads the parameters. False
    /// when it cannot be read (reported).
    mutating func declareStreamInitial(_ decl: StreamDecl, node: Int, _ element: SpecType) -> Bool {
        guard let initialNode = decl.initial else { return true }
        let value = FirstValue(key: "initial", node: initialNode, expression: decl.initialExpression)
        let values = ValueReader(table: cx.table)
        let reading = InitialReading.of(value, element, readable: Set(spec.params.map(\.name.value)),
                                        declared: { spec.declaredKind(of: $0) != nil },
                                        readsAsValue: {
                                            var quiet = cx.diagnostics.scratch
                                            return values.read(initialNode, as: element, diagnostics: &quiet) != nil
                                        },
                                        didYouMean: { cx.diagnostics.didYouMean($0, in: $1) })
        switch reading {
        case .value:
            guard let initial = values.read(initialNode, as: element, diagnostics: &cx.diagnostics) else { return false }
            cx.nodes[node].kind = .state(initial: initial)
        case .expression(let expr):
            guard let plan = InitialReading.check(expr, of: value, node: node, element, spec: spec, owner: "a stream output's",
                                                  follow: "start its stream with '- startWith: …', or make it a derived output", cx: &cx)
            else { return false }
            cx.nodes[node].kind = .state(initial: .none)
            out.stateInitials.append(plan)
        case .misspelt(let name, let range, let suggestion):
            InitialReading.reportMisspelt(name, range, suggestion, of: value, element, reading: "the screen's parameters", into: &cx.diagnostics)
            return false
        }
        return true
    }
}
