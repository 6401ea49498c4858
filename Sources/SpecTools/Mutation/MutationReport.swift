import Foundation
import ScreenSpec
import SpecRuntime

/// What became of one mutant.
package struct MutantOutcome: Sendable {
    package enum Status: String, Sendable {
        /// A scenario noticed: an `expect` or an invariant failed, or a timeline differs from
        /// its kept snapshot.
        case killed
        /// Every scenario played as before.
        case survived
        /// Marked in `equivalentMutants:`, with its reason.
        case equivalent
        /// The changed spec does not check (a type error): nothing to play.
        case invalid
        /// The time budget (`--max-seconds`) ran out before it was played: not scored.
        case notPlayed
    }

    package var mutant: Mutant
    package var status: Status
    /// For a killed mutant, the scenario that noticed first.
    package var killedBy: String?
    /// For a survivor, the scenarios that should have caught it: those that call the service it
    /// changed, or whose timeline shows the declaration it changed changing.
    package var shouldCatch: [String] = []
}

/// The mutants of one spec and their outcomes, in source order.
public struct SpecMutation: Sendable {
    package var specPath: String
    package var screen: String
    package var outcomes: [MutantOutcome]
    /// Scenarios whose timeline differs from their committed snapshot before any mutation.
    package var staleSnapshots: [String] = []
    /// Scenarios with no `expect:` and no snapshot: `specrun test` passes them whatever their
    /// timeline, so they kill a mutant only through an invariant or a runtime error.
    package var unjudgedScenarios: [String] = []

    /// Mutants some scenario noticed.
    public var killed: Int { outcomes.filter { $0.status == .killed }.count }
    package var survivors: [MutantOutcome] { outcomes.filter { $0.status == .survived } }
    package var equivalent: Int { outcomes.filter { $0.status == .equivalent }.count }
    package var notPlayed: Int { outcomes.filter { $0.status == .notPlayed }.count }
    /// Mutants a scenario could notice: all but equivalent and invalid ones.
    public var scored: Int { outcomes.filter { $0.status == .killed || $0.status == .survived }.count }
    /// Killed mutants in percent of ``scored``; 100 when there are none.
    package var score: Double { scored == 0 ? 100 : Double(killed) * 100 / Double(scored) }
}

/// A `specrun mutate` run over several specs.
package struct MutationReport: Sendable {
    package var specs: [SpecMutation]
    /// Specs that did not load, and equivalent-mutant marks that mark nothing, as diagnostics.
    package var invalid: [LoadedSpec]
    /// Set when the time budget ran out: its seconds, and the specs not even started.
    package var timeBudget: Double?
    package var specsNotStarted: [String] = []
    /// Seconds the run took.
    package var seconds = 0.0

    package init(specs: [SpecMutation], invalid: [LoadedSpec]) {
        self.specs = specs
        self.invalid = invalid
    }

    package var notPlayed: Int { specs.map(\.notPlayed).reduce(0, +) }
    /// Mutants of the specs started, played or not.
    package var mutants: Int { specs.map(\.outcomes.count).reduce(0, +) }

    package var killed: Int { specs.map(\.killed).reduce(0, +) }
    package var scored: Int { specs.map(\.scored).reduce(0, +) }
    package var score: Double { scored == 0 ? 100 : Double(killed) * 100 / Double(scored) }
}
