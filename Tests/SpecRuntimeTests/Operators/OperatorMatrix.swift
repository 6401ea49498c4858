import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

// The scenario matrix every operator's test file replays, as RxSwift's `Observable+*Tests.swift`
// replay theirs (one RxTest tick is one millisecond; the graph subscribes at 200).
//
// - Each file `Operators/<Operator>Tests.swift` holds one suite conforming to `OperatorTests`. It
//   plays the six rows of `MatrixSource.all` as the hot input `xs` through the operator and
//   writes down the timeline RxSwift gives for each, one `@Test` a row, named as the row:
//   `never`, `empty`, `elements`, `elementsThenError`, `disposedEarly`, `errorAtOnce`, e.g.
//   `#expect(try play("- map: \"$0 * 2\"", .elements) == [next(210, 4), …, completed(300)])`.
//   The source: 1 at 150 (before the subscription, never seen), 2, 3, 3, 5 at 210, 220, 230,
//   240, the end at 300. (Name no test `error` or `completed`: it would hide the helpers.)
// - An operator over other streams takes their timelines, fixed for the file:
//   `play(ops, .elements, with: ["ys": hot([(215, 10)], completed: 250)])`; `types:` gives an
//   input another type than Int; `extra:` appends sections (services) to the spec.
// - Then come the operator's own cases, each citing the RxSwift test it replays, written with
//   `record(_:inputs:)` (any spec, several inputs, cancellations of inner streams) and `spec(_:)`.
// - Inner streams (requests) use the services here: `tenfold` for the matrix, `innerStreams` for
//   RxSwift's `Observable+SwitchTests` inner observables.

/// RxTest's `testError`: here `http(500)`.
let testError = ErrorValue(.http, status: 500)

/// The failure `testError` at `time`, as RxTest's `.error(time, testError)`.
func error(_ time: Int) -> Recorded { .error(time, testError) }

/// RxTest's `createHotObservable` entries: Int elements, then a completion or a failure.
func hot(_ items: [(Int, Int)], completed: Int? = nil, error: Int? = nil) -> [Recorded] {
    items.map { next($0.0, $0.1) } + (completed.map { [.completed($0)] } ?? []) + (error.map { [.error($0, testError)] } ?? [])
}

/// One row of the matrix: the hot timeline of `xs`, and when the subscription is disposed.
struct MatrixSource: Sendable, CustomTestStringConvertible {
    var name: String
    var events: [Recorded]
    /// RxTest's `start(disposed:)`: nothing at or after this time is recorded.
    var disposed = 1000
    var testDescription: String { name }

    /// One element before the subscription, which the subscriber never sees, then nothing: `_Never`.
    static let never = MatrixSource(name: "never", events: hot([(150, 1)]))
    /// Completed without an element after the subscription: `_Empty`.
    static let empty = MatrixSource(name: "empty", events: hot([(150, 1)], completed: 300))
    /// Four elements, the third repeating the second, then completed: `_Simple`, `_Range`.
    static let elements = MatrixSource(name: "elements", events: hot([(150, 1), (210, 2), (220, 3), (230, 3), (240, 5)], completed: 300))
    /// The same elements, then `testError`: `_Error`.
    static let elementsThenError = MatrixSource(name: "elements then error", events: hot([(150, 1), (210, 2), (220, 3), (230, 3), (240, 5)], error: 300))
    /// The same elements with the error, disposed at 290 before it: `_Dispose`.
    static let disposedEarly = MatrixSource(name: "disposed early", events: MatrixSource.elementsThenError.events, disposed: 290)
    /// `testError` first thing after the subscription: `_Throw`.
    static let errorAtOnce = MatrixSource(name: "error at once", events: hot([(150, 1)], error: 210))

    /// Every row, in the order above.
    static let all: [MatrixSource] = [.never, .empty, .elements, .elementsThenError, .disposedEarly, .errorAtOnce]
}

/// What a played spec recorded: the output's events, and its inner streams' cancellations as
/// "time call".
struct Played {
    var events: [Recorded]
    var cancellations: [String]
}

/// The suites of `Operators/`: `play`, `record` and `spec` as members, so that no other test
/// file's own helpers of those names clash with them.
protocol OperatorTests {}

extension OperatorTests {
    /// A spec with inputs `xs`, `ys` and `zs` (Int unless `types` says otherwise) and the stream
    /// output `res` over `source` through `ops` (YAML list items, one a line), then `extra`.
    func spec(_ ops: String, source: String = "stream: xs", types: [String: String] = [:], extra: String = "") -> String {
        """
        screen: T
        inputs:
          xs: \(types["xs"] ?? "Int")
          ys: \(types["ys"] ?? "Int")
          zs: \(types["zs"] ?? "Int")
        outputs:
          res:
            \(source)
            ops:
        \(ops.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
        \(extra)
        """
    }

    /// Plays RxTest's `scheduler.start`: the graph subscribes at 200, each input's hot events
    /// after 200 are sent (those before never are; at equal times the input first in `order`
    /// goes first), and recording stops just before `disposed`.
    func record(_ yaml: String, output: String = "res", inputs: [String: [Recorded]] = [:], order: [String] = ["xs", "ys", "zs"],
                disposed: Int = 1000, sourceLocation: SourceLocation = #_sourceLocation) throws -> Played {
        let recorder = try TimelineRecorder(yaml, subscribedAt: 200, sourceLocation: sourceLocation)
        _ = try recorder.node(output, sourceLocation: sourceLocation)
        for name in order + inputs.keys.filter({ !order.contains($0) }).sorted() {
            guard let items = inputs[name] else { continue }
            try recorder.hot(name, items, sourceLocation: sourceLocation)
        }
        // RxTest disposes the subscription at `disposed`, before anything else due then.
        try recorder.wait(disposed - 1 - 200)
        #expect(recorder.errors.isEmpty, "\(recorder.errors)", sourceLocation: sourceLocation)
        return Played(events: recorder.recorded(output), cancellations: recorder.cancellations(output))
    }

    /// Plays `ops` over the row `source` as `xs`, with the other inputs' timelines `others`, and
    /// returns the events of `output`.
    func play(_ ops: String, _ source: MatrixSource, with others: [String: [Recorded]] = [:], types: [String: String] = [:],
              extra: String = "", output: String = "res", sourceLocation: SourceLocation = #_sourceLocation) throws -> [Recorded] {
        var inputs = others
        inputs["xs"] = source.events
        return try record(spec(ops, types: types, extra: extra), output: output, inputs: inputs, disposed: source.disposed,
                          sourceLocation: sourceLocation).events
    }
}

/// Services for the requests of the inner-stream operators.
enum MatrixServices {
    /// `api.tenfold(n:)` answers `n * 10` for the matrix's elements, 15 ms after it is asked.
    static let tenfold = """
        services:
          api.tenfold:
            returns: Int
            params: { n: Int }
            latency: 15ms
            cases:
              - { when: { n: 2 }, value: 20 }
              - { when: { n: 3 }, value: 30 }
              - { when: { n: 5 }, value: 50 }
            result: 0
        """

    /// `api.square(n:)`: 4 after 200 ms, 9 after 20 ms, `http(500)` for 5, else 0 after 50 ms.
    static let square = """
        services:
          api.square:
            returns: Int
            params: { n: Int }
            latency: 50ms
            cases:
              - { when: { n: 2 }, value: 4, latency: 200ms }
              - { when: { n: 3 }, value: 9, latency: 20ms }
              - { when: { n: 5 }, fail: http(500) }
            result: 0
        """

    /// RxSwift's `Observable+SwitchTests` inner observables as `ys(i:)`, i = 0, 1, 2, relative to
    /// their subscription; the second ends with `final` (`complete: true` or `fail: http(500)`).
    static func innerStreams(final: String) -> String {
        """
        services:
          ys:
            returns: Int
            params: { i: Int }
            cases:
              - when: { i: 0 }
                sequence: [ { at: 10ms, value: 101 }, { at: 20ms, value: 102 }, { at: 110ms, value: 103 }, { at: 120ms, value: 104 },
                            { at: 210ms, value: 105 }, { at: 220ms, value: 106 }, { at: 230ms, complete: true } ]
              - when: { i: 1 }
                sequence: [ { at: 10ms, value: 201 }, { at: 20ms, value: 202 }, { at: 30ms, value: 203 }, { at: 40ms, value: 204 },
                            { at: 50ms, \(final) } ]
              - when: { i: 2 }
                sequence: [ { at: 10ms, value: 301 }, { at: 20ms, value: 302 }, { at: 30ms, value: 303 }, { at: 40ms, value: 304 },
                            { at: 150ms, complete: true } ]
            result: 0
        """
    }

    /// The outer stream of those tests: which inner stream to follow, at 300, 400 and 500.
    static let innerStreamsOuter = hot([(300, 0), (400, 1), (500, 2)], completed: 600)
}
