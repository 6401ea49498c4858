import ScreenSpec
import SpecRuntime

/// Shrinks a failing sequence, as QuickCheck and Hypothesis shrink a counterexample: drop steps,
/// then make the ones left simpler (the first outcome, the wait without its input, shorter
/// waits), keeping a candidate only when it still fails the same way. Replays are bounded, so shrinking always ends.
struct Shrinker {
    let driver: ExplorationDriver
    /// The most sequences replayed while shrinking.
    var budget = 20_000
    /// When shrinking stops, whatever it has reached: the search's own time bound again.
    var deadline = ContinuousClock.now + .seconds(30)

    /// The shrunk sequence and what it breaks; nil if `found` does not fail when replayed.
    func shrink(_ found: [PathStep]) -> (path: [PathStep], kind: FindingKind)? {
        guard let first = driver.replay(found) else { return nil }
        let kind = first.finding.kind
        var best = Array(found.prefix(first.at + 1))
        var replays = 0

        /// The candidate cut at the step that fails, if it fails the same way.
        func failing(_ candidate: [PathStep]) -> [PathStep]? {
            replays += 1
            // Out of time: spend the rest of the budget at once, keeping what was reached.
            if replays & 63 == 0 && ContinuousClock.now > deadline { replays = budget }
            guard let r = driver.replay(candidate), r.finding.kind == kind else { return nil }
            return Array(candidate.prefix(r.at + 1))
        }

        let moves = driver.alphabet.moves
        var changed = true
        while changed && replays < budget {
            changed = false
            // Drop steps, last first: a step late in the sequence is likelier to be noise.
            var i = best.count - 1
            while i >= 0 && replays < budget {
                var candidate = best
                candidate.remove(at: i)
                if let shorter = failing(candidate) {
                    best = shorter
                    changed = true
                }
                i = min(i - 1, best.count - 1)
            }
            // Simplify each step: the first outcome, the wait alone, then shorter waits with the same input.
            for i in best.indices where replays < budget {
                if best[i].choice != 0 {
                    var candidate = best
                    candidate[i].choice = 0
                    if let simpler = failing(candidate) {
                        best = simpler
                        changed = true
                        if i >= best.count { break }
                    }
                }
                let move = moves[Int(best[i].move)]
                // The wait alone, without the input: an input that changes nothing there (a
                // disabled control, a refused action the failure does not need) is noise.
                if move.input != .none, let alone = moves.indices.first(where: { moves[$0].input == .none && moves[$0].wait == move.wait }) {
                    var candidate = best
                    candidate[i].move = Int32(alone)
                    if let simpler = failing(candidate) {
                        best = simpler
                        changed = true
                        if i >= best.count - 1 { break }
                        continue
                    }
                }
                let shorter = moves.indices.filter { moves[$0].input == move.input && moves[$0].wait < move.wait }
                    .sorted { moves[$0].wait < moves[$1].wait }
                for m in shorter where replays < budget {
                    var candidate = best
                    candidate[i].move = Int32(m)
                    if let simpler = failing(candidate) {
                        best = simpler
                        changed = true
                        break
                    }
                }
                if i >= best.count - 1 { break }
            }
        }
        return (best, kind)
    }
}
