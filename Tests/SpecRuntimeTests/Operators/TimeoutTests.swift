import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// `timeout: DURATION`: the matrix (`timeout: 25ms`), then RxSwift's
/// `Observable+TimeoutTests.swift` without `other:` (a cold source is written hot, shifted by the
/// subscription at 200). The error is of the kind `timeout`, RxSwift's `RxError.timeout`.
@Suite("timeout") struct TimeoutTests: OperatorTests {
    let ops = "- timeout: 25ms"
    static func timedOut(_ time: Int) -> Recorded { .error(time, ErrorValue(.timeout)) }

    @Test func never() throws { #expect(try play(ops, .never) == [Self.timedOut(225)]) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [Self.timedOut(225)]) }
    @Test func elements() throws { #expect(try play(ops, .elements) == [next(210, 2), next(220, 3), next(230, 3), next(240, 5), Self.timedOut(265)]) }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError) == [next(210, 2), next(220, 3), next(230, 3), next(240, 5), Self.timedOut(265)])
    }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == [next(210, 2), next(220, 3), next(230, 3), next(240, 5), Self.timedOut(265)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    func timeout(_ ms: Int, _ xs: [Recorded], disposed: Int = 1000) throws -> [Recorded] {
        try record(spec("- timeout: \(ms)ms"), inputs: ["xs": xs], disposed: disposed).events
    }

    @Test func emptyErrorNever() throws {
        #expect(try timeout(200, hot([(150, 0)], completed: 300)) == [completed(300)])
        #expect(try timeout(200, hot([(150, 0)], error: 300)) == [error(300)])
        #expect(try timeout(1000, hot([(150, 0)])) == [])
    }

    @Test func duetimeSimple() throws {
        let res = try timeout(30, hot([(210, 42), (225, 43), (240, 44), (250, 45)], completed: 260))
        #expect(res == [next(210, 42), next(225, 43), next(240, 44), next(250, 45), completed(260)])
    }

    /// An element exactly when the time is up wins: it was due before the timer was set.
    @Test func duetimeTimeoutExact() throws {
        let res = try timeout(30, hot([(210, 42), (220, 43), (250, 44), (260, 45)], completed: 270))
        #expect(res == [next(210, 42), next(220, 43), next(250, 44), next(260, 45), completed(270)])
    }

    @Test func duetimeTimeout() throws {
        let res = try timeout(25, hot([(210, 42), (220, 43), (250, 44), (260, 45)], completed: 270))
        #expect(res == [next(210, 42), next(220, 43), Self.timedOut(245)])
    }

    /// RxTest's hot element due at the disposal (370) still arrives, as it was scheduled first.
    @Test func duetimeDisposed() throws {
        let xs = hot([(205, 1), (210, 2), (240, 3), (280, 4), (320, 5), (350, 6), (370, 7), (420, 8), (470, 9)], completed: 600)
        #expect(try timeout(40, xs, disposed: 371) == [next(205, 1), next(210, 2), next(240, 3), next(280, 4), next(320, 5), next(350, 6), next(370, 7)])
    }

    /// `catch` sees the error, and `.timeout` names its kind in expressions.
    @Test func catchSeesItsKind() throws {
        let ops = "- timeout: 50ms\n- catchAndReturn: \"$0.kind == .timeout ? -1 : -2\""
        #expect(try record(spec(ops), inputs: ["xs": hot([(210, 1)])]).events == [next(210, 1), next(260, -1), completed(260)])
        let literal = "- timeout: 50ms\n- catchAndReturn: \"$0 == .timeout ? -1 : -2\""
        #expect(try record(spec(literal), inputs: ["xs": hot([(210, 1)])]).events == [next(210, 1), next(260, -1), completed(260)])
    }

    /// Inside a request's `ops:` it bounds each call: a slow answer becomes a failure of kind `timeout`.
    @Test func insideARequestItBoundsEachCall() throws {
        let recorder = try TimelineRecorder("""
            screen: T
            inputs:
              go: Int
            services:
              slow: { returns: Int, params: { n: Int }, latency: 100ms, result: 1 }
            outputs:
              res: { stream: go, ops: [ { flatMap: { call: slow, with: { n: $0 }, ops: [ { timeout: 50ms }, { catchAndReturn: "-1" } ] } } ] }
            """)
        recorder.send("go", .int(1))
        try recorder.wait(200)
        #expect(recorder.recorded("res") == [next(50, -1)])
    }

    /// A compiled spec keeps the duration; one below a tick, or none, is refused when loading.
    @Test func aCompiledSpecKeepsItsDuration() throws {
        let loaded = SpecLoader.load(text: OperatorTimeline.spec(ops), path: "t.yaml")
        let json = try CompiledSpec.json(try #require(loaded.spec))
        #expect(json.contains(#""duration":25"#))
        _ = try CompiledSpec.load(json: Data(json.utf8))
        for broken in [#""duration":0"#, #""unused":25"#] {
            let text = json.replacingOccurrences(of: #""duration":25"#, with: broken)
            #expect(throws: CompiledSpecError.self) { try CompiledSpec.load(json: Data(text.utf8)) }
        }
    }

    @Test func mutationRemovesIt() throws {
        let draft = try #require(SpecDraft(text: spec(ops), path: "t.yaml", resolver: nil))
        #expect(MutantGenerator.mutants(of: draft).map(\.change).contains("timeout -> (removed)"))
    }

    @Test func hostileUsesGetOneLocatedDiagnosticEach() {
        #expect(OperatorTimeline.diagnostics("- timeout: 0ms").count == 1)
        #expect(OperatorTimeline.diagnostics("- timeout: 0ms").first?.contains("1ms or more") == true)
        #expect(OperatorTimeline.diagnostics("- timeout: -5s").count == 1)
        #expect(OperatorTimeline.diagnostics("- timeout: 3").count == 1)
        #expect(OperatorTimeline.diagnostics("- timeout").count == 1)
    }
}
