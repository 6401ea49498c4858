import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
@testable import SpecTools
import Testing

/// Coverage asks nothing of a row field that can never change (a ninth first user's T9): a
/// child's parameter given by a constant and an output that reads only it count no item, where
/// each needed an `unreachable:` mark; a mark still naming one says why it is gone.
@Suite("Coverage of row fields that never change")
struct FixedRowFieldsTests {
    static let spec = """
        screen: Forms
        types:
          Item: { id: Int, title: String }
        state:
          items: { type: "[Item]", initial: [{ id: 1, title: Tea }] }
        viewModels:
          Form:
            params: { kind: String }
            inputs: { name: { type: String, default: "" } }
            outputs:
              title: '"\\(kind) address"'
              label: '"\\(title): \\(name)"'
              formal: 'kind == "Billing"'
            view:
              titleLabel: { label: { text: title } }
              nameField: { textField: { text: { twoWay: name } } }
          Row:
            params: { item: Item, tag: String }
            outputs:
              caption: '"\\(tag) \\(item.title)"'
        children:
          shipping: { viewModel: Form, params: { kind: '"Shipping"' } }
        cells:
          rows: { viewModel: Row, for: items, with: { tag: '"#"' } }
        scenarios:
          - name: s
            steps:
              - type: { shipping.nameField: Ada }
              - expect: { shipping.label: "Shipping address: Ada" }
        """

    func measure(_ text: String) throws -> CoverageReport {
        let dir = try PackagePaths.temporaryFolder("specrun-fixed")
        let path = dir + "/forms.yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return CoverageReport.measure(specPaths: [path])
    }

    @Test func fieldsThatReadOnlyConstantsCountNoItem() throws {
        let report = try measure(Self.spec)
        #expect(report.invalid.isEmpty, "\(report.invalid.map { $0.renderDiagnostics() })")
        let items = try #require(report.specs.first).items.map(\.what)
        for fixed in ["'shipping.kind' changes", "'shipping.title' changes", "'shipping.titleLabel.text' changes",
                      "'shipping.formal' is true", "'shipping.formal' is false", "'rows.tag' changes in a row"] {
            #expect(!items.contains(fixed), "\(fixed): \(items)")
        }
        // What reads the input still counts; the element may change in a row too.
        #expect(items.contains("'shipping.label' changes") && items.contains("'rows.caption' changes in a row"), "\(items)")
    }

    @Test func aMarkOnOneSaysItIsGone() throws {
        let report = try measure(Self.spec + """

            unreachable:
              - in: shipping
                item: "'shipping.title' changes"
                reason: the kind is given once
            """)
        let text = report.invalid.map { $0.renderDiagnostics() }.joined()
        #expect(text.contains("error: 'shipping' has no coverage item ''shipping.title' changes'"), "\(text)")
        #expect(text.contains("note: 'shipping.title' reads only constants, so it never changes in a row"), "\(text)")
        #expect(text.contains("help: remove this mark"), "\(text)")
    }
}
