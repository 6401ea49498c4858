import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// A counterexample is a scenario a person could play: an input that could not be made at its
/// point (a selection of a row the table does not have yet, a tap on a disabled button) is left
/// out with its wait kept, and shrinking drops such an input when only its wait matters. A first
/// user's random walk wrote `select: { shippingTable: 0 }` on an empty table, which `specrun run`
/// then reported as an error, and kept taps on disabled controls in "shortest" sequences.
@Suite struct CounterexampleMadeStepsTests {
    /// The rows come 300 ms after the screen starts; `late` breaks once the timer fired.
    static let screen = """
    screen: Made
    types:
      Item: { id: Int }
    inputs:
      picked: Item
      go: event
    state:
      items: { type: "[Item]", initial: [] }
      fired: { type: Bool, initial: false }
    outputs:
      loaded: { timer: 300ms }
    handlers:
      - on: loaded
        set: { items: "[Item(id: 1)]", fired: true }
    invariants:
      late: "!fired"
    view:
      list: { table: { rows: items, rowSelected: picked } }
      goButton: { button: { tap: go, enabled: "false" } }
    explore:
      waits: [0ms, 300ms]
    scenarios:
      - name: s
        steps:
          - select: { list: 0 }
          - tap: goButton
    """

    private func driver() throws -> ExplorationDriver {
        let spec = try RaceSpecs.load(Self.screen, path: "/nonexistent/made.yaml")
        return ExplorationDriver(spec: spec, maxEventsPerStep: 10_000)
    }

    /// The index of the move whose input is the gesture written `text`, waiting `wait`.
    private func move(_ d: ExplorationDriver, gesture text: String, wait: Int) throws -> Int {
        let moves = d.alphabet.moves
        return try #require(moves.indices.first { k in
            guard case .gesture(let g) = moves[k].input, moves[k].wait == wait else { return false }
            return d.alphabet.gestures[g].text.contains(text)
        }, "no move \(text) with \(wait)ms in \(d.alphabet.gestures.map(\.text))")
    }

    @Test func aSelectionOfARowNotThereYetIsWrittenAsItsWaitAlone() throws {
        let d = try driver()
        let path = [PathStep(move: try move(d, gesture: "list", wait: 300), choice: 0)]
        let cx = try #require(CounterexampleWriter(driver: d).write(path, foundSteps: 1))
        #expect(!cx.scenarioYAML.contains("select"), "\(cx.scenarioYAML)")
        #expect(cx.scenarioYAML.contains("- wait: 300ms"), "\(cx.scenarioYAML)")
    }

    @Test func aTapOnADisabledButtonIsLeftOutAndShrunkAway() throws {
        let d = try driver()
        let tap = PathStep(move: try move(d, gesture: "goButton", wait: 300), choice: 0)
        let cx = try #require(CounterexampleWriter(driver: d).write([tap], foundSteps: 1))
        #expect(!cx.scenarioYAML.contains("tap"), "\(cx.scenarioYAML)")
        let (shrunk, _) = try #require(Shrinker(driver: d).shrink([tap]))
        #expect(shrunk.count == 1)
        #expect(d.alphabet.moves[Int(shrunk[0].move)].input == .none)
        #expect(d.alphabet.moves[Int(shrunk[0].move)].wait == 300)
    }

    /// A selection is an input that can be made once the rows are there, not before.
    @Test func aSelectionCanBeMadeOnceTheRowIsThere() throws {
        let d = try driver()
        let select = d.alphabet.moves[try move(d, gesture: "list", wait: 0)]
        let wait = try #require(d.alphabet.moves.indices.first { d.alphabet.moves[$0].input == .none && d.alphabet.moves[$0].wait == 300 })
        d.reset()
        #expect(!d.canMake(select))
        _ = d.apply(PathStep(move: wait, choice: 0))
        #expect(d.canMake(select))
    }
}
