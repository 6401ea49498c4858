import Foundation
import ScreenSpec
import SpecRuntime

/// The coverage report as one JSON document: per spec every item with `covered`, and totals.
package enum CoverageJSON {
    struct Document: Encodable {
        var specs: [Spec]
        var invalid: [String]
        var covered: Int
        var total: Int
        var percent: Double
    }

    struct Spec: Encodable {
        var path: String
        var screen: String
        var covered: Int
        var total: Int
        var percent: Double
        var items: [Item]
        var stoppedScenarios: [String]
        var failingScenarios: [Failing]
    }

    struct Failing: Encodable {
        var name: String
        var failure: String
    }

    struct Item: Encodable {
        var kind: String
        var what: String
        var line: Int
        var column: Int
        var covered: Bool
        var coveredBy: [String]
        var declaration: String
        var unreachable: String?
    }

    package static func render(_ report: CoverageReport) -> String {
        let document = Document(
            specs: report.specs.map { s in
                Spec(path: s.specPath, screen: s.screen, covered: s.covered, total: s.total, percent: round1(s.percent),
                     items: s.items.map { Item(kind: $0.kind.rawValue, what: $0.what, line: $0.range.start.line,
                                               column: $0.range.start.column, covered: $0.covered, coveredBy: $0.coveredBy, declaration: $0.declaration,
                                               unreachable: $0.unreachableBecause) },
                     stoppedScenarios: s.stoppedScenarios,
                     failingScenarios: s.failingScenarios.map { Failing(name: $0.name, failure: $0.failure) })
            },
            invalid: report.invalid.map(\.source.path), covered: report.covered, total: report.total, percent: round1(report.percent))
        return encode(document)
    }

    /// To one decimal, as the text report prints it (``formatPercent(_:)``).
    static func round1(_ p: Double) -> Double { Double(formatPercent(p).dropLast()) ?? p }
}

/// Deterministic JSON: keys sorted, pretty printed, a final line break.
func encode<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) else { return "{}\n" }
    return text + "\n"
}
