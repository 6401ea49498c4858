import Foundation
import SpecExploration
import SpecRuntime

/// One thread's share of a parallel breadth-first search (see ``ParallelSearch``): its own driver
/// (graph and clock), the states it saved, and a log of what expanding its nodes did, which the
/// search merges in the order one worker would have met it.
///
/// Saved states stay with the worker that saved them (a ``ScreenGraph/State`` is a value, timers
/// included, and could move, but a worker's memory of states is its own): a node whose state
/// another worker holds is reached by replaying its path (a few steps, against the tens of moves
/// its expansion takes).
///
/// `@unchecked Sendable`: a worker is used by one thread at a time. The search hands it to a
/// thread for a round and takes it back after the round's dispatch group has been waited on,
/// which orders every access of one thread before the next thread's.
final class SearchWorker: @unchecked Sendable {
    let driver: ExplorationDriver
    /// Its place among the workers: the owner recorded in the nodes whose states it saved.
    let index: Int
    private var memo: WaitMemo
    private var noOps: [Bool] = []
    /// The states it saved for the level being expanded, by slot, and those for the next level.
    var held: [ScreenGraph.State?] = []
    var next: [ScreenGraph.State?] = []
    /// What the last round's nodes did, in the order taken.
    private(set) var log: [SearchLogEntry] = []
    /// Bytes of the wait table, for the memory estimate.
    var memoBytes: Int { memo.bytes + driver.memoBytes }

    init(driver: ExplorationDriver, index: Int, maxStates: Int) {
        self.driver = driver
        self.index = index
        memo = WaitMemo(capacity: min(maxStates, 1 << 20) * 2)
    }

    /// The next level's states become the ones to expand.
    func beginLevel() {
        held = next
        next = []
    }

    /// Expands `nodes` (frontier positions `first...`) at `depth`, logging every transition as
    /// ``Search/breadthFirst(_:target:)`` takes it, against the digests of `tree` (read only,
    /// shared by every worker during the round) and those this round found itself.
    func expand(_ nodes: ArraySlice<FrontierNode>, depth: Int, round: SearchRound, tree: SearchTree, shared: SearchShared,
                report: ((Int) -> Void)? = nil) {
        log.removeAll(keepingCapacity: true)
        let seen = tree.seen
        var found = DigestSet(capacity: 64)
        let alphabet = driver.alphabet
        let moves = alphabet.moves.count
        let choices = alphabet.choices
        let limit = round.depthLimit
        let canRestore = driver.canRestore
        var transitions = 0
        var flushed = 0
        var nextCheck = Explorer.checkInterval
        var candidates = 0

        /// Whether to stop here: the round's step budget spent (the merge stops at or before this
        /// point), the time up, or an earlier worker already stopped for good.
        func stops() -> Bool {
            if transitions >= round.remainingSteps {
                log.append(SearchLogEntry(cut: .steps))
                return true
            }
            guard transitions >= nextCheck else { return false }
            nextCheck = transitions + Explorer.checkInterval
            shared.add(transitions: transitions - flushed)
            flushed = transitions
            report?(transitions)
            if Explorer.seconds(since: round.started) >= round.maxSeconds {
                log.append(SearchLogEntry(cut: .seconds))
                return true
            }
            if shared.stoppedBefore(index) {
                log.append(SearchLogEntry(cut: .abandoned))
                return true
            }
            return false
        }
        /// A transition that found nothing new, folded into a run of them.
        func plain(_ increment: Int) {
            if let last = log.last, last.kind == .run, last.increment == increment {
                log[log.count - 1].count += 1
            } else {
                log.append(SearchLogEntry(run: increment))
            }
        }

        defer { shared.add(transitions: transitions - flushed) }
        nodes: for position in nodes.indices {
            let node = nodes[position]
            log.append(SearchLogEntry(node: position))
            var saved: ScreenGraph.State?
            var prefix: [PathStep] = []
            if node.owner == index, node.slot >= 0, let state = held[Int(node.slot)] {
                held[Int(node.slot)] = nil
                saved = state
                driver.restore(state)
            } else {
                // Replayed here also without saved states: which moves to try is read from the node's state.
                prefix = tree.path(to: Int(node.index))
                _ = driver.replay(prefix)
                if canRestore {
                    saved = driver.save()
                    prefix = []
                }
            }
            assert(!canRestore || driver.stateHash() == node.digest, "a replayed state differs from the state saved")
            if saved != nil { driver.prepareExpansion() }
            driver.noOpInputs(into: &noOps)
            let idle = driver.clock.pendingCount == 0
            // A spec that reads `now` has no idle wait (see Explorer's own loop).
            let timeless = !driver.digester.readsClock
            var idleAfter = -2
            var holdsSaved = saved != nil
            var inputAlone = InputAlone()
            for m in 0..<moves {
                let input = alphabet.inputOf[m]
                if input >= 0 && noOps[input] { continue }
                let wait = alphabet.waitOf[m]
                if wait > 0 && timeless && (input < 0 ? idle : input == idleAfter) { continue }
                // Known only from a state the graph was restored to (prepared for its expansion).
                let knowledge = saved == nil ? MoveKnowledge() : driver.knowledge(of: m, inputAlone: inputAlone, memo: &memo)
                if let known = knowledge.reached(waiting: wait, memo), seen.contains(known) || found.contains(known) {
                    transitions += 1
                    plain(1)
                    if driver.noteSkipped(m, knowledge, reached: known, idle: idle, inputAlone: &inputAlone) { idleAfter = input }
                    if stops() { break nodes }
                    continue
                }
                for c in 0..<choices {
                    if let saved {
                        if !holdsSaved { driver.restore(saved) }
                        holdsSaved = false
                    } else {
                        _ = driver.replay(prefix)
                    }
                    let increment = prefix.count + 1
                    let step = PathStep(move: m, choice: c)
                    transitions += increment
                    if let f = driver.apply(step) {
                        let wanted = round.target == nil || f.kind == round.target
                        log.append(SearchLogEntry(finding: step, increment: increment, wanted: wanted))
                        if wanted {
                            shared.stop(at: index)
                            break nodes
                        }
                        if stops() { break nodes }
                        if driver.exploredCalls == 0 { break }
                        continue
                    }
                    let calls = driver.exploredCalls
                    if wait == 0 && driver.clock.pendingCount == 0 { idleAfter = input }
                    let digest = driver.stateHash()
                    assert(knowledge.predicted == nil || knowledge.predicted == digest, "a predicted state digest differs from the state reached")
                    if calls == 0 && saved != nil { driver.noteTaken(m, knowledge, reached: digest, memo: &memo, inputAlone: &inputAlone) }
                    if !seen.contains(digest) && found.insert(digest) {
                        var slot = -1
                        var bytes = 0
                        if depth + 1 < limit, let state = driver.save() {
                            slot = next.count
                            next.append(state)
                            bytes = state.ownBytes + state.addedBytes(beyond: saved)
                        }
                        log.append(SearchLogEntry(candidate: step, increment: increment, digest: digest, slot: slot, bytes: bytes))
                        candidates += 1
                        memo.fit(states: round.distinctStates + candidates)
                    } else {
                        plain(increment)
                    }
                    if stops() { break nodes }
                    if calls == 0 { break }
                }
            }
            // A share of the new states the budget has left: the merge takes it from here, and
            // has the rest of these nodes expanded if it needs them. (Without this, every worker
            // would expand until it alone had found all the states left.)
            if candidates >= round.statesPerShare && position + 1 < nodes.endIndex {
                log.append(SearchLogEntry(cut: .states))
                break
            }
        }
        if log.last?.kind == .cut, log.last?.cut != .states { shared.stop(at: index) }
    }
}

/// One node to expand: its index in the search's tree, its digest, and where its state is kept.
struct FrontierNode: Sendable {
    var index: Int32
    /// The worker holding its state, and the slot there (-1: none was saved).
    var owner: Int16
    var slot: Int32
    var digest: UInt64
}

/// What one transition (or a run of them) did, as a worker logs it for the merge.
struct SearchLogEntry: Sendable {
    enum Kind: UInt8, Sendable { case node, run, candidate, finding, cut }
    /// Why a worker stopped before the end of its nodes.
    enum Cut: UInt8, Sendable { case none, steps, seconds, states, abandoned }

    var kind: Kind
    var cut: Cut = .none
    /// Whether a finding is the kind searched for (it ends the search).
    var wanted = false
    /// A node's position in the frontier; a run's length.
    var count = 0
    /// Transitions each step of it counts (the step, and the path replayed before it).
    var increment = 1
    var step = PathStep(move: 0, choice: 0)
    var digest: UInt64 = 0
    var slot: Int32 = -1
    var bytes = 0

    init(node position: Int) {
        kind = .node
        count = position
    }

    init(run increment: Int) {
        kind = .run
        count = 1
        self.increment = increment
    }

    init(candidate step: PathStep, increment: Int, digest: UInt64, slot: Int, bytes: Int) {
        kind = .candidate
        self.step = step
        self.increment = increment
        self.digest = digest
        self.slot = Int32(slot)
        self.bytes = bytes
    }

    init(finding step: PathStep, increment: Int, wanted: Bool) {
        kind = .finding
        self.step = step
        self.increment = increment
        self.wanted = wanted
    }

    init(cut: Cut) {
        kind = .cut
        self.cut = cut
    }
}

/// What every worker of a round reads and nothing writes during it.
struct SearchRound: Sendable {
    var depthLimit: Int
    var target: FindingKind?
    /// Steps left in the budget when the round began, and the distinct states left divided
    /// among the round's shares, rounded up.
    var remainingSteps: Int
    var statesPerShare: Int
    var distinctStates: Int
    var started: ContinuousClock.Instant
    var maxSeconds: Double
}

/// The search's tree and digests: written by the coordinating thread between rounds, read by
/// every worker during one. `@unchecked Sendable` for that reason: the dispatch group's wait
/// separates the writes from the reads.
final class SearchTree: @unchecked Sendable {
    var seen = DigestSet(capacity: 1024)
    var parents: [Int32] = [-1]
    var steps: [PathStep] = [PathStep(move: 0, choice: 0)]

    func path(to node: Int) -> [PathStep] {
        var out: [PathStep] = []
        var n = node
        while n > 0 {
            out.append(steps[n])
            n = Int(parents[n])
        }
        return out.reversed()
    }
}

/// What workers tell each other during a round, under a lock: transitions taken (for the
/// progress line) and the first worker (worker k expands the k-th share of the round's nodes,
/// so this is the merge order) that stopped for good.
final class SearchShared: @unchecked Sendable {
    private let lock = NSLock()
    private var taken = 0
    private var stoppedAt = Int.max

    var transitions: Int { lock.withLock { taken } }

    func add(transitions: Int) {
        guard transitions != 0 else { return }
        lock.withLock { taken += transitions }
    }

    /// A worker at `order` stopped for good (a violation, a budget): later ones need not go on.
    func stop(at order: Int) { lock.withLock { stoppedAt = min(stoppedAt, order) } }

    func stoppedBefore(_ order: Int) -> Bool { lock.withLock { stoppedAt < order } }

    func beginRound(transitions: Int) {
        lock.withLock {
            taken = transitions
            stoppedAt = .max
        }
    }
}
