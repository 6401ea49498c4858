import SpecExploration
import SpecRuntime

/// Predicting a move without taking it: what the current state is noted as before its moves are
/// tried (``prepareExpansion()``), and the digest a move reaches when its prediction and the
/// timers say it without a step.
extension ExplorationDriver {
    /// Notes what the predictions of moves from the current state need.
    func prepareExpansion() {
        chain.input = -2
        expansion.digest = stateHash()
        if !parts.isEmpty {
            if expansion.parts.count != parts.count { expansion.parts = Array(repeating: 0, count: parts.count) }
            expansion.rest = expansion.digest
            for (k, part) in parts.enumerated() {
                expansion.parts[k] = digester.digestPart(nodes: part.nodes, pipelines: part.pipelines)
                expansion.rest &-= expansion.parts[k]
            }
            preparePartInputs()
        }
        expansion.untilDue = clock.nextDue.map { $0 &- clock.now }
        // The timers sorted and hashed once, for now (wait 0) and after each wait.
        digester.pendingDigests(after: pendingWaits, into: &pendingDigests)
        expansion.pending = pendingDigests[0]
        if predicts && restarts.contains(where: { $0 != nil }) {
            if expansion.restartTerms.count != restarts.count {
                expansion.restartTerms = Array(repeating: nil, count: restarts.count)
                expansion.restartKeys = Array(repeating: 0, count: restarts.count)
            }
            for (k, restart) in restarts.enumerated() {
                guard let restart else { continue }
                expansion.restartTerms[k] = digester.restartTerms(node: restart.node, pipeline: restart.pipeline, pending: expansion.pending)
                // The input and the terms of the nodes its call reads, mixed (the memo mixes the key
                // again with a constant of its own).
                var key = (0x5851_F42D_4C95_7F2D ^ UInt64(k)) &* 0x94D0_49BB_1331_11EB
                for r in restart.reads {
                    key = (key ^ digester.term(r)) &* 0x94D0_49BB_1331_11EB
                    key ^= key >> 32
                }
                expansion.restartKeys[k] = key
            }
        }
        if expansion.pendingAfter.count != waits.count { expansion.pendingAfter = Array(repeating: 0, count: waits.count) }
        for k in waits.indices { expansion.pendingAfter[k] = pendingDigests[k + 1] }
        if expansion.terms.count != graph.spec.nodes.count {
            expansion.terms = Array(repeating: 0, count: graph.spec.nodes.count)
            expansion.disabled = Array(repeating: false, count: graph.spec.nodes.count)
        }
        for node in predictedNodes { expansion.terms[node] = GraphDigest.term(of: node, graph.storedValue(of: node)) }
        for node in enabledNodes { expansion.disabled[node] = graph.value(of: node) == .bool(false) }
        if expansion.repeats.count != alphabet.inputs.count { expansion.repeats = Array(repeating: false, count: alphabet.inputs.count) }
        for k in repeatInputs {
            switch alphabet.inputs[k] {
            case .set(let node, let value), .send(let node, let value): expansion.repeats[k] = graph.value(of: node) == value
            case .gesture(let g): expansion.repeats[k] = repeatsGesture(alphabet.gestures[g].gesture)
            case .sendRow(let c, _, let row, _, let gesture):
                expansion.repeats[k] = repeatsRowEvent(cells: c, row: row, event: inputPredictions[k]?.node ?? -1, gesture: gesture)
            default: expansion.repeats[k] = false
            }
        }
    }

    /// The digest move `m` reaches from the state of the last ``prepareExpansion()``, when that
    /// is known without taking it: its prediction says what an input write changes, and its wait
    /// ends before anything scheduled comes due, so only the timers' delays change. Nothing runs in
    /// such a step but derived values recomputed from the cells, which cannot fail where they did
    /// not fail before (a seen state's values were computed without a finding), so a predicted
    /// state already seen needs no step at all.
    func predictedHash(_ m: Int) -> UInt64? {
        guard var h = predictedWrite(m) else { return nil }
        let wait = alphabet.waitOf[m]
        if wait > 0, let untilDue = expansion.untilDue {
            guard untilDue > wait else { return nil }
            h = h &- expansion.pending &+ expansion.pendingAfter[waitIndex[m]]
        }
        return h
    }

    /// The digest move `m`'s input alone reaches from the state of the last
    /// ``prepareExpansion()``, when its prediction knows it, whatever its wait.
    func predictedWrite(_ m: Int) -> UInt64? {
        guard predicts, let p = predictions[m] else { return nil }
        if p.repeatOnly { return expansion.repeats[alphabet.inputOf[m]] ? expansion.digest : nil }
        return p.node >= 0 && (p.enabled < 0 || !expansion.disabled[p.enabled]) ? expansion.digest &- expansion.terms[p.node] &+ p.term : expansion.digest
    }

    /// Per input of the alphabet (``MoveAlphabet/inputs``), true when it cannot change the state:
    /// a `set` of the value the input already has. A move with it reaches the same state as the
    /// wait alone. Written into `noOps`, storage the caller keeps.
    func noOpInputs(into noOps: inout [Bool]) {
        if noOps.count != alphabet.inputs.count { noOps = Array(repeating: false, count: alphabet.inputs.count) }
        for k in alphabet.inputs.indices {
            if predicts, let p = inputPredictions[k], p.enabled < 0, !p.repeatOnly {
                // The same term is the same value (``prepareExpansion()`` took the terms).
                noOps[k] = p.term == expansion.terms[p.node]
            } else if case .set(let node, let value) = alphabet.inputs[k] {
                noOps[k] = !echoes[node] && graph.value(of: node) == value
            } else {
                noOps[k] = false
            }
        }
    }
}
