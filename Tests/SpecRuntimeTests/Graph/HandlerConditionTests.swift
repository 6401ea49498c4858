import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// A handler's `if:`: RxSwift's `.filter { … }.subscribe(onNext:)`. The condition is read first,
/// over the emitted value and the state; when false the handler computes and writes nothing.
@Suite("A handler's if:")
struct HandlerConditionTests {
    /// An action refusing while it runs, and a handler counting only the work's own failures.
    static func spec(condition: String = "save.errors != .notEnabled", value: String = "failures + 1", steps: String) -> String {
        """
        screen: Save
        inputs:
          tap: event
        state:
          failures: { type: Int, initial: 0 }
        actions:
          save:
            trigger: tap
            work: { call: api.save }
        handlers:
          - on: save.errors
            if: \(condition)
            set: { failures: \(value) }
        services:
          api.save: { returns: Int, latency: 100ms, fails: http(503) }
        scenarios:
          - name: s
            steps:
        \(steps)
        """
    }

    static let twoTaps = """
              - send: tap
              - send: tap
              - expect: { save.errors: notEnabled, failures: 0 }
              - wait: 100ms
              - expect: { save.errors: http(503), failures: 1 }
        """

    static func checked(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
    }

    @Test func theHandlerRunsOnlyWhenItsConditionHolds() throws {
        let timeline = ScenarioRunner.run(try Self.checked(Self.spec(steps: Self.twoTaps)), scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    // Nothing of `set:` is computed when the condition is false: a value that would fail is
    // never evaluated, so no runtime error is reported.
    @Test func aFalseConditionComputesNothing() throws {
        let yaml = Self.spec(value: "'save.errors == .notEnabled ? fail(.decode) : failures + 1'", steps: Self.twoTaps)
        let timeline = ScenarioRunner.run(try Self.checked(yaml), scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    // The condition reads the state as well as the element.
    @Test func theConditionReadsTheState() throws {
        let steps = """
                  - send: tap
                  - wait: 100ms
                  - send: tap
                  - wait: 100ms
                  - send: tap
                  - wait: 100ms
                  - expect: { failures: 2 }
            """
        let timeline = ScenarioRunner.run(try Self.checked(Self.spec(condition: "failures < 2", steps: steps)), scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test func aConditionThatIsNotABoolIsALocatedError() {
        let rendered = SpecLoader.load(text: Self.spec(condition: "failures + 1", steps: Self.twoTaps), path: "t.yaml").renderDiagnostics()
        #expect(rendered.hasPrefix("t.yaml:12:9: error: expected 'Bool', found 'Int'"), "\(rendered)")
    }

    @Test func aConditionReadingAnUnknownNameIsALocatedError() {
        let rendered = SpecLoader.load(text: Self.spec(condition: "saved", steps: Self.twoTaps), path: "t.yaml").renderDiagnostics()
        #expect(rendered.hasPrefix("t.yaml:12:9: error:"), "\(rendered)")
        #expect(rendered.contains("saved"), "\(rendered)")
    }

    // A compiled program carries the condition and plays as the spec does.
    @Test func theCompiledProgramCarriesTheCondition() throws {
        let spec = try Self.checked(Self.spec(steps: Self.twoTaps))
        let json = try CompiledSpec.json(spec)
        #expect(json.contains(#""condition":"#), "\(json)")
        let loaded = try CompiledSpec.load(json: Data(json.utf8))
        let compiled = ScenarioRunner.run(loaded, scenario: 0)
        #expect(compiled.passed, "\(TimelineFormatter.text(compiled))")
        #expect(TimelineFormatter.text(compiled) == TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0)))
    }

    // A live screen honours it as the scenario runner does.
    @Test func aLiveScreenHonoursIt() throws {
        let screen = try LiveScreen(spec: liveSpec("""
            screen: Big
            inputs:
              n: { type: Int, default: 0 }
            state:
              big: { type: Int, initial: 0 }
            handlers:
              - on: n
                if: n > 2
                set: { big: big + 1 }
            """))
        screen.start()
        defer { screen.stop() }
        for n in [1, 5, 2, 7] { try screen.set("n", to: .int(n)) }
        #expect(try screen.value(of: "big") == .int(2))
    }
}
