import Foundation
import ScreenSpec
import SpecRuntime

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
        /// The time budget (`--max-seconds`) ran out before it was played: not scored.
        case notPlayed
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
    public var notPlayed: Int { outcomes.filter { $0.status == .notPlayed }.count }
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
    /// Set when the time budget ran out: its seconds, and the specs not even started.
    public var timeBudget: Double?
    public var specsNotStarted: [String] = []
    /// Seconds the run took.
    public var seconds = 0.0

    public init(specs: [SpecMutation], invalid: [LoadedSpec]) {
        self.specs = specs
        self.invalid = invalid
    }

    public var notPlayed: Int { specs.map(\.notPlayed).reduce(0, +) }
    /// Mutants of the specs started, played or not.
    public var mutants: Int { specs.map(\.outcomes.count).reduce(0, +) }

    public var killed: Int { specs.map(\.killed).reduce(0, +) }
    public var scored: Int { specs.map(\.scored).reduce(0, +) }
    public var score: Double { scored == 0 ? 100 : Double(killed) * 100 / Double(scored) }
}
