import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Replays RxSwift's operator tests (`Tests/RxSwiftTests/Observable+*Tests.swift`) on a spec:
/// Int inputs `xs` and `ys` as RxTest's hot observables, the stream output `res` over `xs` with
/// the operators under test, subscribed at 200, recorded until RxTest disposes at 1000.
enum OperatorTimeline {
    /// RxTest's `testError`: here `http(500)`.
    static let testError = ErrorValue(.http, status: 500)

    /// RxTest's `createHotObservable`: Int elements, then a completion or `testError`.
    static func hot(_ items: [(Int, Int)], completed: Int? = nil, error: Int? = nil) -> [Recorded] {
        items.map { next($0.0, $0.1) } + (completed.map { [.completed($0)] } ?? []) + (error.map { [.error($0, testError)] } ?? [])
    }

    /// The spec: inputs `xs`, `ys`, and `res` over `xs` with `ops` (YAML list items, one a line).
    static func spec(_ ops: String) -> String {
        """
        screen: T
        inputs:
          xs: Int
          ys: Int
        outputs:
          res:
            stream: xs
            ops:
        \(ops.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
        """
    }

    /// The events of `res` when `xs` (and `ys`) play these timelines, as RxTest's `scheduler.start`.
    static func record(_ ops: String, xs: [Recorded], ys: [Recorded] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> [Recorded] {
        let recorder = try TimelineRecorder(spec(ops), subscribedAt: 200, sourceLocation: sourceLocation)
        _ = try recorder.node("res", sourceLocation: sourceLocation)
        // Hot observables are created before the subscription: at equal times, `xs` runs first.
        try recorder.hot("xs", xs, sourceLocation: sourceLocation)
        if !ys.isEmpty { try recorder.hot("ys", ys, sourceLocation: sourceLocation) }
        try recorder.wait(799)
        #expect(recorder.errors.isEmpty, "\(recorder.errors)", sourceLocation: sourceLocation)
        return recorder.recorded("res")
    }

    /// The diagnostics of a spec whose `res` has these operators, one `file:line:column: message` each.
    static func diagnostics(_ ops: String) -> [String] {
        SpecLoader.load(text: spec(ops), path: "t.yaml").diagnostics.map { "\($0.range.start.line):\($0.range.start.column): \($0.id): \($0.message)" }
    }
}
