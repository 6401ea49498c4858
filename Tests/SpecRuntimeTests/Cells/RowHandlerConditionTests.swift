import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// A row handler's `if:`, as a screen handler's: RxSwift's `.filter { … }` before the cell view
/// model's subscription. The condition is read first, over the row's names and the input's value;
/// when false the handler computes and writes nothing on that row.
@Suite("A row handler's if:")
struct RowHandlerConditionTests {
    static func spec(condition: String = "rate > 0", value: String = "rate", steps: String = "") -> String {
        """
        screen: Ratings
        types:
          Song: { id: Int }
        state:
          songs: { type: "[Song]", initial: [{ id: 1 }, { id: 2 }] }
        viewModels:
          SongRow:
            params: { song: Song }
            inputs: { rate: Int }
            state:
              stars: { type: Int, initial: 0 }
              rated: { type: Int, initial: 0 }
            handlers:
              - on: rate
                if: \(condition)
                set: { stars: \(value), rated: rated + 1 }
        cells:
          rows: { viewModel: SongRow, for: songs }
        outputs:
          stars: 'rows.map { $0.stars }'
          rated: 'rows.map { $0.rated }'
        scenarios:
          - name: s
            steps:
        \(steps)
        """
    }

    static let rated = """
              - send: { rows.rate: { row: 1, value: 4 } }
              - send: { rows.rate: { row: 2, value: 0 } }
              - expect: { stars: [4, 0], rated: [1, 0] }
        """

    static func checked(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
    }

    @Test func theRowHandlerRunsOnlyWhenItsConditionHolds() throws {
        let timeline = ScenarioRunner.run(try Self.checked(Self.spec(steps: Self.rated)), scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    // Nothing of `set:` is computed when the condition is false: a value that would fail there
    // is never evaluated, so no runtime error is reported.
    @Test func aFalseConditionComputesNothing() throws {
        let yaml = Self.spec(value: "'rate == 0 ? fail(.decode) : rate'", steps: Self.rated)
        let timeline = ScenarioRunner.run(try Self.checked(yaml), scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    // The condition reads the row's state as well as the input's value.
    @Test func theConditionReadsTheRow() throws {
        let steps = """
                  - send: { rows.rate: { row: 1, value: 4 } }
                  - send: { rows.rate: { row: 1, value: 5 } }
                  - expect: { stars: [4, 0], rated: [1, 0] }
            """
        let timeline = ScenarioRunner.run(try Self.checked(Self.spec(condition: "rated == 0", steps: steps)), scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test func aConditionThatIsNotABoolIsALocatedError() {
        let rendered = SpecLoader.load(text: Self.spec(condition: "rate + 1"), path: "t.yaml").renderDiagnostics()
        #expect(rendered.hasPrefix("t.yaml:15:13: error: expected 'Bool', found 'Int'"), "\(rendered)")
    }

    @Test func aConditionReadingANameOfTheScreenIsALocatedError() {
        let rendered = SpecLoader.load(text: Self.spec(condition: "songs.isEmpty"), path: "t.yaml").renderDiagnostics()
        #expect(rendered.hasPrefix("t.yaml:15:13: error:"), "\(rendered)")
        #expect(rendered.contains("songs"), "\(rendered)")
    }

    // A compiled program carries the condition and plays as the spec does.
    @Test func theCompiledProgramCarriesTheCondition() throws {
        let spec = try Self.checked(Self.spec(steps: Self.rated))
        let json = try CompiledSpec.json(spec)
        #expect(json.contains(#""condition":"#), "\(json)")
        let loaded = try CompiledSpec.load(json: Data(json.utf8))
        let compiled = ScenarioRunner.run(loaded, scenario: 0)
        #expect(compiled.passed, "\(TimelineFormatter.text(compiled))")
        #expect(TimelineFormatter.text(compiled) == TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0)))
    }

    // A live screen honours it as the scenario runner does.
    @Test func aLiveScreenHonoursIt() throws {
        let screen = try LiveScreen(spec: liveSpec(Self.spec()))
        screen.start()
        defer { screen.stop() }
        for (row, rate) in [(1, 3), (2, 0), (1, 0), (2, 2)] { try screen.sendRow("rows.rate", row: .int(row), .int(rate)) }
        #expect(try screen.value(of: "stars") == .list([.int(3), .int(2)]))
        #expect(try screen.value(of: "rated") == .list([.int(1), .int(1)]))
    }
}
