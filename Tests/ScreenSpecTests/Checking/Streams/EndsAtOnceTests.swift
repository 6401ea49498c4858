import SpecRuntime
import Testing
@testable import ScreenSpec

/// `takeUntil:` naming a value with a current value ends the stream as it subscribes, as on a
/// BehaviorRelay in RxSwift: a warning at the name (a ninth first user's T7), none for a stream.
@Suite("takeUntil on a current value")
struct EndsAtOnceTests {
    static let spec = """
        screen: TU
        inputs:
          q: { type: String, default: "" }
          go: event
          n: Int
        state:
          s: { type: Int, initial: 0 }
        outputs:
          qChanged: { stream: q, ops: [ { skip: 1 } ] }
          a: { stream: n, ops: [ { takeUntil: q } ] }
          b: { stream: n, ops: [ { takeUntil: s } ] }
          c: { stream: n, ops: [ { takeUntil: go } ] }
          d: { stream: n, ops: [ { takeUntil: qChanged } ] }
          r:
            stream: go
            ops:
              - flatMapLatest: { call: api.get, ops: [ { takeUntil: q } ] }
        services:
          api.get: { returns: Int, latency: 100ms, result: 1 }
        """

    @Test func aCurrentValueIsWarnedOfAtItsName() throws {
        let loaded = SpecLoader.load(text: Self.spec, path: "t.yaml")
        #expect(loaded.spec != nil)
        let warnings = loaded.diagnostics.filter { $0.id == "ends-at-once" }.map(\.description)
        #expect(warnings.count == 3, "\(warnings)")
        #expect(warnings.first?.hasPrefix("t.yaml:10:39: warning: 'takeUntil: q' ends the stream as soon as it subscribes: 'q' has a current value, which it emits then") == true, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("t.yaml:11:39: warning: 'takeUntil: s'") }, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("t.yaml:17:61: warning: 'takeUntil: q'") }, "\(warnings)")
        #expect(loaded.diagnostics.count == 3, "an event and a stream of changes are fine: \(loaded.renderDiagnostics())")
    }
}
