import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// A view model used by itself (`children:`), the checkout of docs/spec-language.md ("A view
/// model used by itself"): two address forms of one view model, each with its own state, its
/// own debounced lookup and its own view, read by the screen as records.
@Suite("A view model used by itself")
struct ChildrenTests {
    static func spec(sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckedSpec {
        let example = try #require(DocExample.all().first { $0.page.hasSuffix("spec-language.md") && $0.text.hasPrefix("screen: Checkout\n") && $0.text.contains("\nchildren:\n  shipping:") && !$0.invalid },
                                   sourceLocation: sourceLocation)
        let loaded = SpecLoader.load(text: example.text, path: "checkout.yaml")
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
    }

    @Test("the checkout plays; the timeline shows each child by its name, never its hidden rows")
    func theCheckoutPlays() throws {
        let spec = try Self.spec()
        #expect(spec.cells.map(\.name) == ["shipping", "billing"])
        #expect(spec.cells.allSatisfy { $0.instance != nil })
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        let text = TimelineFormatter.text(timeline)
        #expect(timeline.passed, "\(text)")
        #expect(text.contains(" shipping ") && text.contains("shipping.postcode"), "\(text)")
        #expect(!text.contains("$rows") && !text.contains("$instance"), "\(text)")
        #expect(text.contains("▶ type shipping.postcodeField to \"12345\"") && text.contains("▶ send billing.postcode = \"54321\""), "\(text)")
    }

    @Test("a parameter over the screen's names is computed again when they change, the child keeping its state")
    func aParameterFollowsTheScreen() throws {
        let loaded = SpecLoader.load(text: """
            screen: Steps
            inputs:
              bump: event
            state:
              by: { type: Int, initial: 1 }
            viewModels:
              Counter:
                params: { step: Int }
                inputs:
                  add: event
                state:
                  count: { type: Int, initial: 0 }
                handlers:
                  - on: add
                    set: { count: count + step }
            children:
              counter: { viewModel: Counter, params: { step: by * 10 } }
            handlers:
              - on: bump
                set: { by: by + 1 }
            scenarios:
              - name: s
                steps:
                  - send: counter.add
                  - expect: 'counter.count == 10 && counter.step == 10'
                  - send: bump
                  - expect: 'counter.count == 10 && counter.step == 20'
                  - send: counter.add
                  - expect: 'counter.count == 30'
            """, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
        // A LiveScreen sends a child's input as the screen's own, and reads the child as a record.
        let screen = try LiveScreen(spec: spec)
        screen.start()
        defer { screen.stop() }
        try screen.send("counter.add", .void)
        try screen.send("bump", .void)
        try screen.send("counter.add", .void)
        guard case .record(let counter) = try screen.value(of: "counter") else {
            Issue.record("counter is no record")
            return
        }
        #expect(counter.fields[counter.fieldNames.firstIndex(of: "count") ?? 0] == .int(30))
    }

    @Test("a child compiles (version 17, its instance node) and plays from JSON as from YAML; an instance read before its rows is refused")
    func theCompiledProgramCarriesIt() throws {
        let spec = try Self.spec()
        let json = try CompiledSpec.json(spec)
        let shipping = try #require(spec.cells.first?.instance)
        #expect(json.contains(#""instance":\#(shipping)"#), "\(json.prefix(200))")
        let compiled = try CompiledSpec.load(json: Data(json.utf8))
        let played = ScenarioRunner.run(compiled, scenario: 0)
        #expect(played.passed, "\(TimelineFormatter.text(played))")
        #expect(TimelineFormatter.text(played) == TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0)))
        let rows = try #require(spec.cells.first?.node)
        let refused = CompiledSpecRefusalTests.reason(try CompiledSpecRefusalTests.changed(json, #""instance":\#(shipping)"#, #""instance":\#(rows - 1)"#))
        #expect(refused?.contains("cells[0]") == true, "\(refused ?? "loaded")")
    }
}
