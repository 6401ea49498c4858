import Foundation
import ScreenSpec
import SpecConformance
import SpecRuntime
import SpecTesting
import Testing

/// A view model used by itself (`children:`) against a view model written by hand: the spec's
/// `send: counter.add` and `set: { counter.label: … }` name no row, and reach the hand-written
/// child through the contract's `rowEvent`/`rowInput`, as generated code's contract sends them
/// (docs/generated-code.md); the child's parameter follows the screen.
@MainActor
struct ChildConformanceTests {
    static let spec = """
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
              label: String
            state:
              count: { type: Int, initial: 0 }
              text: { type: String, initial: "" }
            outputs:
              shown: 'text.isEmpty ? "\\(count)" : "\\(text): \\(count)"'
            handlers:
              - on: add
                set: { count: count + step }
              - on: label
                set: { text: label }
        children:
          counter: { viewModel: Counter, params: { step: by * 10 } }
        outputs:
          summary: '"\\(counter.shown) by \\(counter.step)"'
        handlers:
          - on: bump
            set: { by: by + 1 }
        scenarios:
          - name: the child counts by the screen's step and keeps its count when the step changes
            steps:
              - send: counter.add
              - expect: { summary: "10 by 10" }
              - send: bump
              - send: counter.add
              - set: { counter.label: Taps }
              - expect: { summary: "Taps: 30 by 20", counter.count: 30 }
        """

    /// The screen as an iOS developer writes it: the child a view model of its own, its step
    /// given by the parent.
    @MainActor
    final class StepsViewModel {
        @MainActor
        final class CounterViewModel {
            var step: Int
            var count = 0
            var text = ""
            /// The mistake under test: the child's count starts again when its step changes.
            let resetsOnStep: Bool

            init(step: Int, resetsOnStep: Bool) {
                self.step = step
                self.resetsOnStep = resetsOnStep
            }

            var shown: String { text.isEmpty ? "\(count)" : "\(text): \(count)" }

            func add() { count += step }
            func label(_ value: String) { text = value }
            func setStep(_ value: Int) {
                if resetsOnStep && value != step { count = 0 }
                step = value
            }
        }

        private var by = 1
        let counter: CounterViewModel

        init(resetsOnStep: Bool = false) {
            counter = CounterViewModel(step: 10, resetsOnStep: resetsOnStep)
        }

        var summary: String { "\(counter.shown) by \(counter.step)" }

        func bump() {
            by += 1
            counter.setStep(by * 10)
        }
    }

    static func contract() throws -> ScreenContract<StepsViewModel> {
        let program = try CompiledSpec.json(Fixtures.checked(spec, path: "steps.yaml"))
        return ScreenContract<StepsViewModel>(program: program)
            .event("bump") { model in model.bump() }
            .rowEvent("counter.add") { (model, _: Int) in model.counter.add() }
            .rowInput("counter.label") { (model, _: Int, value: String) in model.counter.label(value) }
            .output("summary") { $0.summary }
    }

    @Test func aChildWrittenByHandConforms() async throws {
        let conformance = try Conformance(Self.contract()) { _ in StepsViewModel() }
        let report = await conformance.check()
        #expect(report.passed, "\(report)")
        #expect(report.scenarios == 1)
        #expect(report.explored > 10, "\(report)")
    }

    @Test func aChildThatForgetsItsCountIsFoundAndShrunk() async throws {
        let conformance = try Conformance(Self.contract()) { _ in StepsViewModel(resetsOnStep: true) }
        let report = await conformance.check()
        let divergence = try #require(report.divergences.first, "\(report)")
        #expect(divergence.output == "summary", "\(divergence)")
        #expect(divergence.specValue == "\"10 by 20\"" && divergence.modelValue == "\"0 by 20\"", "\(divergence)")
        // The shortest path that shows it: a tap on the child, then the parent's step.
        #expect(divergence.steps.count == 2, "\(divergence)")
        #expect(divergence.scenario.contains("- send: counter.add"), "\(divergence.scenario)")
        #expect(divergence.scenario.contains("- send: bump"), "\(divergence.scenario)")
        #expect(!divergence.scenario.contains("row:"), "\(divergence.scenario)")
    }
}
