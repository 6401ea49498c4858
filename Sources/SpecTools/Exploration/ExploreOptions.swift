import SpecRuntime

/// How `specrun explore` searches and where it stops. Every bound is enforced.
public struct ExploreOptions: Sendable {
    /// How the states are searched: breadth-first, or seeded random walks.
    public enum Strategy: String, Sendable, CaseIterable {
        /// Every distinct state up to the depth, shortest sequences first.
        case bfs
        /// Seeded random walks of at most the depth, restarted from the initial state.
        case random
    }

    /// The search: `bfs` (the default) or `random`.
    public var strategy: Strategy = .bfs
    /// Steps per sequence; nil takes the spec's `explore: depth:` or the strategy's default.
    public var depth: Int?
    /// The seed of the random walks: the same seed walks the same way.
    public var seed: UInt64 = 0
    /// Steps taken in all (transitions tried, for `bfs`).
    public var maxSteps: Int = 2_000_000
    /// Wall-clock seconds the search may take (shrinking a found sequence is bounded separately).
    public var maxSeconds: Double = 30
    /// Distinct states kept (for `bfs`); the search stops when it has seen this many.
    public var maxStates: Int = 200_000
    /// Bytes the search may keep (for `bfs`): the states still to expand, the digests of the
    /// states seen, the queue and the wait table, estimated as it goes (see `HeldBytes`).
    package var maxMemory: Int = Self.defaultMaxMemory
    package static let defaultMaxMemory = 1 << 30
    /// Threads breadth-first search runs on, each with a graph of its own; the result is the
    /// same for any number (see ``ParallelSearch``). Random walks take one. `specrun explore`
    /// passes the machine's cores unless `--workers` says otherwise.
    public var workers: Int = 1
    /// The scenario whose parameters a screen with `params:` is explored with, by name; nil (or a
    /// name no scenario has) for the first scenario's. `specrun explore --params-from`.
    public var paramsFrom: String?
    /// Scheduled events one step may run before it counts as a runaway.
    package var maxEventsPerStep: Int = 100_000
    /// Whether breadth-first search may know a move's state without taking it (see
    /// ``ExplorationDriver/predictedHash(_:)``); off, every move is taken. Tests compare the two.
    package var predicts = true
    /// Tests: breadth-first search (on one worker) takes every move whose state it knew anyway
    /// and counts those that reach another state or find something
    /// (``ExploreResult/predictionMismatches``).
    package var verifiesPredictions = false

    package static let defaultDepth: [Strategy: Int] = [.bfs: 6, .random: 20]

    /// The defaults of `specrun explore`.
    public init() {}

    /// The depth used for `spec`'s explore plan depth `planned`.
    package func depth(planned: Int?) -> Int {
        depth ?? planned ?? Self.defaultDepth[strategy] ?? 6
    }
}
