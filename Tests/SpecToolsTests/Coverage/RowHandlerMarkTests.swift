import Foundation
import ScreenSpec
@testable import SpecTools
import Testing

/// The report's D6 (notes/author3/scratch/unreachable_row_handler.yaml and
/// unreachable_rows_scope.yaml): `unreachable:` names a screen handler on a row's input by its
/// event, as coverage.md says `in:` may be, and marks that handler's items alone.
@Suite("Coverage marks on a row's handlers")
struct RowHandlerMarkTests {
    private static let spec = """
        screen: Rows
        types:
          Todo: { id: Int, done: Bool }
        state:
          todos: { type: "[Todo]", initial: [{ id: 1, done: false }] }
        viewModels:
          Row:
            params: { todo: Todo }
            inputs: { toggled: Bool, renamed: Bool }
        cells:
          rows: { viewModel: Row, for: todos }
        handlers:
          - on: rows.toggled
            set: { todos: 'todos.map { $0.id == rows.toggled.todo.id ? $0.with(done: rows.toggled.toggled ?? false) : $0 }' }
          - on: rows.renamed
            set: { todos: 'todos.map { $0.id == rows.renamed.todo.id ? $0.with(done: rows.renamed.renamed ?? false) : $0 }' }
        unreachable:
          - in: rows.toggled
            item: "the fallback of '??' is used"
            reason: "the handler runs on rows.toggled, so the row's 'toggled' is set"
        scenarios:
          - name: s
            steps:
              - send: { rows.toggled: { row: 1, value: true } }
              - expect: 'todos.first?.done == true'
        """

    @Test("'in: rows.toggled' marks the '??' of the handler on 'rows.toggled', not the one on 'rows.renamed'")
    func aMarkNamesOneHandlerOfTheRows() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-rowmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("rows.yaml").path
        try Self.spec.write(toFile: path, atomically: true, encoding: .utf8)
        let report = CoverageReport.measure(specPaths: [path])
        #expect(report.invalid.isEmpty, "\(report.invalid.map { $0.renderDiagnostics() })")
        let spec = try #require(report.specs.first)
        let fallbacks = spec.items.filter { $0.what == "the fallback of '??' is used" }
        #expect(fallbacks.map(\.event) == ["rows.toggled", "rows.renamed"])
        #expect(fallbacks.map { $0.unreachableBecause != nil } == [true, false])
        #expect(fallbacks.map(\.declaration) == ["rows", "rows"])
    }
}
