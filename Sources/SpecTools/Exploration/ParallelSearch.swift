import Dispatch
import Foundation
import ScreenSpec
import SpecExploration
import SpecRuntime

/// Breadth-first search on several threads (`--workers`) with the result of one: the same
/// distinct states, transitions, depth, stop and first violation (see docs/explore.md, "Workers").
///
/// Level by level: a depth's nodes are split into contiguous shares, one per worker; each expands
/// its share on its own driver against the digests known when the level began, logging what every
/// transition did; then the logs are merged in share order, which is the order one worker takes the
/// nodes in. The merge does at each transition what ``Search/breadthFirst(_:target:)`` does: counts
/// it, keeps a new digest (the first found in that order, so from the same parent by the same
/// step), checks the budgets, returns the first violation. A move one worker skips because an
/// earlier node of the level reached its state, a worker of a later share takes and the merge drops:
/// counted once either way, and a step into a state reached without a finding finds nothing.
struct ParallelSearch {
    let workers: [SearchWorker]
    let options: ExploreOptions
    let started: ContinuousClock.Instant
    let progress: ((ExploreProgress) -> Void)?
    private let tree = SearchTree()
    private let shared = SearchShared()
    /// The nodes of the depth being expanded, and those found for the next one.
    private var frontier: [FrontierNode] = []
    private var found: [FrontierNode] = []
    /// Estimated bytes of the states saved for this level and for the next.
    private var levelBytes = 0
    private var foundBytes = 0
    private var gauge = MemoryGauge()

    /// `driver` is the first worker's; the others get drivers of their own, on the same program.
    init(driver: ExplorationDriver, workers count: Int, options: ExploreOptions, started: ContinuousClock.Instant,
         progress: ((ExploreProgress) -> Void)?) {
        var workers = [SearchWorker(driver: driver, index: 0, maxStates: options.maxStates)]
        for k in 1..<max(1, count) {
            let other = ExplorationDriver(spec: driver.spec, maxEventsPerStep: max(1, options.maxEventsPerStep), paramsFrom: driver.paramsScenario)
            other.predicts = driver.predicts
            workers.append(SearchWorker(driver: other, index: k, maxStates: options.maxStates))
        }
        self.workers = workers
        self.options = options
        self.started = started
        self.progress = progress
    }

    /// A worker's stack: a main thread's, as the graph's propagation and expressions recurse.
    static let stackSize = 8 << 20

    private enum Outcome {
        case next
        case stopped
        case violation([PathStep])
        /// A worker stopped at its state budget after the node at this frontier position.
        case resume(after: Int)
    }

    /// Breadth-first over distinct states, as ``Search/breadthFirst(_:target:)``.
    mutating func breadthFirst(_ result: inout ExploreResult, target: FindingKind? = nil) -> [PathStep]? {
        let driver = workers[0].driver
        if let f = driver.startFinding, target == nil || f.kind == target { return [] }
        defer {
            result.memoryBytes = max(result.memoryBytes, held(), gauge.measure())
            result.heldBytes = max(result.heldBytes, held())
        }
        let digest = driver.stateHash()
        _ = tree.seen.insert(digest)
        result.distinctStates = 1
        let start = driver.save()
        workers[0].next = [start]
        levelBytes = start.map { $0.ownBytes + $0.addedBytes(beyond: nil) } ?? 0
        frontier = [FrontierNode(index: 0, owner: 0, slot: start == nil ? -1 : 0, digest: digest)]
        result.stop = .exhausted
        var depth = 0
        while !frontier.isEmpty {
            if depth >= result.depthLimit {
                result.stop = .depth
                break
            }
            for worker in workers { worker.beginLevel() }
            found = []
            foundBytes = 0
            switch expand(frontier.indices, depth: depth, &result, target: target) {
            case .stopped, .resume: return nil
            case .violation(let path): return path
            case .next: break
            }
            frontier = found
            found = []
            levelBytes = foundBytes
            foundBytes = 0
            depth += 1
            progress?(ExploreProgress(distinctStates: result.distinctStates, transitions: result.transitions, depth: depth,
                                      seconds: Explorer.seconds(since: started)))
        }
        return nil
    }

    /// Expands the frontier's nodes at `positions` on the workers, then merges what they did.
    private mutating func expand(_ positions: Range<Int>, depth: Int, _ result: inout ExploreResult, target: FindingKind?) -> Outcome {
        guard !positions.isEmpty else { return .next }
        let count = min(workers.count, positions.count)
        let shares = (0..<count).map { k in
            positions.lowerBound + k * positions.count / count..<positions.lowerBound + (k + 1) * positions.count / count
        }
        let round = SearchRound(depthLimit: result.depthLimit, target: target, remainingSteps: options.maxSteps - result.transitions,
                                statesPerShare: (options.maxStates - result.distinctStates + count - 1) / count, distinctStates: result.distinctStates,
                                started: started, maxSeconds: options.maxSeconds)
        shared.beginRound(transitions: result.transitions)
        let group = DispatchGroup()
        let tree = self.tree, shared = self.shared
        for k in shares.indices.dropFirst() {
            let worker = workers[k], nodes = frontier[shares[k]]
            group.enter()
            // A thread of its own, not a job on a shared queue: the caller may itself be one of a
            // pool's threads, blocked below until the others finish.
            let thread = Thread {
                worker.expand(nodes, depth: depth, round: round, tree: tree, shared: shared)
                group.leave()
            }
            thread.stackSize = Self.stackSize
            thread.start()
        }
        // The first share on this thread, which alone calls `progress` (it need not be Sendable).
        let distinct = result.distinctStates
        let report: ((Int) -> Void)? = progress.map { progress in
            { [started] _ in
                progress(ExploreProgress(distinctStates: distinct, transitions: shared.transitions, depth: depth + 1,
                                         seconds: Explorer.seconds(since: started)))
            }
        }
        workers[0].expand(frontier[shares[0]], depth: depth, round: round, tree: tree, shared: shared, report: report)
        group.wait()
        // Taken before merging: a share stopped at the state budget has the rest of its nodes
        // expanded by the workers again, which overwrites their logs.
        let logs = workers.prefix(count).map(\.log)
        for k in shares.indices {
            let outcome = merge(logs[k], of: k, depth: depth, &result)
            guard case .resume(let after) = outcome else {
                if case .next = outcome { continue }
                return outcome
            }
            let rest = expand(after + 1..<shares[k].upperBound, depth: depth, &result, target: target)
            guard case .next = rest else { return rest }
        }
        return .next
    }

    /// Does what one worker's search does at each transition of worker `w`'s log.
    private mutating func merge(_ log: [SearchLogEntry], of w: Int, depth: Int, _ result: inout ExploreResult) -> Outcome {
        let maxSteps = options.maxSteps
        var parent = 0
        var position = 0
        for entry in log {
            switch entry.kind {
            case .node:
                position = entry.count
                parent = Int(frontier[position].index)
                result.depthReached = max(result.depthReached, depth + 1)
            case .run:
                let total = entry.count * entry.increment
                if result.transitions + total >= maxSteps {
                    // One worker checks after each of them: it stops at the first that reaches it.
                    let taken = (maxSteps - result.transitions + entry.increment - 1) / entry.increment
                    result.transitions += taken * entry.increment
                    result.stop = .maxSteps
                    return .stopped
                }
                result.transitions += total
            case .candidate:
                result.transitions += entry.increment
                if tree.seen.insert(entry.digest) {
                    found.append(FrontierNode(index: Int32(tree.parents.count), owner: Int16(w), slot: entry.slot, digest: entry.digest))
                    tree.parents.append(Int32(parent))
                    tree.steps.append(entry.step)
                    foundBytes += entry.bytes
                    result.distinctStates += 1
                    if result.distinctStates >= options.maxStates {
                        result.stop = .maxStates
                        return .stopped
                    }
                    if gauge.reached(options.maxMemory, estimate: held(), states: result.distinctStates) {
                        result.stop = .maxMemory
                        return .stopped
                    }
                } else if entry.slot >= 0 {
                    workers[w].next[Int(entry.slot)] = nil
                }
                if result.transitions >= maxSteps {
                    result.stop = .maxSteps
                    return .stopped
                }
            case .finding:
                result.transitions += entry.increment
                if entry.wanted { return .violation(tree.path(to: parent) + [entry.step]) }
                // As one worker does: a bound reached here ends the search without a reason.
                if result.transitions >= maxSteps { return .stopped }
            case .cut:
                switch entry.cut {
                case .states: return .resume(after: position)
                case .seconds:
                    result.stop = .maxSeconds
                    return .stopped
                case .steps, .abandoned, .none:
                    // Not reached: the merge stops at or before a worker's step budget, and before
                    // a share left because an earlier one stopped.
                    assertionFailure("a worker's log went past where the merge stops")
                    result.stop = .maxSteps
                    return .stopped
                }
            }
        }
        return .next
    }

    /// Everything the search keeps, as ``Search``'s estimate: the saved states (a level's until
    /// the level is done), the tree, the frontiers, the digests, the workers' wait tables.
    private func held() -> Int {
        levelBytes + foundBytes + tree.parents.capacity * MemoryLayout<Int32>.stride + tree.steps.capacity * MemoryLayout<PathStep>.stride
            + (frontier.capacity + found.capacity) * MemoryLayout<FrontierNode>.stride
            + workers.reduce(0) { $0 + $1.memoBytes + ($1.held.capacity + $1.next.capacity) * MemoryLayout<ScreenGraph.State?>.stride }
            + tree.seen.bytes
    }
}
