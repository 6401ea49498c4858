import ScreenSpec
import SpecExploration
import SpecRuntime

/// Where an exploration is, for a progress line.
public struct ExploreProgress: Sendable {
    /// Distinct states seen so far.
    public var distinctStates: Int
    /// Transitions taken so far.
    public var transitions: Int
    /// The depth reached.
    public var depth: Int
    /// Seconds since the search began.
    public var seconds: Double
}

/// Explores a screen's reachable states (see docs/explore.md): breadth-first over distinct states
/// or by seeded random walks, checking the invariants and the always-bugs after every step, and
/// shrinks what it finds to a shortest failing sequence printed as a scenario.
public enum Explorer {
    /// How often (in transitions) the time bound is read and progress reported.
    static let checkInterval = 512

    /// Explores `spec` as `specrun explore` does, within `options`' bounds; `progress` hears from it now and then.
    public static func explore(_ spec: CheckedSpec, options: ExploreOptions,
                               progress: ((ExploreProgress) -> Void)? = nil) -> ExploreResult {
        let driver = ExplorationDriver(spec: spec, maxEventsPerStep: max(1, options.maxEventsPerStep),
                                       paramsFrom: options.paramsFrom.flatMap { name in spec.scenarios.firstIndex { $0.name == name } })
        // A spec that reads `now` has no wait that changes nothing, which the predictions assume
        // of a wait with nothing scheduled: every move is taken.
        driver.predicts = options.predicts && !driver.digester.readsClock
        var result = ExploreResult(strategy: options.strategy, seed: options.seed, depthLimit: max(0, options.depth(planned: spec.explore.depth)))
        result.memoryLimit = options.maxMemory
        result.moves = driver.alphabet.moves.count
        if !spec.params.isEmpty { result.paramsFrom = driver.paramsScenario.map { spec.scenarios[$0].name } }
        result.slowWaits = SlowDefaultWaits.of(spec)
        let started = ContinuousClock.now
        var search = Search(driver: driver, options: options, started: started, progress: progress)
        /// Breadth-first on `options.workers` threads, or on this one, from the screen's start,
        /// wherever a random walk and its shrinking left the driver.
        func breadthFirst(_ result: inout ExploreResult, started: ContinuousClock.Instant, target: FindingKind? = nil) -> [PathStep]? {
            driver.reset()
            let before = driver.stepsTaken
            guard options.workers > 1 else {
                var search = Search(driver: driver, options: options, started: started, progress: progress)
                defer { result.stepsRun += driver.stepsTaken - before }
                return search.breadthFirst(&result, target: target)
            }
            var parallel = ParallelSearch(driver: driver, workers: options.workers, options: options, started: started, progress: progress)
            defer { result.stepsRun += parallel.workers.dropFirst().reduce(driver.stepsTaken - before) { $0 + $1.driver.stepsTaken } }
            return parallel.breadthFirst(&result, target: target)
        }
        let found: [PathStep]?
        switch options.strategy {
        case .bfs: found = breadthFirst(&result, started: started)
        case .random:
            found = search.randomWalks(&result)
            result.stepsRun = driver.stepsTaken
        }
        // `--max-seconds` is the whole exploration's: the search, shrinking what it found and the
        // search below a random walk's find all stop at one deadline.
        var shrinker = Shrinker(driver: driver)
        shrinker.deadline = started + .milliseconds(Int(min(options.maxSeconds, 86_400) * 1000))
        if let found, var (path, kind) = shrinker.shrink(found) {
            result.stop = .violation
            // A random walk is rarely shortest: search breadth-first below its length for the
            // same failure, within the same budgets; its time is what the walk left.
            if options.strategy == .random && path.count > 1 {
                result.seconds = seconds(since: started)
                let belowStarted = ContinuousClock.now
                var scratch = ExploreResult(strategy: .bfs, seed: options.seed, depthLimit: path.count - 1)
                var shorter = false
                if let again = breadthFirst(&scratch, started: started, target: kind), let (p, k) = shrinker.shrink(again), k == kind {
                    path = p
                    kind = k
                    shorter = true
                }
                result.below = ExploreResult.Below(depth: scratch.depthLimit, distinctStates: scratch.distinctStates, depthReached: scratch.depthReached,
                                                   seconds: seconds(since: belowStarted), stop: shorter ? .violation : scratch.stop, shorter: shorter)
            }
            result.counterexample = CounterexampleWriter(driver: driver).write(path, foundSteps: found.count)
        }
        // A random walk's time is the walk's: the search below it says its own.
        if result.below == nil { result.seconds = seconds(since: started) }
        return result
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}

/// The two strategies over one driver, with the shared bounds.
private struct Search {
    let driver: ExplorationDriver
    let options: ExploreOptions
    let started: ContinuousClock.Instant
    let progress: ((ExploreProgress) -> Void)?
    private var nextCheck = Explorer.checkInterval
    private var gauge = MemoryGauge()

    init(driver: ExplorationDriver, options: ExploreOptions, started: ContinuousClock.Instant, progress: ((ExploreProgress) -> Void)?) {
        self.driver = driver
        self.options = options
        self.started = started
        self.progress = progress
    }

    /// Checks the step and time bounds every ``Explorer/checkInterval`` transitions; the reason to
    /// stop, if one was reached. Inlined, the common case is two comparisons.
    @inline(__always)
    private mutating func bound(_ result: ExploreResult, depth: Int) -> ExploreResult.Stop? {
        let transitions = result.transitions
        if transitions >= options.maxSteps { return .maxSteps }
        guard transitions >= nextCheck else { return nil }
        return check(transitions: transitions, distinctStates: result.distinctStates, depth: depth)
    }

    private mutating func check(transitions: Int, distinctStates: Int, depth: Int) -> ExploreResult.Stop? {
        nextCheck = transitions + Explorer.checkInterval
        let elapsed = Explorer.seconds(since: started)
        progress?(ExploreProgress(distinctStates: distinctStates, transitions: transitions, depth: depth, seconds: elapsed))
        return elapsed >= options.maxSeconds ? .maxSeconds : nil
    }

    /// Breadth-first over distinct states; the first failing sequence found is a shortest one.
    /// With a `target`, only a failure of that kind counts; states with another failure are not
    /// expanded.
    mutating func breadthFirst(_ result: inout ExploreResult, target: FindingKind? = nil) -> [PathStep]? {
        if let f = driver.startFinding, target == nil || f.kind == target { return [] }
        let limit = result.depthLimit
        let alphabet = driver.alphabet
        let moves = alphabet.moves.count
        let choices = alphabet.choices
        var noOps: [Bool] = []
        // Nodes in the order found, which is the queue: parent, the step from it, depth.
        var parents: [Int32] = [-1]
        var steps: [PathStep] = [PathStep(move: 0, choice: 0)]
        var depths: [Int32] = [0]
        var states: [ScreenGraph.State?] = [driver.save()]
        var seen = DigestSet(capacity: 1024)
        var memo = WaitMemo(capacity: min(options.maxStates, 1 << 20) * 2)
        _ = seen.insert(driver.stateHash())
        result.distinctStates = 1
        var next = 0
        // The bytes of the saved states, counted once when saved (see `HeldBytes`): what a state
        // alone owns is taken off when it is expanded and dropped; what it may share with the
        // states reached from it stays counted, so this is never below what is held.
        var stateBytes = states[0].map { $0.ownBytes + $0.addedBytes(beyond: nil) } ?? 0
        /// Everything the search keeps: the saved states, the queue's arrays, the tables.
        func held() -> Int {
            stateBytes + parents.capacity * MemoryLayout<Int32>.stride + steps.capacity * MemoryLayout<PathStep>.stride
                + depths.capacity * MemoryLayout<Int32>.stride + states.capacity * MemoryLayout<ScreenGraph.State?>.stride
                + seen.bytes + memo.bytes + driver.memoBytes
        }
        defer {
            result.memoryBytes = max(result.memoryBytes, held(), gauge.measure())
            result.heldBytes = max(result.heldBytes, held())
        }

        func path(to node: Int) -> [PathStep] {
            var out: [PathStep] = []
            var n = node
            while n > 0 {
                out.append(steps[n])
                n = Int(parents[n])
            }
            return out.reversed()
        }

        result.stop = .exhausted
        while next < parents.count {
            let depth = Int(depths[next])
            if depth >= limit {
                result.stop = .depth
                break
            }
            result.depthReached = max(result.depthReached, depth + 1)
            // Every state found above the depth limit was saved (the deepest ones are not expanded).
            guard let saved = states[next] else { break }
            states[next] = nil
            stateBytes -= saved.ownBytes
            driver.restore(saved)
            // What a move reaches, when that is known without taking it (see
            // `ExplorationDriver.predictedHash`): such a move already seen is not taken.
            driver.prepareExpansion()
            // Which inputs only set an input to the value it has: the same state as the wait alone.
            driver.noOpInputs(into: &noOps)
            // Absolute time is not part of a state (unless the spec reads `now`: not `timeless`),
            // so with nothing scheduled a wait changes nothing: a wait alone from an idle state,
            // or a wait after an input step that left nothing scheduled (its 0 ms move was just
            // tried), reaches a state already reached.
            let idle = driver.clock.pendingCount == 0
            let timeless = !driver.digester.readsClock
            var idleAfter = -2
            // Whether the graph still holds the state being expanded (no step taken since).
            var holdsSaved = true
            // The state the last input step alone (its move with no wait) reached, and which input.
            var inputAlone = InputAlone()
            for m in 0..<moves {
                let input = alphabet.inputOf[m]
                if input >= 0 && noOps[input] { continue }
                let wait = alphabet.waitOf[m]
                if wait > 0 && timeless && (input < 0 ? idle : input == idleAfter) { continue }
                let knowledge = driver.knowledge(of: m, inputAlone: inputAlone, memo: &memo)
                if let known = knowledge.reached(waiting: wait, memo), seen.contains(known) {
                    result.transitions += 1
                    if options.verifiesPredictions {
                        // Taken anyway, for tests: it must reach what was known, finding nothing.
                        driver.restore(saved)
                        holdsSaved = false
                        if driver.apply(PathStep(move: m, choice: 0)) != nil || driver.stateHash() != known { result.predictionMismatches += 1 }
                    }
                    if driver.noteSkipped(m, knowledge, reached: known, idle: idle, inputAlone: &inputAlone) { idleAfter = input }
                    if let stop = bound(result, depth: depth + 1) {
                        result.stop = stop
                        return nil
                    }
                    continue
                }
                for c in 0..<choices {
                    if !holdsSaved { driver.restore(saved) }
                    holdsSaved = false
                    let step = PathStep(move: m, choice: c)
                    result.transitions += 1
                    if let f = driver.apply(step) {
                        if target == nil || f.kind == target { return path(to: next) + [step] }
                        if bound(result, depth: depth + 1) != nil { return nil }
                        if driver.exploredCalls == 0 { break }
                        continue
                    }
                    let calls = driver.exploredCalls
                    if wait == 0 && driver.clock.pendingCount == 0 { idleAfter = input }
                    let digest = driver.stateHash()
                    assert(knowledge.predicted == nil || knowledge.predicted == digest, "a predicted state digest differs from the state reached")
                    if calls == 0 { driver.noteTaken(m, knowledge, reached: digest, memo: &memo, inputAlone: &inputAlone) }
                    if seen.insert(digest) {
                        parents.append(Int32(next))
                        steps.append(step)
                        depths.append(Int32(depth + 1))
                        let state = depth + 1 < limit ? driver.save() : nil
                        if let state { stateBytes += state.ownBytes + state.addedBytes(beyond: saved) }
                        states.append(state)
                        result.distinctStates += 1
                        memo.fit(states: result.distinctStates)
                        if result.distinctStates >= options.maxStates {
                            result.stop = .maxStates
                            return nil
                        }
                        if gauge.reached(options.maxMemory, estimate: held(), states: result.distinctStates) {
                            result.stop = .maxMemory
                            return nil
                        }
                    }
                    if let stop = bound(result, depth: depth + 1) {
                        result.stop = stop
                        return nil
                    }
                    // Choices differ only in what explored services answer: none was called.
                    if calls == 0 { break }
                }
            }
            next += 1
        }
        return nil
    }

    /// Seeded random walks from the start, each at most the depth long.
    mutating func randomWalks(_ result: inout ExploreResult) -> [PathStep]? {
        if driver.startFinding != nil { return [] }
        let limit = result.depthLimit
        let moves = driver.alphabet.moves.count
        let choices = driver.alphabet.choices
        guard limit > 0, moves > 0 else {
            result.stop = .exhausted
            return nil
        }
        var rng = SplitMix64(seed: options.seed)
        var path: [PathStep] = []
        path.reserveCapacity(limit)
        while true {
            driver.reset()
            path.removeAll(keepingCapacity: true)
            for _ in 0..<limit {
                let step = PathStep(move: rng.below(moves), choice: choices > 1 ? rng.below(choices) : 0)
                path.append(step)
                result.transitions += 1
                result.distinctStates += 1
                if driver.apply(step) != nil {
                    result.depthReached = max(result.depthReached, path.count)
                    return path
                }
                if let stop = bound(result, depth: path.count) {
                    result.depthReached = max(result.depthReached, path.count)
                    result.stop = stop
                    return nil
                }
            }
            result.depthReached = limit
        }
    }
}

/// The digest an input step alone (its move with no wait, the first of the input's moves) reached
/// from the state being expanded: the state every later move of the same input waits from.
struct InputAlone {
    private var input = -1
    private var digest: UInt64 = 0

    /// Input `input`'s step alone reached `digest`, whatever the outcome choice (no explored
    /// service was called).
    mutating func note(_ input: Int, reached digest: UInt64) {
        self.input = input
        self.digest = digest
    }

    /// The digest input `input` alone reached from the state being expanded, if noted.
    func reached(by input: Int) -> UInt64? { input >= 0 && input == self.input ? digest : nil }
}
