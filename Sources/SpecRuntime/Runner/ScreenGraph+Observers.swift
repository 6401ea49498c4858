@_spi(Engine) import SpecProgram

/// Observers a scenario subscribes and disposes at given times (`subscribe: { late: results }`,
/// `dispose: late`), as RxTest's observers that `scheduler.scheduleAt` subscribes late and
/// disposes: the timeline shows what a late subscriber to a name hears, under the observer's
/// name. A name gives a new observer what a late observer of it gets (the table of "Subjects,
/// sharing and late observers" in docs/spec-language.md): the end, at once, of a name that
/// ended; else the current value of a name that has one; then each emission and the end, until
/// the observer is disposed. An output whose last operator is `share: { replay: N, scope: S }`
/// gives instead its last N elements since it was connected (it is while an observer is
/// subscribed; `forever` keeps them, and its end, after the last one is disposed), as RxSwift's
/// `share(replay:scope:)`. Observers only watch: the screen does what it does without them.
extension ScreenGraph {
    /// A `share` operator's replay, kept while the output is connected (or for ever).
    struct ShareReplay {
        let replay: Int
        let forever: Bool
        var buffer: [Value] = []
    }

    /// Subscribes `observer` to `node` now, recording what it hears at once.
    func subscribe(_ observer: String, to node: Int, record: (Timeline.Entry) -> Void) {
        if shared[node] == nil, let plan = sharePlan(of: node) { shared[node] = plan }
        observers.append((observer, node))
        if let share = shared[node] {
            for value in share.buffer { record(.emission(time: clock.now, name: observer, value: value)) }
            if let end = ends[node] { record(.end(time: clock.now, name: observer, end: end)) }
        } else if let end = ends[node] {
            record(.end(time: clock.now, name: observer, end: end))
        } else if spec.nodes[node].hasCurrentValue, !isValueless(node) {
            record(.emission(time: clock.now, name: observer, value: context.values[node]))
        }
    }

    /// Disposes `observer`'s subscription: nothing reaches it after. The last observer of a
    /// `whileConnected` share disconnects it, which forgets its replay.
    func dispose(_ observer: String) {
        guard let index = observers.firstIndex(where: { $0.name == observer }) else { return }
        let node = observers.remove(at: index).node
        if shared[node]?.forever == false, !observers.contains(where: { $0.node == node }) { shared[node]?.buffer = [] }
    }

    /// Hands `entry`, an emission or end of `node` written with no name, to each observer of
    /// `node`, under the observer's name; a connected share keeps the element for its replay,
    /// and a `whileConnected` one forgets its replay at the end.
    func observe(_ node: Int, _ entry: Timeline.Entry) {
        guard observers.contains(where: { $0.node == node }) else { return }
        if var share = shared[node] {
            switch entry {
            case .emission(_, _, let value):
                share.buffer.append(value)
                if share.buffer.count > share.replay { share.buffer.removeFirst(share.buffer.count - share.replay) }
            case .end where !share.forever:
                share.buffer = []
            default:
                break
            }
            shared[node] = share
        }
        guard let heard = hooks.observed else { return }
        for observer in observers where observer.node == node {
            switch entry {
            case .emission(let time, _, let value): heard(.emission(time: time, name: observer.name, value: value))
            case .end(let time, _, let end): heard(.end(time: time, name: observer.name, end: end))
            case .step, .failure, .runtimeError, .cancel, .call: break
            }
        }
    }

    /// The replay of a stream output whose last operator is a `share`, nil for any other node.
    private func sharePlan(of node: Int) -> ShareReplay? {
        guard let stream = spec.streams.first(where: { $0.output == node }), let last = stream.operators.last,
              OperatorCatalog.entry(named: last.name)?.typing == .shares else { return nil }
        return ShareReplay(replay: max(0, last.arguments.count ?? 0), forever: last.arguments.choice == "forever")
    }
}
