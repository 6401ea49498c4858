import Foundation
import ScreenSpec
import SpecRuntime

/// Many requests pending at once (issue 20 item 3): `requests` elements sent at time 0, each
/// calling a service that answers 1 s later through `flatMap` (every answer lands) and
/// `concatMap` (one after the other: the rest wait in its queue). All `flatMap` answers share
/// one time, so the clock holds `requests` timers due together. The cost per request must not
/// grow with how many are pending.
public enum ManyRequestsWorkload {
    public static let latency = 1_000

    public static let spec = """
        screen: ManyRequests
        inputs:
          go: Int
        services:
          api.echo: { returns: Int, params: { n: Int }, latency: 1s, result: 1 }
        outputs:
          all:     { stream: go, ops: [ { flatMap: { call: api.echo, with: { n: $0 } } } ] }
          inOrder: { stream: go, ops: [ { concatMap: { call: api.echo, with: { n: $0 } } } ] }
        """

    /// Sends `requests` elements at once and waits until every `flatMap` answer landed (and the
    /// first `concatMap` one); returns the emissions of `all`.
    public static func run(_ spec: CheckedSpec, requests: Int) -> Int {
        guard let go = spec.input(named: "go"), let all = spec.handle(named: "all") else {
            preconditionFailure("the many-requests spec has no 'go' or 'all'")
        }
        let graph = ScreenGraph(spec: spec)
        final class Counter { var count = 0 }
        let counter = Counter()
        graph.onEmit = { if $0.source == all { counter.count += 1 } }
        graph.start()
        for k in 0..<requests { graph.send(go, .int(k)) }
        do { try graph.advance(by: latency) } catch { preconditionFailure("the clock stopped: \(error)") }
        precondition(counter.count == requests, "\(counter.count) of \(requests) answers landed")
        return counter.count
    }
}
