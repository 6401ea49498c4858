import SpecRuntime
import Testing
@testable import ScreenSpec

private func diagnose(_ yaml: String) -> String {
    SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
}

/// What a row is given: parameters of a view model after its element and position, which its
/// `cells:` entry gives with `with:`, expressions over the screen's names and the element; each
/// misuse is one located diagnostic with its fix.
@Suite("What a row is given: checking")
struct RowGivenCheckingTests {
    private func spec(params: String = "{ track: Track, isCurrent: Bool }", with: String = #", with: { isCurrent: "$0.id == currentId" }"#) -> String {
        """
        screen: Q
        types:
          Track: { id: Int }
        state:
          queue: { type: "[Track]", initial: [{ id: 1 }, { id: 2 }] }
          currentId: { type: Int, initial: 1 }
        viewModels:
          QueueRow:
            params: \(params)
            outputs:
              mark: 'isCurrent ? "▶" : ""'
        cells:
          rows: { viewModel: QueueRow, for: queue\(with) }
        """
    }

    @Test func aGivenParameterIsAFieldComputedOverTheScreen() throws {
        let loaded = SpecLoader.load(text: spec(), path: "t.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let cells = try #require(checked.cells.first)
        #expect(cells.fieldNames == ["track", "isCurrent", "mark"])
        let currentId = try #require(checked.nodes.firstIndex { $0.name == "currentId" })
        #expect(cells.given?.map(\.field) == [1])
        #expect(cells.given?.first?.reads == [currentId])
        // The rows come after what they read.
        #expect(checked.rank[cells.node] > checked.rank[currentId])
        // Beside the position, in either order of declaration.
        let both = SpecLoader.load(text: spec(params: "{ track: Track, isCurrent: Bool, index: Int }"), path: "t.yaml")
        #expect(both.spec?.cells.first?.position == CellsPlan.Position(index: 2, count: nil), "\(both.renderDiagnostics())")
        #expect(SpecLoader.load(text: spec(params: "{ track: Track }", with: ""), path: "t.yaml").spec?.cells.first?.given == nil)
    }

    @Test func aParameterNotGiven() {
        let text = diagnose(spec(with: ""))
        #expect(text.contains("error: view model 'QueueRow' needs parameter 'isCurrent' of type 'Bool', which 'cells rows' does not give"), "\(text)")
        #expect(text.contains("help: write 'with: { isCurrent: EXPRESSION }' in the entry"), "\(text)")
        #expect(text.contains("t.yaml:13:"), "\(text)")
    }

    @Test func aWithKeyThatIsNoParameter() {
        let text = diagnose(spec(with: #", with: { isCurent: "$0.id == currentId" }"#))
        #expect(text.contains("t.yaml:13:"), "\(text)")
        #expect(text.contains("error: view model 'QueueRow' has no parameter 'isCurent' for 'with:' to give; did you mean 'isCurrent'?"), "\(text)")
        #expect(text.contains("note: the parameters 'with:' gives are 'isCurrent: Bool'"), "\(text)")
        // `index` is the position, which `cells:` fills itself.
        let index = diagnose(spec(params: "{ track: Track, index: Int, isCurrent: Bool }", with: #", with: { index: "1", isCurrent: "true" }"#))
        #expect(index.contains("error: view model 'QueueRow' has no parameter 'index' for 'with:' to give; 'index' is the row's offset in the list, from 0, which 'cells:' fills itself"), "\(index)")
        #expect(index.contains("help: remove it"), "\(index)")
    }

    @Test func aValueOfTheWrongType() {
        let text = diagnose(spec(with: #", with: { isCurrent: currentId }"#))
        #expect(text.contains("t.yaml:13:"), "\(text)")
        #expect(text.contains("error:") && text.contains("'Bool'") && text.contains("'Int'"), "\(text)")
    }

    @Test func aRowReadingAScreenNamePointsToWith() {
        let text = diagnose(spec(params: "{ track: Track }", with: "").replacingOccurrences(of: #"'isCurrent ? "▶" : ""'"#, with: #"'track.id == currentId ? "▶" : ""'"#))
        #expect(text.contains("'currentId' is a name of the screen, and a row reads only its own names"), "\(text)")
        #expect(text.contains("give it in its 'cells:' entry with 'with: { currentId: currentId }'"), "\(text)")
    }
}
