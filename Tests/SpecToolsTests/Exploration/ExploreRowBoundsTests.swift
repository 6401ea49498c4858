import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// A row shown with its stepper's bounds the wrong way round is broken as displayed (UIKit raises
/// as the cell is configured): exploration reports the runtime error from the start, rather than
/// that every reachable state was explored.
@Suite("Exploring a row whose bounds are the wrong way round")
struct ExploreRowBoundsTests {
    private let spec = """
        screen: StepperBounds
        types:
          Item: { id: Int, stock: Int }
        state:
          items: { type: "[Item]", initial: [{ id: 1, stock: %@ }] }
        viewModels:
          Row:
            params: { item: Item }
            inputs: { quantity: Int }
            state:
              units: { type: Int, initial: 1 }
            handlers:
              - on: quantity
                set: { units: quantity }
            view:
              stepper:
                stepper:
                  minimumValue: 1
                  maximumValue: Double(item.stock)
                  value: { twoWay: quantity, get: Double(units), set: Int(stepper.value) }
        cells:
          rows: { viewModel: Row, for: items }
        scenarios:
          - name: an out-of-stock row is shown
            steps:
              - expect: 'rows.count == 1'

        """

    private func explore(stock: Int) throws -> ExploreResult {
        let checked = try Fixtures.checked(spec.replacingOccurrences(of: "%@", with: "\(stock)"), path: "/nonexistent/bounds.yaml")
        var o = ExploreOptions()
        o.maxSeconds = 600  // never the bound: the result depends on the states only
        return Explorer.explore(checked, options: o)
    }

    @Test func aRowMadeWithCrossedBoundsIsARuntimeErrorFromTheStart() throws {
        let result = try explore(stock: 0)
        let cx = try #require(result.counterexample)
        #expect(cx.title == "run-time error")
        #expect(cx.steps == 0)
        #expect(cx.message.contains("'rows' row 1, stepper 'stepper' goes from 1.0 to 0.0; the minimum must be below the maximum"), "\(cx.message)")
    }

    @Test func aRowWithinItsBoundsIsExplored() throws {
        let result = try explore(stock: 2)
        #expect(result.counterexample == nil, "\(result.counterexample?.scenarioYAML ?? "")")
    }
}
