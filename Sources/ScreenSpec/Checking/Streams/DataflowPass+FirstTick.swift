import SpecRuntime

/// `minute: { interval: 1m, initial: 0 }`: a stream output with `initial:` passes changes only
/// (`startWith(0).distinctUntilChanged()`), and an interval's first element is 0, so the first
/// tick emits nothing and a handler on it never hears it, where RxSwift's
/// `interval(…).startWith(0)` sends 0 twice. A warning says so, with the fixes.
extension DataflowPass {
    mutating func warnOfSwallowedFirstTick(_ decl: StreamDecl, node: Int) {
        guard let timer = decl.timer, decl.operators.isEmpty, case .state(initial: .int(0)) = cx.nodes[node].kind,
              let initial = decl.initial else { return }
        let name = cx.nodes[node].name
        let source = timer.period == nil || timer.dueTime.value != timer.period?.value ? "timer" : "interval"
        cx.diagnostics.append(Diagnostic(
            .warning, id: .firstTickSwallowed,
            "'\(name)' starts at 0 and its \(source)'s first element is 0: it emits nothing at the first tick",
            at: initial.range,
            notes: [DiagnosticNote("a stream output with 'initial:' passes changes only, as 'startWith(0).distinctUntilChanged()' would")],
            fixIt: "start it at -1, or count the ticks from 1 with 'ops: [ { map: $0 + 1 } ]'; to compute an output again at each tick, give it 'every:'"))
    }
}
