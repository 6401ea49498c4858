import Foundation
import ScreenSpec
@testable import SpecRuntime
@testable import SpecTools
import Testing

/// Issue 39, the sixth first user's T4 (notes/author6/scratch/t4_row_view_binding_untested.yaml):
/// swapping `green` and `red` in a row label's `textColor:` left `test`, `coverage` (1/1) and
/// `mutate` ("0 of 0 mutants killed", 100 %) green. What a row shows is now a field of the row:
/// the timeline prints it, a scenario expects it, coverage counts it and mutation changes it;
/// and a run that scores no mutant says "no mutants" (D8).
@Suite("A row's view in the timeline, coverage and mutation")
struct RowViewToolsTests {
    private static func spec(_ steps: String) -> String {
        """
        screen: RowColour
        types:
          Stock: { symbol: String, change: Double }
        state:
          stocks: { type: "[Stock]", initial: [{ symbol: AAPL, change: 1.5 }, { symbol: MSFT, change: -2.0 }] }
        viewModels:
          StockRow:
            params: { stock: Stock }
            view:
              priceLabel: { label: { text: stock.symbol, textColor: 'stock.change > 0 ? green : stock.change < 0 ? red : black' } }
              buyButton: { button: { title: '"Buy"' } }
        cells:
          rows: { viewModel: StockRow, for: stocks, id: symbol }
        scenarios:
          - name: rows are coloured by their change
            steps:
        \(steps)
        """
    }

    private static let colours = "      - expect: 'rows.map(\\.priceLabel.textColor) == [green, red]'\n"

    private func write(_ yaml: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-rowview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("rows.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("the timeline prints what each row shows, and a scenario expects it through the rows")
    func theTimelineShowsTheRowsView() throws {
        let loaded = SpecLoader.load(text: Self.spec(Self.colours + "      - expect: 'rows.first?.priceLabel.textColor == red'\n"), path: "rows.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        let text = TimelineFormatter.text(timeline)
        #expect(text.contains("priceLabel.text: \"AAPL\", priceLabel.textColor: green, buyButton.title: \"Buy\""), "\(text)")
        // The first expectation holds, the second is the swapped colour and fails.
        #expect(!timeline.passed)
        #expect(text.contains("✗ expected rows.first?.priceLabel.textColor == red"), "\(text)")
    }

    @Test("coverage counts each branch of a row's view expression and its value changing, not a literal title")
    func coverageCountsTheRowsView() throws {
        let report = CoverageReport.measure(specPaths: [try write(Self.spec(Self.colours))])
        let spec = try #require(report.specs.first, "\(report.invalid.map { $0.renderDiagnostics() })")
        let items = spec.items.map(\.what)
        #expect(items.contains("'rows.priceLabel.textColor' changes in a row"))
        #expect(items.contains("'rows.priceLabel.text' changes in a row"))
        #expect(!items.contains { $0.contains("buyButton.title") })
        // Two ternaries, two branches each, and the rows emitting; the rows never change, and no
        // row is neither up nor down (black).
        #expect(items.filter { $0.contains("branch of '? :' is taken") }.count == 4, "\(items)")
        #expect(spec.covered == 4 && spec.total == 7, "\(items)")
    }

    @Test("mutation changes a row's view: swapped colours change the kept snapshot and die, a boundary needs a scenario that expects the colours")
    func mutationChangesTheRowsView() throws {
        // The scenario expects no colour: its kept snapshot, which prints the rows' view fields,
        // is what kills the swapped colours (with no snapshot, only a failed expect: kills).
        let weakPath = try write(Self.spec("      - expect: 'rows.count == 2'\n"))
        #expect(SnapshotSuite.verify(specPath: weakPath, mode: .update).scenarios.allSatisfy { $0.wrote }, "no snapshot written")
        guard case .success(let weak) = MutationRun.run(specPath: weakPath) else {
            Issue.record("invalid")
            return
        }
        let changes = weak.outcomes.filter { $0.mutant.declaration == "rows" }.map(\.mutant.change)
        let swapped = "stock.change > 0 ? green : stock.change < 0 ? red : black -> stock.change > 0 ? stock.change < 0 ? red : black : green"
        #expect(changes.contains(swapped), "\(changes)")
        #expect(!weak.survivors.contains { $0.mutant.change == swapped })
        let boundary = "stock.change > 0 -> stock.change >= 0"
        #expect(weak.survivors.contains { $0.mutant.change == boundary }, "\(weak.survivors.map(\.mutant.change))")
        // A row whose change is 0 shows black; `>= 0` would show green.
        let zero = Self.spec("      - send: { quote: { symbol: AAPL, change: 0.0 } }\n      - expect: 'rows.first?.priceLabel.textColor == black'\n")
            .replacingOccurrences(of: "state:\n", with: "inputs:\n  quote: Stock\nhandlers:\n  - on: quote\n    set: { stocks: 'stocks.map { $0.symbol == quote.symbol ? quote : $0 }' }\nstate:\n")
        guard case .success(let strong) = MutationRun.run(specPath: try write(zero)) else {
            Issue.record("invalid")
            return
        }
        #expect(strong.outcomes.contains { $0.mutant.change == boundary })
        #expect(!strong.survivors.contains { $0.mutant.change == boundary }, "\(strong.survivors.map(\.mutant.change))")
    }

    @Test("D8: a spec with nothing to mutate says 'no mutants', not a score of 100 %")
    func noMutantsIsNoScore() throws {
        let path = try write("""
            screen: Empty
            inputs:
              tap: event
            scenarios:
              - name: s
                steps:
                  - send: tap
            """)
        let report = MutationRun.run(specPaths: [path])
        #expect(report.scored == 0)
        let text = MutationText.render(report)
        #expect(text.contains("  no mutants\n"), "\(text)")
        #expect(text.contains("total: no mutants in 1 spec"), "\(text)")
        #expect(!text.contains("100.0%"), "\(text)")
    }
}
