import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools
import SpecTesting
import Testing

/// `every:` on a derived output (docs/spec-language.md, "An output computed again every minute"):
/// computed again at each tick of an interval from the screen's start, reading the tick's time.
@Suite("An output computed again every period")
struct EveryTests {
    static func load(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
    }

    static func messages(_ yaml: String) -> [String] {
        SpecLoader.load(text: yaml, path: "t.yaml").diagnostics.map { "\($0.range.start.line):\($0.range.start.column): \($0.id): \($0.message)" }
    }

    @Test("the reference's example prints what the page shows")
    func theReferenceShowsRealOutput() throws {
        let text = try String(contentsOfFile: PackagePaths.root + "/docs/spec-language.md", encoding: .utf8)
        let section = try #require(text.range(of: "### An output computed again every minute: `every:`\n"))
        let rest = text[section.upperBound...]
        let yaml = try #require(rest.range(of: "```yaml\n"))
        let yamlEnd = try #require(rest[yaml.upperBound...].range(of: "```\n"))
        let shown = try #require(rest[yamlEnd.upperBound...].range(of: "```text\n"))
        let shownEnd = try #require(rest[shown.upperBound...].range(of: "```\n"))
        let spec = try Self.load(String(rest[yaml.upperBound..<yamlEnd.lowerBound]))
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.passed)
        #expect(TimelineFormatter.text(timeline) == String(rest[shown.upperBound..<shownEnd.lowerBound]))
    }

    @Test("each tick computes the output again with the tick's time; equal values print nothing; the tick is no name and prints nothing")
    func ticksRecomputeFromTheStart() throws {
        let spec = try Self.load("""
            screen: Clock
            outputs:
              seconds: { value: 'now / 1000', every: 500ms }
              clock: { value: now, every: 1s }
            scenarios:
              - name: a while
                steps:
                  - wait: 3200ms
            """)
        let text = TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0))
        #expect(text.split(separator: "\n").dropFirst().map { $0.split(separator: " ").joined(separator: " ") } == [
            "0ms seconds 0", "0ms clock 0",
            // Two ticks due together fire in the order they were scheduled, as on RxSwift's
            // virtual time scheduler: the clock's at 0 ms before the seconds' at 500 ms.
            "1000ms clock 1000", "1000ms seconds 1",
            "2000ms clock 2000", "2000ms seconds 2",
            "3000ms clock 3000", "3000ms seconds 3",
        ], "\(text)")
        #expect(!text.contains("$every"))
        // Names no step, expectation or expression can read.
        #expect(spec.node(named: "seconds$every").map { spec.nodes[$0].visible } == false)
        #expect(Self.messages("screen: T\noutputs:\n  a: { value: now, every: 1s }\nscenarios:\n  - name: x\n    steps:\n      - expect: { a$every: 1 }\n")
                == ["7:19: invalid-name: 'a$every' is not a valid name; use letters, digits and '_'"])
    }

    @Test("a row reads the screen's ticking clock through with:")
    func aRowReadsAScreenClock() throws {
        let spec = try Self.load("""
            screen: Rows
            types:
              Item: { id: Int, at: Int }
            viewModels:
              ItemRow:
                params: { item: Item, clock: Int }
                outputs:
                  age: 'clock - item.at'
            state:
              items: { type: '[Item]', initial: [{ id: 1, at: 500 }] }
            outputs:
              clock: { value: now, every: 1s }
            cells:
              rows: { viewModel: ItemRow, for: items, id: id, with: { clock: clock } }
            scenarios:
              - name: ages
                steps:
                  - wait: 2s
                  - expect: 'rows[0].age == 1500'
            """)
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test("mistakes: no 'now', a row's every:, a period of 0, a computed period")
    func mistakes() {
        #expect(Self.messages("screen: T\nstate:\n  n: { type: Int, initial: 0 }\noutputs:\n  a: { value: 'n + 1', every: 1m }\n") == [
            "5:31: every-without-now: 'a' is computed again at each tick of its 'every:' but reads no 'now': each tick gives the same value",
        ])
        let through = SpecLoader.load(text: "screen: T\noutputs:\n  t: now\n  a: { value: 't + 1', every: 1s }\n", path: "t.yaml").diagnostics
        #expect(through.map(\.message) == ["'a' is computed again at each tick of its 'every:' but reads no 'now': each tick gives the same value"])
        #expect(through.first?.fixIt == "move 'every:' to 't'")
        let row = Self.messages("""
            screen: T
            types:
              Item: { id: Int }
            viewModels:
              ItemRow:
                params: { item: Item }
                outputs:
                  age: { value: now, every: 1s }
            state:
              items: { type: '[Item]', initial: [] }
            cells:
              rows: { viewModel: ItemRow, for: items, id: id }
            """)
        #expect(row == ["8:33: unknown-key: 'every:' computes a screen's output again at each tick; a row's output 'age' is computed again when what it reads changes"])
        #expect(Self.messages("screen: T\noutputs:\n  a: { value: now, every: 0ms }\n") == ["3:27: invalid-duration: 'every' needs a period above 0ms, such as '1s'"])
        // An eleventh first user's 3: the first tick of an interval starting at 0 emits nothing.
        #expect(Self.messages("screen: T\noutputs:\n  minute: { interval: 1m, initial: 0 }\n  b: { interval: 1m, initial: -1 }\n  c: { interval: 1m, initial: 0, ops: [ { map: $0 + 1 } ] }\n")
                == ["3:36: first-tick-swallowed: 'minute' starts at 0 and its interval's first element is 0: it emits nothing at the first tick"])
        #expect(Self.messages("screen: T\noutputs:\n  a: { value: now, every: { seconds: 1 } }\n").count == 1)
    }

    @Test("it compiles and plays from JSON as from YAML; explore, coverage and the timeline agree")
    func compiledAndExplored() throws {
        let spec = try Self.load("""
            screen: Clock
            outputs:
              clock: { value: now, every: 1s }
            scenarios:
              - name: three ticks
                steps:
                  - wait: 3s
                  - expect: { clock: 3000 }
            """)
        let json = try CompiledSpec.json(spec)
        #expect(json.contains(#""recomputedEvery""#))
        let compiled = try CompiledSpec.load(json: Data(json.utf8))
        #expect(TimelineFormatter.text(ScenarioRunner.run(compiled, scenario: 0)) == TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0)))
        #expect(ScenarioRunner.run(compiled, scenario: 0).passed)
    }

    @Test("coverage has no item for the hidden tick")
    func coverageNamesNoTick() throws {
        let spec = try Self.load("screen: Clock\noutputs:\n  clock: { value: now, every: 1s }\n")
        #expect(spec.node(named: "clock$every") != nil)
        #expect(!CoverageMap(spec).items.contains { $0.what.contains("$every") }, "\(CoverageMap(spec).items.map(\.what))")
    }
}
