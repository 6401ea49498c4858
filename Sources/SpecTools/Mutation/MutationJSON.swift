import ScreenSpec
import SpecRuntime

/// The mutation report as one JSON document.
package enum MutationJSON {
    struct Document: Encodable {
        var specs: [Spec]
        var invalid: [String]
        var killed: Int
        var scored: Int
        var score: Double
        /// Only when the time budget ran out.
        var timeBudget: Double?
        var notPlayed: Int?
        var specsNotStarted: [String]?
    }

    struct Spec: Encodable {
        var path: String
        var screen: String
        var killed: Int
        var scored: Int
        var equivalent: Int
        var score: Double
        var mutants: [Item]
        var staleSnapshots: [String]
        /// Scenarios with no `expect:` and no snapshot: they kill a mutant only through an
        /// invariant or a runtime error (the text report's note).
        var unjudgedScenarios: [String]
    }

    struct Item: Encodable {
        var declaration: String
        var change: String
        var line: Int
        var column: Int
        var status: String
        var killedBy: String?
        var shouldCatch: [String]?
        var reason: String?
    }

    package static func render(_ report: MutationReport) -> String {
        encode(Document(
            specs: report.specs.map { s in
                Spec(path: s.specPath, screen: s.screen, killed: s.killed, scored: s.scored, equivalent: s.equivalent,
                     score: CoverageJSON.round1(s.score),
                     mutants: s.outcomes.map { o in
                         Item(declaration: o.mutant.declaration, change: o.mutant.change, line: o.mutant.range.start.line,
                              column: o.mutant.range.start.column, status: o.status.rawValue, killedBy: o.killedBy,
                              shouldCatch: o.status == .survived ? o.shouldCatch : nil, reason: o.mutant.equivalentBecause)
                     },
                     staleSnapshots: s.staleSnapshots, unjudgedScenarios: s.unjudgedScenarios)
            },
            invalid: report.invalid.map(\.source.path), killed: report.killed, scored: report.scored, score: CoverageJSON.round1(report.score),
            timeBudget: report.timeBudget, notPlayed: report.timeBudget == nil ? nil : report.notPlayed,
            specsNotStarted: report.timeBudget == nil ? nil : report.specsNotStarted))
    }
}
