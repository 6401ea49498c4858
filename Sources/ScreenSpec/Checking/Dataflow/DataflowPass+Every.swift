import SpecRuntime

/// `every: 1m` on a derived output (`lastSyncedText: { value: '…', every: 1m }`): the output also
/// reads its hidden interval (DeclarationsPass.swift, `declareTick`), so it is computed again at
/// each tick and reads the time of that tick's transaction, as RxSwift's
/// `Observable.combineLatest(lastSynced, Observable<Int>.interval(.seconds(60), …).startWith(0)) { last, _ in … }`
/// would. Equal values print nothing, as for any output.
extension DataflowPass {
    mutating func recomputeEvery(_ index: Int, _ value: TypedExpr, tick: Int, reads: [Int]) {
        cx.edges[tick].append(index)
        cx.nodes[index].kind = .derived(.call(.recomputedEvery, [.node(tick), value]))
        guard !value.readsClock else { return }
        // Recomputing what does not read the clock gives the same value at every tick. An output
        // it reads that reads `now` is not computed again by these ticks (unless it has its own).
        let name = cx.nodes[index].name
        let clocked = reads.filter { r in
            guard case .derived(let e) = cx.nodes[r].kind else { return false }
            if case .call(.recomputedEvery, _) = e { return false }
            return e.readsClock
        }.map { cx.nodes[$0].name }
        let notes = clocked.isEmpty
            ? [DiagnosticNote("a tick computes an output again so that it reads the new 'now'")]
            : clocked.map { DiagnosticNote("'\($0)' reads 'now' and is not computed again at these ticks: give it the 'every:'") }
        cx.diagnostics.append(Diagnostic(
            .warning, id: .everyWithoutClock,
            "'\(name)' is computed again at each tick of its 'every:' but reads no 'now': each tick gives the same value",
            at: cx.nodes[tick].range, notes: notes,
            fixIt: clocked.isEmpty ? "read 'now' in the value, or remove 'every:'" : "move 'every:' to '\(clocked[0])'"))
    }
}
