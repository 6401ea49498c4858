import Foundation
import ScreenSpec

/// What became of one mutant.
public struct MutantOutcome: Sendable {
    public enum Status: String, Sendable {
        /// A scenario noticed: an `expect` failed or a timeline differs from its snapshot.
        case killed
        /// Every scenario played as before.
        case survived
        /// Marked in `equivalentMutants:`, with its reason.
        case equivalent
        /// The changed spec does not check (a type error): nothing to play.
        case invalid
    }

    public var mutant: Mutant
    public var status: Status
    /// For a killed mutant, the scenario that noticed first.
    public var killedBy: String?
    /// For a survivor, the scenarios that should have caught it: those that call the service it
    /// changed, or whose timeline shows the declaration it changed changing.
    public var shouldCatch: [String] = []
}

/// The mutants of one spec and their outcomes, in source order.
public struct SpecMutation: Sendable {
    public var specPath: String
    public var screen: String
    public var outcomes: [MutantOutcome]
    /// Scenarios whose timeline differs from their committed snapshot before any mutation.
    public var staleSnapshots: [String] = []

    public var killed: Int { outcomes.filter { $0.status == .killed }.count }
    public var survivors: [MutantOutcome] { outcomes.filter { $0.status == .survived } }
    public var equivalent: Int { outcomes.filter { $0.status == .equivalent }.count }
    /// Mutants a scenario could notice: all but equivalent and invalid ones.
    public var scored: Int { outcomes.filter { $0.status == .killed || $0.status == .survived }.count }
    /// Killed mutants in percent of ``scored``; 100 when there are none.
    public var score: Double { scored == 0 ? 100 : Double(killed) * 100 / Double(scored) }
}

/// A `specrun mutate` run over several specs.
public struct MutationReport: Sendable {
    public var specs: [SpecMutation]
    /// Specs that did not load, and equivalent-mutant marks that mark nothing, as diagnostics.
    public var invalid: [LoadedSpec]

    public var killed: Int { specs.map(\.killed).reduce(0, +) }
    public var scored: Int { specs.map(\.scored).reduce(0, +) }
    public var score: Double { scored == 0 ? 100 : Double(killed) * 100 / Double(scored) }
}

/// The readable report: each survivor with its place, change and the scenarios that should have
/// caught it; a score line per spec and for the run.
public enum MutationText {
    public static func render(_ report: MutationReport, colors: Bool = false) -> String {
        let red = colors ? "\u{1B}[31m" : "", green = colors ? "\u{1B}[32m" : "", bold = colors ? "\u{1B}[1m" : ""
        let reset = colors ? "\u{1B}[0m" : ""
        var out = ""
        for spec in report.specs {
            out += "\(bold)\(spec.specPath)\(reset) (\(spec.screen))\n"
            for name in spec.staleSnapshots {
                out += "  warning: scenario '\(name)' does not match its snapshot; run 'specrun test' first\n"
            }
            for s in spec.survivors {
                out += "  \(s.mutant.range.file):\(s.mutant.range.start): \(red)survived\(reset) in '\(s.mutant.declaration)': \(s.mutant.change)\n"
                out += s.shouldCatch.isEmpty
                    ? "      no scenario exercises '\(s.mutant.declaration)'\n"
                    : "      should have been caught by: " + s.shouldCatch.map { "'\($0)'" }.joined(separator: ", ") + "\n"
            }
            for e in spec.outcomes where e.status == .equivalent {
                out += "  \(e.mutant.range.file):\(e.mutant.range.start): equivalent in '\(e.mutant.declaration)': \(e.mutant.change) (\(e.mutant.equivalentBecause ?? ""))\n"
            }
            let colour = spec.survivors.isEmpty ? green : red
            let invalid = spec.outcomes.filter { $0.status == .invalid }.count
            out += "  \(colour)score \(formatPercent(spec.score)): \(spec.killed) of \(spec.scored) mutants killed\(reset)"
            var extras: [String] = []
            if spec.equivalent > 0 { extras.append("\(spec.equivalent) equivalent") }
            if invalid > 0 { extras.append("\(invalid) not type-correct, skipped") }
            out += (extras.isEmpty ? "" : ", " + extras.joined(separator: ", ")) + "\n\n"
        }
        out += "\(bold)total: score \(formatPercent(report.score)): \(report.killed) of \(report.scored) mutants killed in \(report.specs.count) spec"
        out += "\(report.specs.count == 1 ? "" : "s")\(reset)"
        if !report.invalid.isEmpty { out += ", \(report.invalid.count) invalid" }
        return out + "\n"
    }
}

/// The mutation report as one JSON document.
public enum MutationJSON {
    struct Document: Encodable {
        var specs: [Spec]
        var invalid: [String]
        var killed: Int
        var scored: Int
        var score: Double
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

    public static func render(_ report: MutationReport) -> String {
        encode(Document(
            specs: report.specs.map { s in
                Spec(path: s.specPath, screen: s.screen, killed: s.killed, scored: s.scored, equivalent: s.equivalent,
                     score: CoverageJSON.round1(s.score),
                     mutants: s.outcomes.map { o in
                         Item(declaration: o.mutant.declaration, change: o.mutant.change, line: o.mutant.range.start.line,
                              column: o.mutant.range.start.column, status: o.status.rawValue, killedBy: o.killedBy,
                              shouldCatch: o.status == .survived ? o.shouldCatch : nil, reason: o.mutant.equivalentBecause)
                     },
                     staleSnapshots: s.staleSnapshots)
            },
            invalid: report.invalid.map(\.source.path), killed: report.killed, scored: report.scored, score: CoverageJSON.round1(report.score)))
    }
}
