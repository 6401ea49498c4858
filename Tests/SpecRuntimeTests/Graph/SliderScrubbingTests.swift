import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
import SpecTesting
import Testing

/// A slider scrubbed as UIKit sends it (issue 39, author4's W6): `touchDown`, the `valueChanged`s,
/// then `touchUpInside`, with `isTracking` true in between; `press:`, `release:` and `drag:` play
/// them; a touch up without a touch down, or a second touch down, is not made.
@Suite("Slider scrubbing")
struct SliderScrubbingTests {
    static let spec = """
        screen: Scrub
        inputs:
          seek: Double
          down: event
          up: event
        state:
          heard: { type: "[String]", initial: [] }
        handlers:
          - on: down
            set: { heard: 'heard + ["down"]' }
          - on: up
            set: { heard: 'heard + ["up"]' }
          - on: seek
            set: { heard: 'heard + ["\\(seek)"]' }
        view:
          progress: { slider: { maximumValue: 10, valueChanged: seek, touchDown: down, touchUpInside: up } }
          save: { button: { tap: up } }

        """

    private func play(_ steps: String) throws -> Timeline {
        let loaded = SpecLoader.load(text: Self.spec + "scenarios:\n  - name: s\n    steps:\n" + steps, path: "s.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        return ScenarioRunner.run(try #require(loaded.spec), scenario: 0)
    }

    private static func steps(_ t: Timeline) -> [String] {
        t.entries.compactMap { if case .step(_, let text) = $0 { text } else { nil } }
    }

    @Test func aDragIsATouchDownEachValueThenATouchUp() throws {
        let t = try play("""
                  - drag: { progress: [2, 7.5] }
                  - expect: { heard: [down, "2.0", "7.5", up], progress.value: 7.5, progress.isTracking: false }

            """)
        #expect(t.passed, "\(TimelineFormatter.text(t))")
        #expect(Self.steps(t) == ["press progress", "slide progress to 2.0", "slide progress to 7.5", "release progress"])
    }

    @Test func aTouchUpWithoutATouchDownAndASecondTouchDownAreNotMade() throws {
        let t = try play("""
                  - release: progress
                  - press: progress
                  - expect: { progress.isTracking: true }
                  - press: progress
                  - release: progress
                  - release: progress
                  - expect: { heard: [down, up], progress.isTracking: false }

            """)
        #expect(t.passed, "\(TimelineFormatter.text(t))")
        #expect(Self.steps(t) == ["release progress — nothing fires, no finger holds the slider", "press progress",
                                  "press progress — nothing fires, a finger already holds the slider", "release progress",
                                  "release progress — nothing fires, no finger holds the slider"])
    }

    @Test func mistakesAreLocated() {
        func diagnose(_ text: String) -> String { SpecLoader.load(text: text, path: "s.yaml").renderDiagnostics() }
        let bound = diagnose("screen: S\nview:\n  progress: { slider: { isTracking: \"true\" } }\n")
        #expect(bound.contains("s.yaml:3:25: error: 'isTracking' of slider 'progress' is set by a person's touches ('press:', 'release:', 'drag:'); it cannot be bound"), "\(bound)")
        let button = diagnose(Self.spec + "scenarios:\n  - name: s\n    steps:\n      - drag: { save: [1] }\n")
        #expect(button.contains("error: 'save' is a button; 'drag:' drags a slider"), "\(button)")
        let noValues = diagnose(Self.spec + "scenarios:\n  - name: s\n    steps:\n      - drag: progress\n")
        #expect(noValues.contains("'drag:' needs the values the slider moves through, in order"), "\(noValues)")
        let outside = diagnose(Self.spec + "scenarios:\n  - name: s\n    steps:\n      - drag: { progress: [2, 11] }\n")
        #expect(outside.contains("error:"), "\(outside)")
    }

    @Test func aDragCompilesAndPlaysFromJSONAsFromYAML() throws {
        let spec = try Fixtures.checked(Self.spec + "scenarios:\n  - name: s\n    steps:\n      - drag: { progress: [3] }\n      - release: progress\n")
        let yaml = ScenarioRunner.run(spec, scenario: 0)
        let json = try CompiledSpec.json(spec)
        #expect(json.contains(#""tracking":{"#), "\(json.prefix(200))")
        let played = ScenarioRunner.run(try CompiledSpec.load(json: Data(json.utf8)), scenario: 0)
        #expect(TimelineFormatter.text(played) == TimelineFormatter.text(yaml))
        #expect(Self.steps(played).last == "release progress — nothing fires, no finger holds the slider")
    }
}
