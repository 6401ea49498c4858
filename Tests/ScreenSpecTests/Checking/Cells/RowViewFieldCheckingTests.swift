import Testing
@testable import ScreenSpec

private func diagnose(_ yaml: String) -> String {
    SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
}

/// Issue 39, the sixth first user's report (notes/author6): what a row's view shows is a field
/// of the row (T4, W8), a row binds a progress view (W2), a refused component of a row says
/// nothing more about the row's actions (D2), and a row's `enabledIf:` naming an output says
/// why it cannot (W9, D4).
@Suite("A row's view as fields of the row: checking")
struct RowViewFieldCheckingTests {
    private let head = """
        screen: Rows
        types:
          Stock: { symbol: String, change: Double, progress: Int }
        state:
          stocks: { type: "[Stock]", initial: [{ symbol: AAPL, change: 1.5, progress: 40 }] }
        cells:
          rows: { viewModel: StockRow, for: stocks, id: symbol }
        viewModels:
          StockRow:
            params: { stock: Stock }

        """

    @Test("each bound property of a row's view is a field '<component>.<property>' of the row, after its outputs")
    func boundPropertiesAreFields() throws {
        let loaded = SpecLoader.load(text: head + """
                outputs: { up: stock.change > 0 }
                view:
                  priceLabel: { label: { text: stock.symbol, textColor: 'up ? green : red' } }
                  bar: { progressView: { progress: Double(stock.progress) / 100 } }
                  button: { button: { title: '"Buy"' } }
            """, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let rows = try #require(spec.cells.first)
        #expect(rows.fieldNames == ["stock", "up", "priceLabel.text", "priceLabel.textColor", "bar.progress", "button.title"])
        #expect(rows.outputs.map(\.field) == [1, 2, 3, 4, 5])
        #expect(rows.outputs.map { $0.constraint?.range } == [nil, nil, nil, "0.0...1.0", nil])
        #expect(rows.isViewField(3) && !rows.isViewField(1))
    }

    @Test("a scenario reads a row's view through the rows, and 'expect:' naming it as one name says how")
    func expectReadsTheRows() {
        #expect(diagnose(head + """
                view:
                  priceLabel: { label: { text: stock.symbol, textColor: 'stock.change > 0 ? green : red' } }
            scenarios:
              - name: s
                steps:
                  - expect: 'rows.first?.priceLabel.textColor == green && rows.map(\\.priceLabel.text) == ["AAPL"]'
                  - expect: { rows.priceLabel.textColor: green }
            """) == """
            t.yaml:17:19: error: 'rows.priceLabel.textColor' names a field of a row of 'rows', which has one per row; 'expect:' reads a row through its rows
               |
            17 |       - expect: { rows.priceLabel.textColor: green }
               |                   ^~~~~~~~~~~~~~~~~~~~~~~~~
            note: a row's fields are its element, state, outputs, actions' state and what its view shows, as '<component>.<property>'
            help: write a Bool expression over the rows: 'expect: "rows.first?.priceLabel.textColor == …"' or 'expect: "rows.map(\\.priceLabel.textColor) == […]"'

            """)
    }

    @Test("a row's progress view takes 0 to 1: a literal outside is an error of the spec")
    func aRowsProgressView() {
        let text = diagnose(head + """
                view:
                  bar: { progressView: { progress: 1.5 } }
                  dim: { label: { text: stock.symbol, alpha: 0.5 } }
            """)
        #expect(text.hasPrefix("t.yaml:12:40: error: 'bar.progress' cannot take 1.5; it takes 0.0...1.0"), "\(text)")
        #expect(!text.contains("alpha"), "\(text)")
    }

    @Test("a two-way binding refused in a row suggests a name of the row, not one of the docs")
    func theFixNamesTheRow() {
        let text = diagnose(head + """
                inputs: { picked: Int }
                state: { shares: { type: Int, initial: 0 } }
                view:
                  field: { textField: { text: stock.symbol, isHidden: { twoWay: picked } } }
            """)
        #expect(text.contains("help: bind it one way to a name of the row, 'isHidden: shares'"), "\(text)")
        #expect(!text.contains("units"), "\(text)")
    }

    @Test("D2: one refused component of a row is one diagnostic: the screen's handlers on its actions' streams say nothing more")
    func aRefusedComponentIsOneDiagnostic() {
        let text = diagnose(head + """
                inputs: { retry: event }
                actions:
                  retrying: { trigger: retry, work: { call: api.restart, with: { symbol: stock.symbol } } }
                view:
                  inner: { table: { rows: "[1]" } }
                  retryButton: { button: { tap: retry } }
            handlers:
              - on: rows.retrying.elements
                set: { stocks: 'stocks.filter { $0.symbol != rows.retrying.elements.stock.symbol }' }
              - on: rows.retrying.errors
                set: { stocks: "[]" }
            services:
              api.restart: { params: { symbol: String }, returns: Bool, result: true }
            """)
        #expect(text.components(separatedBy: "error:").count == 2, "\(text)")
        #expect(text.contains("table 'inner' is in a row: a list inside a row is not supported yet"), "\(text)")
    }

    @Test("W9/D4: a row's 'enabledIf:' naming an output says that it reads the row before its outputs, and why")
    func enabledIfReadsNoOutput() {
        #expect(diagnose(head + """
                inputs: { go: event }
                outputs: { canGo: stock.change > 0 }
                actions:
                  save: { trigger: go, enabledIf: canGo, work: { call: api.save, with: { symbol: stock.symbol } } }
            services:
              api.save: { params: { symbol: String }, returns: Bool, result: true }
            """) == """
            t.yaml:14:39: error: the 'enabledIf:' of the row's action 'save' reads 'canGo', an output of the row; a row's 'enabledIf:' reads the row before its outputs: its element and parameters, its state and its actions' 'executing'
               |
            14 |       save: { trigger: go, enabledIf: canGo, work: { call: api.save, with: { symbol: stock.symbol } } }
               |                                       ^~~~~
            note: the outputs are computed after it, since they may read 'save.enabled', which it decides
            t.yaml:12:16: note: 'canGo' is declared here
               |
            12 |     outputs: { canGo: stock.change > 0 }
               |                ^~~~~
            help: write the expression of 'canGo' in 'enabledIf:' itself, or bind the view to 'save.enabled'

            """)
    }
}
