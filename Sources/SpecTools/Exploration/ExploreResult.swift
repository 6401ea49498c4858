import ScreenSpec
import SpecRuntime

/// What an exploration did and found.
public struct ExploreResult: Sendable {
    public enum Stop: String, Sendable {
        /// Every distinct state up to the depth was visited (bfs).
        case exhausted
        case depth
        case maxSteps
        case maxSeconds
        case maxStates
        case maxMemory
        case violation
    }

    public var strategy: ExploreOptions.Strategy
    public var seed: UInt64
    public var depthLimit: Int
    /// Transitions taken (steps applied), including those replayed to reach a state.
    public var transitions = 0
    /// Distinct states seen (bfs), or states visited (random).
    public var distinctStates = 0
    public var depthReached = 0
    public var seconds = 0.0
    public var stop: Stop = .exhausted
    /// How many moves are tried from each state, before outcome choices.
    public var moves = 0
    /// The bytes the search kept when it stopped (estimated, see `HeldBytes`), and its budget.
    public var memoryBytes = 0
    public var memoryLimit = ExploreOptions.defaultMaxMemory
    /// The violation, shrunk, when one was found.
    public var counterexample: Counterexample?

    public var violated: Bool { counterexample != nil }
}

/// A shortest failing sequence found by exploration, ready to print as a scenario.
public struct Counterexample: Sendable {
    /// What broke: `invariant 'name'`, `run-time error` ...
    public var title: String
    public var message: String
    /// The scenario in the spec's YAML, indented as an item of `scenarios:`.
    public var scenarioYAML: String
    public var scenarioName: String
    public var steps: Int
    /// Length of the sequence first found, before shrinking.
    public var foundSteps: Int
}
