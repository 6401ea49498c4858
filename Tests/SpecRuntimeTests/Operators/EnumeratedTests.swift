import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// `enumerated`: the matrix, then RxSwift's `Observable+EnumeratedTests.swift` (String elements,
/// pairs `(index: Int, element: String)`).
@Suite("enumerated") struct EnumeratedTests: OperatorTests {
    let ops = "- enumerated"

    /// The pair RxSwift's `enumerated()` sends, as the operator's values are.
    func pair(_ index: Int, _ element: Value) -> Value {
        .record(RecordValue(type: "", fieldNames: ["index", "element"], fields: [.int(index), element]))
    }

    func pairs(_ items: [(Int, Int)]) -> [Recorded] { items.enumerated().map { next($0.element.0, pair($0.offset, .int($0.element.1))) } }

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements) == pairs([(210, 2), (220, 3), (230, 3), (240, 5)]) + [completed(300)]) }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError) == pairs([(210, 2), (220, 3), (230, 3), (240, 5)]) + [error(300)])
    }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == pairs([(210, 2), (220, 3), (230, 3), (240, 5)])) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    static let letters: [Recorded] = [next(210, "a"), next(220, "b"), next(280, "c")]
    var expected: [Recorded] { [next(210, pair(0, .string("a"))), next(220, pair(1, .string("b"))), next(280, pair(2, .string("c")))] }

    /// test_Infinite, test_Completed, test_Error.
    @Test func infinite() throws {
        #expect(try record(spec(ops, types: ["xs": "String"]), inputs: ["xs": Self.letters]).events == expected)
    }

    @Test func completedAfterElements() throws {
        let res = try record(spec(ops, types: ["xs": "String"]), inputs: ["xs": Self.letters + [.completed(300)]]).events
        #expect(res == expected + [completed(300)])
    }

    @Test func errorAfterElements() throws {
        let res = try record(spec(ops, types: ["xs": "String"]), inputs: ["xs": Self.letters + [error(300)]]).events
        #expect(res == expected + [error(300)])
    }

    /// A timeline prints a pair as Swift prints RxSwift's tuple.
    @Test func aPairPrintsAsATuple() {
        #expect(pair(0, .string("a")).description == "(index: 0, element: \"a\")")
        #expect(next(210, pair(1, .list([.int(2)]))).description.contains("(index: 1, element: [2])"))
    }

    /// `$0.index` and `$0.element` are typed after it: an interpolation and a predicate.
    @Test func indexAndElementAreTypedAfterIt() throws {
        let mapped = try record(spec("- enumerated\n- map: '\"\\($0.index): \\($0.element)\"'", types: ["xs": "String"]), inputs: ["xs": Self.letters]).events
        #expect(mapped == [next(210, "0: a"), next(220, "1: b"), next(280, "2: c")])
        let filtered = try record(spec("- enumerated\n- filter: \"$0.index > 0\"\n- map: \"$0.element.uppercased()\"", types: ["xs": "String"]),
                                  inputs: ["xs": Self.letters]).events
        #expect(filtered == [next(220, "B"), next(280, "C")])
    }

    /// A scenario can expect a pair written as a record, and the compiled spec plays the same.
    @Test func scenarioExpectsPairsAndTheCompiledSpecRoundTrips() throws {
        let yaml = """
            screen: T
            inputs:
              name: String
            outputs:
              numbered: { stream: name, ops: [ enumerated ] }
            scenarios:
              - name: numbers
                steps:
                  - send: { name: ann }
                  - send: { name: bob }
                  - expect: { numbered: { index: 1, element: bob } }
            """
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let run = ScenarioRunner.run(spec, scenario: 0)
        #expect(run.passed, "\(TimelineFormatter.text(run))")
        let json = try CompiledSpec.json(spec)
        let compiled = try CompiledSpec.load(json: Data(json.utf8))
        #expect(TimelineFormatter.text(ScenarioRunner.run(compiled, scenario: 0)) == TimelineFormatter.text(run))
        #expect(try CompiledSpec.json(compiled) == json)
    }

    /// A wrong pair is a failure, not a dropped expectation.
    @Test func aWrongPairFailsTheScenario() throws {
        let yaml = "screen: T\ninputs:\n  name: String\noutputs:\n  numbered: { stream: name, ops: [ enumerated ] }\nscenarios:\n"
            + "  - name: n\n    steps:\n      - send: { name: ann }\n      - expect: { numbered: { index: 1, element: ann } }\n"
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        #expect(spec.scenarios[0].steps.count == 2)
        #expect(!ScenarioRunner.run(spec, scenario: 0).passed)
    }

    @Test func mutationRemovesIt() throws {
        let draft = try #require(SpecDraft(text: spec(ops), path: "t.yaml", resolver: nil))
        #expect(MutantGenerator.mutants(of: draft).map(\.change).contains("enumerated -> (removed)"))
    }

    @Test func hostileUsesGetOneLocatedDiagnosticEach() {
        #expect(OperatorTimeline.diagnostics("- enumerated: 3") == ["9:21: invalid-operator: 'enumerated' takes no argument"])
        #expect(OperatorTimeline.diagnostics("- enumerated\n- map: \"$0.offset\"")
            == ["10:18: unknown-member: 'Enumerated<Int>' has no field 'offset'"])
    }
}
