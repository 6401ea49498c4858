import SpecExploration
import SpecRuntime

/// What breadth-first search remembers of the steps it took from a state, to know later moves
/// without taking them (see docs/explore.md, "Strategies"): a longer wait from a shorter one's
/// state, a step of the rest of the screen or of a part one input drives alone, and a restarted
/// request. Each `note…` is called after a step taken from the state of the last
/// ``prepareExpansion()`` with no explored service called; each `…Hash` answers for a move from
/// the state of the last ``prepareExpansion()``.
extension ExplorationDriver {
    /// What is known of move `m` from the state being expanded before it is taken (one call per
    /// move, the same in ``Search`` and ``SearchWorker``). A prediction with a wait is remembered in
    /// `memo` as what the wait reached from the state the input alone reaches.
    func knowledge(of m: Int, inputAlone: InputAlone, memo: inout WaitMemo) -> MoveKnowledge {
        let wait = alphabet.waitOf[m]
        var k = MoveKnowledge()
        k.basic = predictedHash(m) ?? chainedHash(m)
        k.predicted = k.basic ?? partedHash(m) ?? restartedHash(m)
        // An input then a wait that runs something: what the wait reached from the state the
        // input alone reaches, if that was taken before (from this state or another).
        k.written = wait > 0 && predicts ? predictedWrite(m) ?? inputAlone.reached(by: alphabet.inputOf[m]) : nil
        if let predicted = k.predicted, let written = k.written { memo.remember(from: written, waiting: wait, reached: predicted) }
        return k
    }

    /// Move `m`, known to reach `known` (a state seen), is not taken: what it is known to do is
    /// noted as a step's would be. True when it waits nothing and reaches a state with nothing
    /// scheduled, so that the same input's waits change nothing more (`idle`: the state being
    /// expanded has nothing scheduled).
    func noteSkipped(_ m: Int, _ k: MoveKnowledge, reached known: UInt64, idle: Bool, inputAlone: inout InputAlone) -> Bool {
        let wait = alphabet.waitOf[m]
        if wait == 0 { inputAlone.note(alphabet.inputOf[m], reached: known) }
        if k.basic != nil || k.predicted == nil { noteKnown(m, reached: known, idle: wait == 0 && idle) }
        return wait == 0 && (k.basic != nil ? idle : partedIdle)
    }

    /// Move `m`, taken from the state being expanded with no explored service called, reached
    /// `digest` (the graph holds that state): noted for the moves after it, from this state and
    /// from others.
    func noteTaken(_ m: Int, _ k: MoveKnowledge, reached digest: UInt64, memo: inout WaitMemo, inputAlone: inout InputAlone) {
        let wait = alphabet.waitOf[m]
        if let written = k.written { memo.remember(from: written, waiting: wait, reached: digest) }
        if wait == 0 { inputAlone.note(alphabet.inputOf[m], reached: digest) } else { noteWaited(move: m, reached: digest) }
        noteParted(m, reached: digest)
        noteRestart(m, reached: digest)
    }

    /// The step just taken (a move of `input`, -1 for a wait alone, waiting `wait`) reached
    /// `digest`, and no explored service was called: a later move of the same input from the same
    /// state that waits longer reaches what waiting the difference reaches from here, which
    /// ``chainedHash(_:)`` knows while nothing comes due within the difference. Waiting composes:
    /// the clock runs the same timers in the same order whether it stops on the way or not.
    func noteWaited(move m: Int, reached digest: UInt64) {
        guard predicts, longerWaitFollows[m] else { return }
        chain.input = alphabet.inputOf[m]
        chain.wait = alphabet.waitOf[m]
        chain.digest = digest
        chain.untilDue = clock.nextDue.map { $0 &- clock.now }
        guard let untilDue = chain.untilDue else { return }
        if chainDeltas.count != waits.count + 1 { chainDeltas = Array(repeating: 0, count: waits.count + 1) }
        var usable = false
        for (k, w) in waits.enumerated() {
            let delta = max(0, w - chain.wait)
            chainDeltas[k + 1] = delta
            if delta > 0 && delta < untilDue { usable = true }
        }
        guard usable else {
            chain.input = -2
            return
        }
        digester.pendingDigests(after: chainDeltas, into: &chain.after)
        chain.pending = chain.after[0]
    }

    /// The digest move `m` reaches when the last ``noteWaited(move:reached:)`` was of the same
    /// input from the same state with a shorter wait, and nothing came due within the difference.
    func chainedHash(_ m: Int) -> UInt64? {
        guard predicts, chain.input == alphabet.inputOf[m] else { return nil }
        let delta = alphabet.waitOf[m] - chain.wait
        guard delta > 0 else { return nil }
        guard let untilDue = chain.untilDue else { return chain.digest }
        guard untilDue > delta else { return nil }
        return chain.digest &- chain.pending &+ chain.after[waitIndex[m] + 1]
    }

    /// The digest move `m` reaches from the state of the last ``prepareExpansion()``, when a step
    /// from a state with the same rest (a move of the rest) or the same part (a move of a part's
    /// input, and the same rest for its wait) was noted (``noteParted(_:reached:)``).
    func partedHash(_ m: Int) -> UInt64? {
        partedIdle = false
        guard predicts, !parts.isEmpty else { return nil }
        let input = alphabet.inputOf[m]
        let part = input >= 0 ? partOfInput[input] : -1
        guard part >= 0 else {
            guard let (rest, idle) = restMemo.entry(from: expansion.rest, waiting: m) else { return nil }
            partedIdle = idle
            return expansion.digest &- expansion.rest &+ rest
        }
        guard expansion.partUsable[input], let after = partMemo.reached(from: expansion.partFrom[input], waiting: input) else { return nil }
        // A part schedules nothing: the timers are the rest's.
        partedIdle = expansion.untilDue == nil
        var rest = expansion.rest
        if alphabet.waitOf[m] > 0 {
            guard waitAlone[m] >= 0, let (waited, idle) = restMemo.entry(from: rest, waiting: waitAlone[m]) else { return nil }
            rest = waited
            partedIdle = idle
        }
        return expansion.digest &- expansion.rest &+ rest &- expansion.parts[part] &+ after
    }

    /// The digest move `m` (an input that restarts a request, with no wait) reaches from the
    /// state of the last ``prepareExpansion()``, when the same input was noted restarting it
    /// with the nodes its call reads as they are now (``noteRestart(_:reached:)``); the input,
    /// the pipeline and the timers are all it changes. ``partedIdle`` tells whether nothing is
    /// scheduled then.
    func restartedHash(_ m: Int) -> UInt64? {
        guard predicts, alphabet.waitOf[m] == 0, !expansion.restartTerms.isEmpty else { return nil }
        let input = alphabet.inputOf[m]
        guard input >= 0, let before = expansion.restartTerms[input],
              let (after, idle) = restartMemo.entry(from: expansion.restartKeys[input], waiting: 0) else { return nil }
        partedIdle = idle
        return expansion.digest &- before &+ after
    }

    /// Move `m`, taken from the state of the last ``prepareExpansion()`` with no explored service
    /// called, reached `digest`: when it restarts a request whose terms were known before, the
    /// terms it overwrote with are noted for ``restartedHash(_:)``.
    func noteRestart(_ m: Int, reached digest: UInt64) {
        guard predicts, alphabet.waitOf[m] == 0, !expansion.restartTerms.isEmpty else { return }
        let input = alphabet.inputOf[m]
        guard input >= 0, let restart = restarts[input], let before = expansion.restartTerms[input],
              let after = digester.restartTerms(node: restart.node, pipeline: restart.pipeline, pending: digester.pendingDigest()) else { return }
        assert(digest &- after == expansion.digest &- before, "a restarted request changed more than its input, its pipeline and their timers")
        restartMemo.remember(from: expansion.restartKeys[input], waiting: 0, reached: after, flag: clock.pendingCount == 0)
    }

    /// Move `m` from the state of the last ``prepareExpansion()`` is known to reach `digest`
    /// without taking it (predicted, or remembered from the state its input alone reaches): a move
    /// of the rest leaves the parts as they are, so what it does to the rest is noted as a step's
    /// would be. `idle`: whether that state has nothing scheduled (read for a move with no wait).
    func noteKnown(_ m: Int, reached digest: UInt64, idle: Bool) {
        guard predicts, !parts.isEmpty else { return }
        let input = alphabet.inputOf[m]
        guard input < 0 || partOfInput[input] < 0 else { return }
        restMemo.remember(from: expansion.rest, waiting: m, reached: digest &- (expansion.digest &- expansion.rest), flag: idle)
    }

    /// Move `m`, taken from the state of the last ``prepareExpansion()`` with no explored service
    /// called, reached `digest` (the graph holds that state): what it did to the rest, or to its
    /// part and, waiting, to the rest, is noted for ``partedHash(_:)``.
    func noteParted(_ m: Int, reached digest: UInt64) {
        guard predicts, !parts.isEmpty else { return }
        if reachedParts.count != parts.count { reachedParts = Array(repeating: 0, count: parts.count) }
        var rest = digest
        for (k, part) in parts.enumerated() {
            reachedParts[k] = digester.digestPart(nodes: part.nodes, pipelines: part.pipelines)
            rest &-= reachedParts[k]
        }
        let input = alphabet.inputOf[m]
        let part = input >= 0 ? partOfInput[input] : -1
        assert(parts.indices.allSatisfy { $0 == part || reachedParts[$0] == expansion.parts[$0] }, "a step changed a part of the screen its input does not drive")
        let idle = clock.pendingCount == 0
        if part < 0 {
            restMemo.remember(from: expansion.rest, waiting: m, reached: rest, flag: idle)
        } else {
            // A row's event on a row holding a NaN may have written the rows: noted nowhere.
            guard expansion.partUsable[input] else { return }
            partMemo.remember(from: expansion.partFrom[input], waiting: input, reached: reachedParts[part])
            if waitAlone[m] >= 0 {
                restMemo.remember(from: expansion.rest, waiting: waitAlone[m], reached: rest, flag: idle)
            } else {
                assert(alphabet.waitOf[m] > 0 || rest == expansion.rest, "a part's input changed the rest of the screen")
            }
        }
        partNotes &+= 1
        if partNotes & 1023 == 0 {
            restMemo.fit(states: partNotes / 2)
            partMemo.fit(states: partNotes / 16)
        }
    }
}

/// What breadth-first search knows of a move before taking it (``ExplorationDriver/knowledge(of:inputAlone:memo:)``).
struct MoveKnowledge {
    /// The digest reached, known from the state alone (a prediction, or a longer wait from a
    /// shorter one's state).
    var basic: UInt64?
    /// That, or known from what the rest, a part or a restarted request did before.
    var predicted: UInt64?
    /// The digest the move's input alone reaches, whose wait the search may remember.
    var written: UInt64?

    /// The digest the move reaches, when known.
    func reached(waiting wait: Int, _ memo: WaitMemo) -> UInt64? {
        predicted ?? written.flatMap { memo.reached(from: $0, waiting: wait) }
    }
}
