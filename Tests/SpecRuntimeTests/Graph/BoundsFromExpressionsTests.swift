import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A slider's and stepper's bounds given by expressions (`maximumValue: Double(duration)`), as
/// UIKit keeps `value` inside `minimumValue...maximumValue` when they are set: the value moved
/// into new bounds without a `.valueChanged`, bounds the wrong way round a runtime error, a
/// person's `slide:`/`step:` checked against the bounds in force, and a compiled program that
/// carries all of it.
@Suite("Bounds from expressions")
struct BoundsFromExpressionsTests {
    static let player = """
        screen: Player
        inputs:
          duration: { type: Int, default: 180 }
          lower: { type: Double, default: 0 }
          position: { type: Int, default: 0 }
          moved: event
        state:
          moves: { type: Int, initial: 0 }
        handlers:
          - on: moved
            set: { moves: moves + 1 }
        view:
          seek:
            slider:
              minimumValue: lower
              maximumValue: duration
              value: { twoWay: position, get: Double(position), set: Int(seek.value) }
              valueChanged: moved
          count:
            stepper:
              minimumValue: 1
              maximumValue: Double(duration) / 60
              stepValue: 0.5
        scenarios:
          - name: s
            steps:
        """

    static func spec(_ steps: String, _ base: String = player) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: base + "\n" + steps, path: "t.yaml")
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())")
    }

    static func played(_ steps: String) throws -> (passed: Bool, text: String) {
        let timeline = ScenarioRunner.run(try spec(steps), scenario: 0)
        return (timeline.passed, TimelineFormatter.text(timeline))
    }

    @Test("a maximum set below the value moves the value to it, firing nothing: the two-way input keeps its value")
    func aShrinkingMaximumClampsTheValue() throws {
        let (passed, text) = try Self.played("""
                  - expect: { seek.minimumValue: 0.0, seek.maximumValue: 180.0, seek.value: 0.0 }
                  - slide: { seek: 150 }
                  - expect: { position: 150, moves: 1 }
                  - set: { duration: 120 }
                  - expect: { seek.maximumValue: 120.0, seek.value: 120.0, position: 150, moves: 1 }
                  - set: { duration: 300 }
                  - expect: { seek.maximumValue: 300.0, seek.value: 120.0 }
            """)
        #expect(passed, "\(text)")
        #expect(text.contains("seek.maximumValue   120.0\n") && text.contains("seek.value          120.0\n"), "\(text)")
    }

    @Test("a minimum set above the value moves the value to it; at start the value is inside the first bounds")
    func aRisingMinimumClampsTheValue() throws {
        let (passed, text) = try Self.played("""
                  - expect: { count.minimumValue: 1.0, count.maximumValue: 3.0, count.value: 1.0 }
                  - set: { lower: 10 }
                  - expect: { seek.minimumValue: 10.0, seek.value: 10.0, position: 0 }
            """)
        #expect(passed, "\(text)")
    }

    @Test("a slide or step outside the bounds in force, or off the steps, is a runtime error at the step; inside them it plays")
    func stepsAreCheckedAgainstTheCurrentBounds() throws {
        var (passed, text) = try Self.played("""
                  - set: { duration: 120 }
                  - slide: { seek: 150 }
            """)
        #expect(!passed)
        #expect(text.contains("t.yaml:28:18: a person cannot slide 'seek' to 150.0; it goes from 0.0 to 120.0 now"), "\(text)")
        (passed, text) = try Self.played("""
                  - step: { count: 2.5 }
                  - expect: { count.value: 2.5 }
                  - set: { duration: 120 }
                  - expect: { count.value: 2.0 }
                  - step: { count: 2.5 }
            """)
        #expect(!passed)
        #expect(text.contains("a person cannot step 'count' to 2.5; it goes from 1.0 to 2.0 now"), "\(text)")
        (passed, text) = try Self.played("""
                  - step: { count: 1.7 }
            """)
        #expect(text.contains("a person cannot step 'count' to 1.7; it goes from 1.0 in steps of 0.5 now"), "\(text)")
        (passed, text) = try Self.played("""
                  - set: { duration: 600 }
                  - step: { count: 9.5 }
                  - expect: { count.value: 9.5 }
            """)
        #expect(passed, "\(text)")
    }

    @Test("exploration does not make a move outside the bounds in force, and makes it inside them")
    func explorationSkipsAMoveOutsideTheBounds() throws {
        let spec = try Self.spec("""
                  - slide: { seek: 150 }
            """)
        guard case .gesture(let slide) = spec.scenarios[0].steps[0].kind else {
            Issue.record("no gesture")
            return
        }
        let graph = ScreenGraph(spec: spec)
        graph.start()
        let duration = try #require(spec.node(named: "duration")), value = try #require(spec.node(named: "seek.value"))
        graph.set(duration, to: .int(120))
        #expect(graph.payloadIfMade(slide) == nil)
        graph.explore(slide)
        #expect(graph.value(of: value) == .double(0))
        graph.set(duration, to: .int(200))
        #expect(graph.payloadIfMade(slide) == .double(150))
        graph.explore(slide)
        #expect(graph.value(of: value) == .double(150))
    }

    @Test("a stepper's bounds the wrong way round, or equal, are a runtime error at the bound, the value left as it is; a slider's may be equal")
    func crossedBoundsAreARuntimeError() throws {
        var (passed, text) = try Self.played("""
                  - step: { count: 2 }
                  - set: { duration: 60 }
            """)
        #expect(!passed)
        #expect(text.contains("t.yaml:22:21: stepper 'count' goes from 1.0 to 1.0; the minimum must be below the maximum"), "\(text)")
        (passed, text) = try Self.played("""
                  - set: { duration: 0 }
                  - expect: { seek.maximumValue: 0.0, seek.value: 0.0 }
                  - set: { lower: 5 }
            """)
        #expect(!passed)
        #expect(!text.contains("slider 'seek' goes from 0.0 to 0.0"), "\(text)")
        #expect(text.contains("t.yaml:15:21: slider 'seek' goes from 5.0 to 0.0; the minimum must be at most the maximum"), "\(text)")
    }

    @Test("a binding that gives the value outside the bounds in force is a binding error, the value kept inside them")
    func aBindingOutsideTheBoundsIsAnError() throws {
        let (passed, text) = try Self.played("""
                  - slide: { seek: 100 }
                  - set: { position: 500 }
            """)
        #expect(!passed)
        #expect(text.contains("'seek.value' cannot take 500.0; it takes 0.0...180.0 now"), "\(text)")
        #expect(!text.contains("500.0\n"), "\(text)")
    }

    @Test("bounds written as numbers keep their checks when the spec is checked")
    func numbersAreCheckedAsBefore() {
        let loaded = SpecLoader.load(text: """
            screen: S
            inputs:
              n: { type: Int, default: 5 }
            view:
              size: { slider: { minimumValue: 12, maximumValue: 24 } }
              other: { stepper: { minimumValue: 0, maximumValue: Double(n) } }
            scenarios:
              - name: s
                steps:
                  - slide: { size: 30 }
                  - step: { other: 7 }
            """, path: "n.yaml")
        #expect(loaded.diagnostics.map(\.description) == ["n.yaml:10:24: error: 'size.value' cannot take 30.0; it takes 12.0...24.0"])
    }

    @Test("a compiled program carries the bounds' cells and plays them as the spec does; the validator refuses hostile bounds")
    func aCompiledProgramPlaysTheBounds() throws {
        let spec = try Self.spec("""
                  - slide: { seek: 150 }
                  - set: { duration: 120 }
                  - step: { count: 2 }
                  - set: { duration: 60 }
                  - slide: { seek: 100 }
            """)
        let json = try CompiledSpec.json(spec)
        let loaded = try CompiledSpec.load(json: Data(json.utf8))
        let original = TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0))
        let compiled = TimelineFormatter.text(ScenarioRunner.run(loaded, scenario: 0))
        #expect(compiled == original)
        #expect(original.contains("seek.value") && original.contains("goes from 1.0 to 1.0"), "\(original)")
        let bounds = try #require(json.range(of: #""bounds":\{"maximum":\d+,"mayBeEqual":true,"minimum":\d+"#, options: .regularExpression))
        let written = String(json[bounds])
        let hostile = [
            written.replacingOccurrences(of: #""minimum":\d+"#, with: #""minimum":99999"#, options: .regularExpression),
            written.replacingOccurrences(of: #""maximum":\d+"#, with: #""maximum":0"#, options: .regularExpression),
        ]
        for text in hostile {
            #expect(throws: CompiledSpecError.self) { try CompiledSpec.load(json: Data(json.replacingOccurrences(of: written, with: text).utf8)) }
        }
        let gesture = try #require(json.range(of: #""bounds":\d+,"#, options: .regularExpression))
        let refused = json.replacingCharacters(in: gesture, with: #""bounds":77,"#)
        #expect(throws: CompiledSpecError.self) { try CompiledSpec.load(json: Data(refused.utf8)) }
    }
}
