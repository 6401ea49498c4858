@_spi(Engine) import SpecProgram

/// Feedback: a handler writing what a stream samples.
///
/// A stream samples a node when it reads the node's latest value as an element passes
/// (`withLatestFrom`, a node read inside an operator's expression) rather than reacting to it.
/// When a handler writes a sampled node during a transaction, every sampling read in the rest of
/// that transaction sees the value the node had before the write — the value when the gesture (or
/// answer, or timer) happened — and the write propagates after, as a subscriber's `accept` does
/// in RxSwift (`send.withLatestFrom(draft).do(onNext: { _ in draft.accept("") })` sends what was
/// typed). Derived outputs still see every write at once: they are values, not samples.
extension ScreenGraph {
    /// Before a handler's write to `node` is applied: keeps the value it replaces, once per
    /// transaction, when some stream samples it.
    @inline(__always)
    func keepPrior(_ node: Int) {
        handlerWrote[node] = false
        guard isSampled[node], !priors.contains(where: { $0.node == node }) else { return }
        priors.append((node, context.values[node]))
    }

    /// Runs pipeline `p` with the nodes it samples showing their values from before this
    /// transaction's handler writes, then puts the current values back.
    @inline(__always)
    func processSampling(_ p: Int) -> [StreamEvent] {
        guard !priors.isEmpty else { return pipelines[p].process() }
        return withPriors(of: p) { pipelines[p].process() }
    }

    @inline(never)
    private func withPriors<T>(of p: Int, _ body: () -> T) -> T {
        var swapped: [(node: Int, value: Value)] = []
        for prior in priors where samples[p].contains(prior.node) {
            swapped.append((prior.node, context.values[prior.node]))
            context.values[prior.node] = prior.value
        }
        defer { for s in swapped { context.values[s.node] = s.value } }
        return body()
    }

    /// Pipeline output `output` has work from `source`: it runs in this transaction, or, when the
    /// source comes after it in rank, in one of its own after it (see ``deliverLater()``).
    @inline(__always)
    func feed(_ output: Int, from source: Int) {
        if rank[source] < rank[output] {
            enqueue(output)
        } else if !laterOutputs.contains(output) {
            laterOutputs.append(output)
        }
    }

    /// Feedback through a request: a stream whose request answers only later (`ticks: { stream:
    /// running, ops: [ { flatMapLatest: { if: $0, then: { interval: 100ms }, else: { empty } } } ]
    /// }`, a handler on `ticks` setting `running`) comes before its source in rank, which the
    /// checker and `ProgramValidator` allow only for such a stream (StreamPlan+Feedback.swift).
    /// The change its handler wrote reached it during the transaction; it runs now, after that
    /// transaction, in one of its own at the same instant, as RxSwift's `flatMapLatest` switches
    /// inside the `accept`: the next tick of a disposed `interval` never comes, and a fresh one
    /// ticks a period after the switch. Its request emits nothing in this instant, so these
    /// transactions end.
    @inline(never)
    func deliverLater() {
        while !laterOutputs.isEmpty {
            for output in laterOutputs { enqueue(output) }
            laterOutputs.removeAll(keepingCapacity: true)
            drainQueue()
        }
    }
}
