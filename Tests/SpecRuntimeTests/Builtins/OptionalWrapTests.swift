import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// Swift's `Optional(x)`: the value typed as an optional, so that a `String` stream merges with a
/// `String?` one (an eleventh first user's 4: no literal of type `String?` could be written).
@Suite("Optional(x)")
struct OptionalWrapTests {
    @Test("it is the value, typed as an optional; merge then takes both streams")
    func wrapsAndMerges() throws {
        let loaded = SpecLoader.load(text: """
            screen: O
            inputs:
              a: String
              b: String?
            outputs:
              both: { stream: a, ops: [ { map: Optional($0) }, { merge: b } ] }
              label: 'Optional("x") ?? "y"'
            scenarios:
              - name: s
                steps:
                  - send: { a: hi }
                  - send: { b: ~ }
                  - expect: { label: x }
            """, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        #expect(spec.node(named: "both").map { spec.nodes[$0].type.description } == "String?")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.passed)
        #expect(RowParamStreamTests.lines(timeline, "both").map { $0.split(separator: " ").last.map(String.init) } == ["\"hi\"", "nil"])
    }

    @Test("without it, merging String with String? is refused")
    func refusedWithout() {
        let loaded = SpecLoader.load(text: "screen: O\ninputs:\n  a: String\n  b: String?\noutputs:\n  both: { stream: a, ops: [ { merge: b } ] }\n", path: "t.yaml")
        #expect(loaded.spec == nil)
        #expect(loaded.diagnostics.first?.notes.first?.message == "make the elements of 'a' optional first, as Swift's 'map { Optional($0) }': '- map: Optional($0)' before 'merge'")
    }
}
