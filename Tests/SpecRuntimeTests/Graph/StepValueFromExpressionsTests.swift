import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A stepper's `stepValue:` given by an expression (`stepValue: Double(unit)`), bound one way as
/// a binder sets `stepValue` each time its source changes: a `step:` checked against the step in
/// force, and a step not above 0 a runtime error (UIStepper raises NSInvalidArgumentException).
@Suite("stepValue from an expression")
struct StepValueFromExpressionsTests {
    static let screen = """
        screen: Seats
        inputs:
          unit: { type: Int, default: 2 }
          seats: { type: Double, default: 0 }
        view:
          seatsStepper:
            stepper:
              maximumValue: 10
              stepValue: Double(unit)
              value: { twoWay: seats }
        scenarios:
          - name: s
            steps:
        """

    static func played(_ steps: String) throws -> (passed: Bool, text: String) {
        let loaded = SpecLoader.load(text: screen + "\n" + steps, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        return (timeline.passed, TimelineFormatter.text(timeline))
    }

    @Test("a step is checked against the step in force when it plays")
    func stepsFollowTheCurrentStep() throws {
        var (passed, text) = try Self.played("""
                  - expect: { seatsStepper.stepValue: 2.0 }
                  - step: { seatsStepper: 4 }
                  - expect: { seats: 4.0 }
                  - set: { unit: 3 }
                  - step: { seatsStepper: 6 }
                  - expect: { seats: 6.0, seatsStepper.stepValue: 3.0 }
            """)
        #expect(passed, "\(text)")
        (passed, text) = try Self.played("""
                  - step: { seatsStepper: 3 }
            """)
        #expect(!passed)
        #expect(text.contains("a person cannot step 'seatsStepper' to 3.0; it goes from 0.0 in steps of 2.0 now"), "\(text)")
    }

    @Test("a step not above 0 is a runtime error at the expression, the step left as it was")
    func aStepNotAboveZeroIsAnError() throws {
        let (passed, text) = try Self.played("""
                  - set: { unit: 0 }
                  - expect: { seatsStepper.stepValue: 2.0 }
            """)
        #expect(!passed)
        #expect(text.contains("t.yaml:") && text.contains("stepper 'seatsStepper' cannot step by 0.0; 'stepValue' must be above 0 (UIStepper raises NSInvalidArgumentException)"), "\(text)")
    }

    @Test("a stepValue written as a number above 0 is checked with the spec, as before")
    func aNumberIsStillChecked() throws {
        let loaded = SpecLoader.load(text: """
            screen: S
            view:
              s: { stepper: { stepValue: 0 } }
            """, path: "t.yaml")
        #expect(loaded.spec == nil)
        #expect(loaded.renderDiagnostics().contains("'stepValue:' must be above 0, found 0"), "\(loaded.renderDiagnostics())")
    }
}
