import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import SpecTools
import Testing

/// Issue 27 item 9: coverage inside a request's `ops:`. The branches of an expression there are
/// counted when they run, and a request whose own `ops:` catch every failure leaves its output's
/// `errors` nothing to emit, so it is no item (as a `catch:` after the request already was).
@Suite("Coverage inside a request's ops")
struct RequestOpsCoverageTests {
    private let spec = """
        screen: Promo
        inputs:
          code: String
        outputs:
          promo:
            stream: code
            ops:
              - flatMapLatest:
                  call: api.validate
                  with: { code: $0 }
                  ops:
                    - map: '$0 > 10 ? "big" : "small"'
                    - catchAndReturn: '$0 == .http(404) ? "unknown" : "down"'
        services:
          api.validate:
            returns: Int
            params: { code: String }
            latency: 10ms
            cases:
              - { when: { code: A }, value: 20 }
              - { when: { code: B }, value: 5 }
              - { when: { code: D }, fail: http(500) }
            fails: http(404)
        scenarios:
          - name: every branch
            steps:
              - send: { code: A }
              - wait: 10ms
              - send: { code: B }
              - wait: 10ms
              - send: { code: C }
              - wait: 10ms
              - send: { code: D }
              - wait: 10ms
              - expect: { promo: down }

        """

    @Test func everyBranchInsideTheRequestIsCountedAndCaughtFailuresLeaveNoErrorsItem() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-ops-coverage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("promo.yaml").path
        try spec.write(toFile: path, atomically: true, encoding: .utf8)
        let report = CoverageReport.measure(specPaths: [path])
        let measured = try #require(report.specs.first)
        #expect(measured.missed.map(\.what) == [])
        let branches = measured.items.filter { $0.kind == .branch }.map(\.what)
        #expect(branches.count == 4)
        #expect(!measured.items.contains { $0.what.contains("'promo.errors'") })
    }

    /// The author's report, wrong result 2: an inner stream that is a timer through operators that
    /// cannot fail (`takeWhile` over a state) never fails, so its output's `errors` is no item;
    /// the same timer with a `map` that can fail (`fail(…)`) or a call beside it still is one.
    @Test func aTimerThroughOperatorsThatCannotFailLeavesNoErrorsItem() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-ops-coverage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("ticks.yaml").path
        try """
            screen: Ticks
            inputs:
              start: event
            state:
              running: { type: Bool, initial: true }
            outputs:
              ticks:
                stream: start
                ops:
                  - flatMapLatest: { interval: 100ms, ops: [ { takeWhile: running } ] }
              checked:
                stream: start
                ops:
                  - flatMapLatest: { interval: 100ms, ops: [ { map: '$0 > 5 ? fail(.unknown) : $0' } ] }
            scenarios:
              - name: ticks
                steps:
                  - send: start
                  - wait: 100ms
                  - expect: { ticks: 0, checked: 0 }
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let measured = try #require(CoverageReport.measure(specPaths: [path]).specs.first)
        let errors = measured.items.map(\.what).filter { $0.contains(".errors'") }
        #expect(errors == ["'checked.errors' emits (a request fails)"])
    }
}
