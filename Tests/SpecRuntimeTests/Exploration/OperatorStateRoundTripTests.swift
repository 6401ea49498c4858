import ScreenSpec
import SpecExploration
@testable import SpecRuntime
import SpecTesting
import Testing

/// Every operator's state saved mid-run and restored into another graph of the same program
/// continues exactly as the graph that never stopped: the same emissions, ends and cancellations,
/// at the same times, and the same digest at the cut. A state that left out something an operator
/// keeps (a count, an accumulator, a pending element or its timer, an inner stream) would diverge.
@Suite struct OperatorStateRoundTripTests {
    /// One pipeline per operator of the catalogue (some twice, in a request's inner stream).
    static let cases: [(name: String, ops: String)] = [
        ("map", "- map: \"$0 * 2\""),
        ("filter", "- filter: \"$0 > 2\""),
        ("distinctUntilChanged", "- distinctUntilChanged"),
        ("startWith", "- startWith: \"0\""),
        ("skip", "- skip: 2"),
        ("take", "- take: 3"),
        ("scan", "- scan: { seed: \"0\", accumulator: \"$0 + $1\" }"),
        ("merge", "- merge: [ys]"),
        ("combineLatest", "- combineLatest: { with: ys, combine: \"$0 + $1\" }"),
        ("withLatestFrom", "- withLatestFrom: ys"),
        ("sample", "- sample: ys"),
        ("flatMapLatest", "- flatMapLatest: { call: api.tenfold, with: { n: $0 } }"),
        ("flatMap", "- flatMap: { call: api.tenfold, with: { n: $0 }, ops: [ { delay: 4ms }, { scan: { seed: \"0\", accumulator: \"$0 + $1\" } } ] }"),
        ("concatMap", "- concatMap: { call: api.tenfold, with: { n: $0 } }"),
        ("flatMapFirst", "- flatMapFirst: { call: api.tenfold, with: { n: $0 }, ops: [ { delay: 4ms } ] }"),
        ("switchLatest", "- map: \"$0 % 2\"\n- switchLatest: [ys, zs]"),
        ("concat", "- concat: ys"),
        ("debounce", "- debounce: 8ms"),
        ("throttle", "- throttle: 12ms"),
        ("delay", "- delay: 7ms"),
        ("catch", "- catch: \"-1\""),
        ("catchAndReturn", "- catchAndReturn: \"-1\""),
        ("takeUntil", "- takeUntil: zs"),
        ("retry", "- flatMap: { call: api.tenfold, with: { n: $0 }, ops: [ { timeout: 10ms }, { retry: 2 } ] }"),
        ("takeWhile", "- takeWhile: \"$0 < 5\""),
        ("skipWhile", "- skipWhile: \"$0 < 3\""),
        ("skipUntil", "- skipUntil: ys"),
        ("takeLast", "- takeLast: 2"),
        ("elementAt", "- elementAt: 3"),
        ("ignoreElements", "- ignoreElements"),
        ("enumerated", "- enumerated\n- map: \"$0.index * 100 + $0.element\""),
        ("compactMap", "- compactMap: \"$0 > 2 ? $0 : nil\""),
        ("reduce", "- reduce: { seed: \"0\", accumulator: \"$0 + $1\" }"),
        ("zip", "- zip: { with: ys, combine: \"$0 + $1\" }"),
        ("timeout", "- timeout: 25ms"),
        ("buffer", "- buffer: { timeSpan: 18ms, count: 2 }"),
        ("observeOn", "- observeOn\n- scan: { seed: \"0\", accumulator: \"$0 + $1\" }"),
        ("distinctUntilChanged by", "- distinctUntilChanged: { by: \"$0 % 2 == $1 % 2\" }"),
        ("retry when delay", "- flatMap: { call: api.tenfold, with: { n: $0 }, ops: [ { timeout: 10ms }, { retry: { max: 3, when: \"$0 == .timeout\", delay: 5ms } } ] }"),
        // A share keeps nothing in its pipeline: what its late observers get is a scenario's.
        ("share", "- map: \"$0 * 2\"\n- share: { replay: 1, scope: forever }"),
        // Inner streams that are not calls (issue 39): a timer's next tick is on the clock; a
        // choice's branch is kept per running and per waiting inner stream.
        ("inner interval", "- flatMapLatest: { interval: 6ms, ops: [ { take: 4 } ] }"),
        ("inner choice", "- concatMap: { if: \"$0 % 2 == 0\", then: { timer: 9ms }, else: { call: api.tenfold, with: { n: $0 } } }"),
        ("inner first timer or call", "- flatMapFirst: { if: \"$0 % 2 == 0\", then: { timer: 9ms }, else: { call: api.tenfold, with: { n: $0 } } }"),
        // A request nested in an inner stream's `ops:`: its inner streams, their timers (one
        // level down) and its own operators' state, kept with the outer inner stream's.
        ("nested request", "- flatMapLatest: { interval: 6ms, ops: [ { flatMapFirst: { call: api.tenfold, with: { n: \"$0 % 4 + 2\" }, ops: [ { delay: 4ms } ] } } ] }"),
        ("inner never or just", "- flatMapLatest: { if: \"$0 > 3\", then: never, else: { just: \"$0\" } }"),
        // A nested choice's third branch is kept as the first two are.
        ("inner nested choice", "- concatMap: { if: \"$0 % 2 == 0\", then: { timer: 9ms }, else: { if: \"$0 > 2\", then: { call: api.tenfold, with: { n: $0 } }, "
            + "else: { timer: 4ms, ops: [ { map: \"$0 - 1\" } ] } } }"),
    ]

    /// What the inputs do, at absolute times: `xs` elements (repeats, for `distinctUntilChanged`),
    /// `ys` and `zs` elements, then `xs` completes.
    static let script: [(time: Int, input: String, value: Int?)] = [
        (5, "xs", 2), (9, "ys", 10), (14, "xs", 3), (16, "xs", 3), (21, "zs", 7), (24, "ys", 20), (30, "xs", 5),
        (33, "xs", 1), (41, "ys", 30), (47, "xs", 2), (52, "xs", 4), (70, "xs", nil),
    ]

    static let services = """
        services:
          api.tenfold:
            returns: Int
            params: { n: Int }
            latency: 15ms
            cases:
              - { when: { n: 2 }, value: 20 }
              - { when: { n: 3 }, value: 30, latency: 4ms }
              - { when: { n: 5 }, fail: http(500) }
            result: 0
        """

    static func yaml(_ ops: String) -> String {
        """
        screen: T
        inputs:
          xs: Int
          ys: Int
          zs: Int
        outputs:
          res:
            stream: xs
            ops:
        \(ops.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
        \(services)
        """
    }

    /// A graph of `program` recording what `res` does, as "time what".
    final class Run {
        let graph: ScreenGraph
        var log: [String] = []

        init(_ program: ScreenProgram) {
            graph = ScreenGraph(program: program)
            let spec = program.spec
            let res = spec.node(named: "res")!
            graph.onEmit = { [unowned self] e in if e.node == res { log.append("\(e.time) \(ValueFormatter.text(e.value))") } }
            graph.hooks.end = { [unowned self] time, node, end in if node == res { log.append("\(time) end \(end)") } }
            graph.hooks.cancel = { [unowned self] time, _, call in log.append("\(time) cancel \(call)") }
            graph.hooks.runtimeError = { [unowned self] time, message in log.append("\(time) runtime \(message)") }
        }

        /// Plays the script's steps `range`, then waits until 120 ms when `range` reaches the end.
        func play(_ range: Range<Int>) throws {
            let spec = graph.spec
            for k in range {
                let step = OperatorStateRoundTripTests.script[k]
                try graph.advance(by: step.time - graph.clock.now)
                let node = spec.node(named: step.input)!
                if let value = step.value { graph.send(node, .int(value)) } else { graph.end(node, .completed) }
            }
            if range.upperBound == OperatorStateRoundTripTests.script.count { try graph.advance(by: 120 - graph.clock.now) }
        }
    }

    @Test(arguments: cases.map(\.name))
    func aStateRestoredIntoAnotherGraphContinuesAsTheOriginal(_ name: String) throws {
        let ops = try #require(Self.cases.first { $0.name == name }).ops
        let program = ScreenProgram(try Fixtures.checked(Self.yaml(ops)))
        let whole = Run(program)
        whole.graph.start()
        try whole.play(0..<Self.script.count)
        #expect(!whole.log.isEmpty, "the script makes '\(name)' do something")
        for cut in 0...Self.script.count {
            let first = Run(program)
            first.graph.start()
            try first.play(0..<cut)
            let saved = first.graph.state
            let digest = GraphDigest(first.graph).stateDigest()
            // Another graph, started and moved on (so that everything it holds must be replaced).
            let second = Run(program)
            second.graph.start()
            try second.play(0..<min(3, Self.script.count))
            second.graph.state = saved
            #expect(GraphDigest(second.graph).stateDigest() == digest, "'\(name)' cut after step \(cut): the digest differs after the restore")
            second.log = first.log
            try second.play(cut..<Self.script.count)
            #expect(second.log == whole.log, "'\(name)' cut after step \(cut)")
        }
    }

    /// So that a new operator is added above, and so round-tripped: `navigate` only turns
    /// elements into requests to open a screen and is tested with navigation.
    @Test func everyOperatorOfTheCatalogueIsRoundTripped() {
        let covered = Set(Self.cases.flatMap { c in OperatorCatalog.names.filter { c.ops.contains("\($0):") || c.ops.contains("- \($0)") } })
        let missing = OperatorCatalog.names.filter { !covered.contains($0) && $0 != "navigate" }
        #expect(missing.isEmpty, "not round-tripped: \(missing)")
    }
}
