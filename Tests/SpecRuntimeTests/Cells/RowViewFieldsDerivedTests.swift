import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A row's view fields (`priceLabel.textColor`) are derived from the row: the timeline shows
/// them, but no row literal has to say them. A literal in `set:`/`send:` may leave them out and
/// the input carries none, a table's selected row included; an `expect:` compares those it gives
/// and no others (docs/spec-language.md, "What a row shows").
@Suite("A row's view fields are derived")
struct RowViewFieldsDerivedTests {
    private static func spec(_ steps: String) -> String {
        """
        screen: Watchlist
        types:
          Stock: { symbol: String, change: Double }
        inputs:
          selection: StockRow
        state:
          stocks: { type: "[Stock]", initial: [{ symbol: AAPL, change: 1.5 }, { symbol: MSFT, change: -2.0 }] }
          chosen: { type: String, initial: "" }
        viewModels:
          StockRow:
            params: { stock: Stock }
            outputs: { up: stock.change > 0 }
            view:
              priceLabel: { label: { text: stock.symbol, textColor: 'up ? green : red' } }
        cells:
          rows: { viewModel: StockRow, for: stocks, id: symbol }
        view:
          stockTable: { table: { rows: rows, rowSelected: selection } }
        handlers:
          - on: selection
            set: { chosen: selection.stock.symbol }
        scenarios:
          - name: s
            steps:
        \(steps)
        """
    }

    private static func run(_ steps: String) throws -> (passed: Bool, text: String) {
        let loaded = SpecLoader.load(text: spec(steps), path: "w.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        return (timeline.passed, TimelineFormatter.text(timeline))
    }

    @Test("an expected row may leave its view fields out, and those it gives are compared")
    func expectComparesWhatItGives() throws {
        let holds = try Self.run("""
                  - expect:
                      rows:
                        - { stock: { symbol: AAPL, change: 1.5 }, up: true, priceLabel.textColor: green }
                        - { stock: { symbol: MSFT, change: -2.0 }, up: false }
            """)
        #expect(holds.passed, "\(holds.text)")
        // The timeline still shows every view field of the rows.
        #expect(holds.text.contains(#"priceLabel.text: "AAPL", priceLabel.textColor: green"#), "\(holds.text)")
        let wrong = try Self.run("""
                  - expect:
                      rows:
                        - { stock: { symbol: AAPL, change: 1.5 }, up: true, priceLabel.textColor: red }
                        - { stock: { symbol: MSFT, change: -2.0 }, up: false }
            """)
        #expect(!wrong.passed)
        #expect(wrong.text.contains("priceLabel.textColor: red)"), "\(wrong.text)")
    }

    @Test("a row sent to an input leaves its view fields out, and the input carries none of those it gives")
    func anInputCarriesNone() throws {
        let sent = try Self.run("""
                  - send: { selection: { stock: { symbol: MSFT, change: -2.0 }, up: false } }
                  - expect: { chosen: MSFT, selection: { stock: { symbol: MSFT, change: -2.0 }, up: false } }
                  - send: { selection: { stock: { symbol: AAPL, change: 1.5 }, up: true, priceLabel.text: AAPL } }
                  - expect: { chosen: AAPL, selection: { stock: { symbol: AAPL, change: 1.5 }, up: true } }
            """)
        #expect(sent.passed, "\(sent.text)")
        // A given view field is compared: the input has none.
        let given = try Self.run("""
                  - send: { selection: { stock: { symbol: AAPL, change: 1.5 }, up: true } }
                  - expect: { selection: { stock: { symbol: AAPL, change: 1.5 }, up: true, priceLabel.text: AAPL } }
            """)
        #expect(!given.passed, "\(given.text)")
    }

    @Test("a table's selected row reaches its input without its view fields")
    func aSelectedRowCarriesNone() throws {
        let loaded = SpecLoader.load(text: Self.spec("""
                  - select: { stockTable: 1 }
                  - expect: { chosen: MSFT, selection: { stock: { symbol: MSFT, change: -2.0 }, up: false } }
            """), path: "w.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
        let graph = ScreenGraph(spec: spec)
        graph.start()
        let rows = try #require(spec.node(named: "rows"), "rows")
        let selection = try #require(spec.node(named: "selection"), "selection")
        guard case .list(let list)? = graph.value(of: rows), case .record(let row)? = list.first else {
            Issue.record("no rows")
            return
        }
        #expect(row.fieldNames == ["stock", "up", "priceLabel.text", "priceLabel.textColor"])
        graph.send(selection, .record(row))
        guard case .record(let taken)? = graph.value(of: selection) else {
            Issue.record("no selection")
            return
        }
        #expect(taken.fieldNames == ["stock", "up"])
    }

    @Test("a compiled program knows a row's view fields: a row without them decodes into an input")
    func aCompiledProgramKnowsThem() throws {
        let loaded = SpecLoader.load(text: Self.spec("      - expect: { chosen: \"\" }"), path: "w.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let program = try CompiledSpec.load(json: Data(try CompiledSpec.json(spec).utf8))
        #expect(program.types.viewFields == spec.types.viewFields)
        #expect(program.types.viewFields["StockRow"] == 2)
        // What a generated row struct whose view fields are nil encodes to, written to `selection`.
        let json = Data(#"{"stock": {"symbol": "MSFT", "change": -2.0}, "up": false}"#.utf8)
        let value = try Value(json: json, as: .record("StockRow"), types: program.types, path: "the value")
        guard case .record(let row) = value else {
            Issue.record("not a record: \(value)")
            return
        }
        #expect(row.fieldNames == ["stock", "up"])
        // One that gives them all keeps them.
        let whole = Data(#"{"stock": {"symbol": "MSFT", "change": -2.0}, "up": false, "priceLabel.text": "MSFT", "priceLabel.textColor": {"white": 0}}"#.utf8)
        guard case .record(let full) = try Value(json: whole, as: .record("StockRow"), types: program.types) else {
            Issue.record("not a record")
            return
        }
        #expect(full.fieldNames.count == 4)
        // One that gives some is read whole (a nil optional view field is left out by Swift's
        // encoder), so a missing field that is no optional is refused, not cut.
        let some = Data(#"{"stock": {"symbol": "MSFT", "change": -2.0}, "up": false, "priceLabel.text": "MSFT"}"#.utf8)
        #expect(throws: ServiceFailure.self) { try Value(json: some, as: .record("StockRow"), types: program.types) }
    }

    /// What a generated row struct encodes to when its view fields are nil (they are left out).
    struct StockRowWithoutView: Encodable {
        struct Stock: Encodable { var symbol: String, change: Double }
        var stock: Stock
        var up: Bool
    }

    @Test("a live screen takes a row without its view fields, from YAML and from a compiled program")
    func aLiveScreenTakesARowWithoutThem() throws {
        let loaded = SpecLoader.load(text: Self.spec("      - expect: { chosen: \"\" }"), path: "w.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let program = try CompiledSpec.load(json: Data(try CompiledSpec.json(spec).utf8))
        for checked in [spec, program] {
            let screen = try LiveScreen(spec: checked)
            screen.start()
            defer { screen.stop() }
            try screen.send("selection", StockRowWithoutView(stock: .init(symbol: "MSFT", change: -2.0), up: false))
            #expect(try screen.value(of: "chosen") == .string("MSFT"))
            // As a value too: a record that gives none of them.
            let row = Value.record(RecordValue(type: "StockRow", fieldNames: ["stock", "up"], fields: [
                .record(RecordValue(type: "Stock", fieldNames: ["symbol", "change"], fields: [.string("AAPL"), .double(1.5)])), .bool(true),
            ]))
            try screen.send("selection", row)
            #expect(try screen.value(of: "chosen") == .string("AAPL"))
        }
    }
}
