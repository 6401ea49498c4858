import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A row's stepper whose bounds, expressions over the row's names, are the wrong way round: a
/// cell's configuration raises there (`UIStepper` refuses a minimum not below its maximum), so it
/// is a located runtime error of the transaction that makes the row or changes the bounds on it,
/// not only of a gesture, as the screen's control reports its bound cells crossing.
@Suite("A row's bounds the wrong way round")
struct RowBoundsCrossingTests {
    static let screen = """
        screen: StepperBounds
        types:
          Item: { id: Int, stock: Int }
        inputs:
          restock: Int
        state:
          items: { type: "[Item]", initial: [{ id: 1, stock: %@ }] }
        handlers:
          - on: restock
            set: { items: '[Item(id: 1, stock: restock)]' }
        viewModels:
          Row:
            params: { item: Item }
            inputs:
              quantity: Int
              floor: Int
              note: event
            state:
              units: { type: Int, initial: 1 }
              least: { type: Int, initial: 1 }
              notes: { type: Int, initial: 0 }
            handlers:
              - on: quantity
                set: { units: quantity }
              - on: floor
                set: { least: floor }
              - on: note
                set: { notes: notes + 1 }
            view:
              stepper:
                stepper:
                  minimumValue: Double(least)
                  maximumValue: Double(item.stock)
                  value: { twoWay: quantity, get: Double(units), set: Int(stepper.value) }
        cells:
          rows: { viewModel: Row, for: items }
        scenarios:
          - name: s
            steps:
              - expect: 'rows.count == 1'

        """

    static func played(stock: Int, _ steps: String = "") throws -> (passed: Bool, text: String) {
        let loaded = SpecLoader.load(text: screen.replacingOccurrences(of: "%@", with: "\(stock)") + steps, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        return (timeline.passed, TimelineFormatter.text(timeline))
    }

    static let crossed = "t.yaml:32:25: 'rows' row 1, stepper 'stepper' goes from 1.0 to 0.0; the minimum must be below the maximum"

    @Test("a row made with its bounds the wrong way round is a runtime error at the bound, though no gesture plays")
    func aRowMadeCrossedIsReported() throws {
        let (passed, text) = try Self.played(stock: 0)
        #expect(!passed)
        #expect(text.contains(Self.crossed), "\(text)")
        let fine = try Self.played(stock: 3)
        #expect(fine.passed, "\(fine.text)")
    }

    @Test("bounds that cross as the row changes are reported by that transaction, once: a later change that keeps them is not")
    func boundsCrossingOnTheRowAreReportedOnce() throws {
        let (passed, text) = try Self.played(stock: 3, """
                  - send: { rows.floor: { row: 1, value: 5 } }
                  - send: { rows.note: { row: 1 } }
                  - send: { rows.note: { row: 1 } }
            """)
        #expect(!passed)
        let message = "t.yaml:32:25: 'rows' row 1, stepper 'stepper' goes from 5.0 to 3.0; the minimum must be below the maximum"
        #expect(text.components(separatedBy: message).count == 2, "\(text)")
    }

    @Test("bounds that cross as the screen hands the row a new element are reported; bounds put right again are not")
    func boundsCrossingThroughTheListAreReported() throws {
        var (passed, text) = try Self.played(stock: 3, """
                  - send: { restock: 0 }
            """)
        #expect(!passed)
        #expect(text.contains(Self.crossed), "\(text)")
        (passed, text) = try Self.played(stock: 3, """
                  - send: { restock: 2 }
            """)
        #expect(passed, "\(text)")
    }

    @Test("a slider's equal bounds are allowed, as UISlider takes them; a stepper's are not")
    func aSliderTakesEqualBounds() throws {
        let slider = Self.screen.replacingOccurrences(of: "stepper:\n        stepper:", with: "stepper:\n        slider:")
            .replacingOccurrences(of: "%@", with: "1")
        let loaded = SpecLoader.load(text: slider, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
        let stepper = try Self.played(stock: 1)
        #expect(!stepper.passed)
        #expect(stepper.text.contains("goes from 1.0 to 1.0; the minimum must be below the maximum"), "\(stepper.text)")
    }
}
