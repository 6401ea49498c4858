import Foundation
@testable import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A fifth first user's two literals (notes/author5/scratch): `()` as the `Void` value, to merge a
/// start timer with a pull to refresh (W1), and `nil` typed by the other branch of `? :` under
/// `??` as Swift types it (W2; docs/spec-language.md, "Types and values" and "Expressions").
@Suite("() and nil as Swift types them")
struct VoidAndNilLiteralTests {
    private func loads(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        return try #require(loaded.spec, sourceLocation: sourceLocation)
    }

    private func type(_ name: String, in spec: CheckedSpec) -> SpecType? {
        spec.nodes.first { $0.name == name }?.type
    }

    private func plays(_ spec: CheckedSpec, sourceLocation: SourceLocation = #_sourceLocation) {
        for timeline in ScenarioRunner.runAll(spec) {
            #expect(timeline.passed, "\(TimelineFormatter.text(timeline))", sourceLocation: sourceLocation)
        }
    }

    // W1, scratch/void-literal.yaml: `Observable.merge(viewDidLoad.map { () }, refresh)`.
    @Test func voidIsALiteralThatMergesWithAnEvent() throws {
        let spec = try loads("""
            screen: VoidLiteral
            inputs:
              pulled: event
            state:
              loads: { type: Int, initial: 0 }
            outputs:
              appeared: { timer: 0ms }
              reloads: { stream: appeared, ops: [ { map: "()" }, { merge: pulled } ] }
            handlers:
              - on: reloads
                set: { loads: loads + 1 }
            scenarios:
              - name: the start and each pull reload
                steps:
                  - expect: { loads: 1 }
                  - send: pulled
                  - send: pulled
                  - expect: { loads: 3 }
            """)
        #expect(type("reloads", in: spec) == .void)
        plays(spec)
    }

    @Test func voidParsesAsOneLiteralAndNothingElse() {
        var bag = DiagnosticBag()
        let expr = ExpressionParser.parse(ExpressionSource(text: "()", file: "t.yaml", start: SpecLocation(line: 1, column: 1)), diagnostics: &bag)
        if case .void = expr.kind {} else { Issue.record("'()' parsed as \(expr.kind)") }
        #expect(bag.all.isEmpty)
        // A Void is no Int: the types still have to meet.
        let loaded = SpecLoader.load(text: "screen: S\noutputs:\n  n: { timer: 0ms, ops: [ { map: \"()\" }, { map: $0 + 1 } ] }\n", path: "t.yaml")
        #expect(loaded.hasErrors, "\(loaded.renderDiagnostics())")
    }

    // W2, scratch/ternary-nil-min.yaml.
    @Test func nilUnderCoalescingTakesTheOtherBranchsType() throws {
        let spec = try loads("""
            screen: TernaryNil
            inputs:
              on: { type: Bool, default: false }
              xs: { type: "[Int]", default: [1] }
              a: { type: "Int?", default: null }
            outputs:
              ok: 'on ? xs.first : nil'
              swapped: 'on ? nil : xs.first'
              refused: 'a ?? (on ? xs.first : nil)'
              wrapped: 'on ? 1 : nil'
            scenarios:
              - name: nil where the other branch is an optional
                steps:
                  - expect: { ok: ~, swapped: 1, refused: ~, wrapped: ~ }
                  - set: { on: true }
                  - expect: { ok: 1, swapped: ~, refused: 1, wrapped: 1 }
                  - set: { a: 5 }
                  - expect: { refused: 5 }
            """)
        for name in ["ok", "swapped", "refused", "wrapped"] {
            #expect(type(name, in: spec) == .optional(.int), "\(name)")
        }
        plays(spec)
    }

    @Test func nilWithNothingToTypeItIsStillAnError() {
        let loaded = SpecLoader.load(text: "screen: S\ninputs:\n  on: { type: Bool, default: false }\noutputs:\n  n: 'on ? nil : nil'\n", path: "t.yaml")
        #expect(loaded.diagnostics.map(\.id) == ["nil-context"], "\(loaded.renderDiagnostics())")
        // Where the value must not be optional, the conditional's `Int?` is a mismatch.
        let set = SpecLoader.load(text: """
            screen: S
            inputs:
              on: { type: Bool, default: false }
            state:
              n: { type: Int, initial: 0 }
            handlers:
              - on: on
                set: { n: 'on ? 1 : nil' }
            """, path: "t.yaml")
        #expect(set.renderDiagnostics().contains("expected 'Int', found 'Int?'"), "\(set.renderDiagnostics())")
    }
}
