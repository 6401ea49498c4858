import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// `expect: { api.matches.calls: 3 }`: how many times a service was called so far, RxTest's count
/// of a mock's subscriptions (a twelfth first user's 9: a stopped poll could only be read from
/// the snapshot).
@Suite("Expecting a service's call count")
struct CallCountTests {
    static let poll = """
        screen: Scores
        inputs:
          visible: Bool
        outputs:
          polled:
            stream: visible
            ops:
              - flatMapLatest:
                  if: $0
                  then: { interval: 15s, ops: [ { flatMapFirst: { call: api.matches } } ] }
                  else: { empty }
        services:
          api.matches: { returns: Int, latency: 100ms, result: 1 }
        scenarios:
          - name: polls while visible, then stops
            steps:
              - send: { visible: true }
              - wait: 46s
              - expect: { api.matches.calls: 3 }
              - send: { visible: false }
              - wait: 60s
              - expect: { api.matches.calls: 4 }
        """

    @Test("a count that holds passes; one that does not says what it got; from JSON as from YAML")
    func countsCalls() throws {
        let loaded = SpecLoader.load(text: Self.poll, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        let failures = timeline.entries.compactMap { if case .failure(let time, let message, _, _) = $0 { "\(time) \(message)" } else { nil } }
        #expect(failures == ["106000 expected api.matches called 4 times, got 3"])
        let compiled = try CompiledSpec.load(json: Data(try CompiledSpec.json(spec).utf8))
        #expect(TimelineFormatter.text(ScenarioRunner.run(compiled, scenario: 0)) == TimelineFormatter.text(timeline))
    }

    @Test("a count that is no whole number is a located error; a name of the screen ending in .calls is that name")
    func mistakes() {
        let bad = Self.poll.replacingOccurrences(of: "api.matches.calls: 4", with: "api.matches.calls: many")
        #expect(SpecLoader.load(text: bad, path: "t.yaml").diagnostics.map(\.message)
                == ["'api.matches.calls' is how many times 'api.matches' was called: a whole number such as 3"])
        let unknown = Self.poll.replacingOccurrences(of: "api.matches.calls: 4", with: "api.other.calls: 4")
        #expect(SpecLoader.load(text: unknown, path: "t.yaml").spec == nil)
    }
}
