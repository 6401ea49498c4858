import ScreenSpec
import SpecRuntime

/// The summary `specrun explore` prints: text for people, one JSON object with `--format json`.
package enum ExploreReport {
    package static func text(_ r: ExploreResult, specPath: String) -> String {
        var out = ""
        if let cx = r.counterexample {
            let verb = cx.title.hasPrefix("invariant") ? " broken" : ""
            out += "\(specPath): \(cx.title)\(verb) after \(cx.steps) step\(cx.steps == 1 ? "" : "s")"
            out += cx.foundSteps != cx.steps ? " (shrunk from \(cx.foundSteps))\n" : "\n"
            out += "  \(cx.message)\n\n"
            out += "A scenario that reproduces it (append it to 'scenarios:', or run again with --write):\n\n"
            out += cx.scenarioYAML + "\n"
        } else {
            out += "\(specPath): no invariant broken and no always-bug found within the bounds\n"
        }
        out += summary(r)
        return out
    }

    package static func summary(_ r: ExploreResult) -> String {
        var out = "strategy \(r.strategy.rawValue)"
        if r.strategy == .random { out += ", seed \(r.seed)" }
        out += ", depth \(r.depthLimit), \(r.moves) moves per state\n"
        if let scenario = r.paramsFrom { out += "screen parameters: those of scenario '\(scenario)'\n" }
        let statesLabel = r.strategy == .bfs ? "distinct states" : "states visited"
        out += "\(grouped(r.transitions)) transitions, \(grouped(r.distinctStates)) \(statesLabel), depth reached \(r.depthReached), "
        // Under a second in milliseconds: a small search's time (and so its rate) is read at all.
        out += r.seconds < 1 ? format1(r.seconds * 1000) + " ms" : format1(r.seconds) + " s"
        // No rate for a search that took no transition: it measured nothing but its set-up.
        if r.seconds > 0 && r.transitions > 0 {
            out += " (\(grouped(Int(Double(r.strategy == .bfs ? r.distinctStates : r.transitions) / r.seconds)))/s)"
        }
        out += "\n"
        out += "stopped: \(stopText(r))\n"
        // A breadth-first search a budget stopped short of its depth proves nothing past the depth
        // it reached: a longer race is for a random walk (docs/explore.md, "Which to run").
        let budgets: [ExploreResult.Stop] = [.maxSeconds, .maxSteps, .maxStates, .maxMemory]
        if r.strategy == .bfs, !r.violated, budgets.contains(r.stop), r.depthReached < r.depthLimit {
            out += "note: breadth-first reached depth \(r.depthReached) of \(r.depthLimit); a race that needs more steps may be beyond it: "
                + "try '--strategy random --depth 20'\n"
        }
        if let b = r.below { out += belowText(b) }
        if let slow = r.slowWaits { out += slow.text }
        return out
    }

    /// The line on the breadth-first search below a random walk's length, which a walk that
    /// found a violation runs for as long again as the search may (docs/explore.md).
    static func belowText(_ b: ExploreResult.Below) -> String {
        var out = "then breadth-first below the walk, up to depth \(b.depth): \(grouped(b.distinctStates)) distinct states, "
        out += "depth reached \(b.depthReached), "
        out += b.seconds < 1 ? format1(b.seconds * 1000) + " ms" : format1(b.seconds) + " s"
        if b.shorter { return out + "; found a shorter sequence\n" }
        switch b.stop {
        case .exhausted, .depth: out += "; no shorter sequence breaks it"
        case .maxSeconds: out += "; no shorter sequence found before the time budget (--max-seconds) was used up"
        case .maxSteps: out += "; no shorter sequence found before the step budget (--max-steps) was used up"
        case .maxStates: out += "; no shorter sequence found before the state budget (--max-states) was reached"
        case .maxMemory: out += "; no shorter sequence found before the memory budget (--max-memory) was reached"
        case .violation: out += "; found a shorter sequence"
        }
        return out + "\n"
    }

    static func stopText(_ r: ExploreResult) -> String {
        switch r.stop {
        case .exhausted: return "every reachable state was explored"
        case .depth: return "every distinct state up to depth \(r.depthLimit) was explored (raise --depth to go deeper)"
        case .maxSteps: return "the step budget (--max-steps) was used up"
        case .maxSeconds: return "the time budget (--max-seconds) was used up"
        case .maxStates: return "the state budget (--max-states \(r.distinctStates)) was reached; raise it to explore further"
        case .maxMemory:
            return "the memory budget (--max-memory \(ByteCount.text(r.memoryLimit))) was reached: the states still to expand, the digests "
                + "of those seen and the search's tables held about \(ByteCount.text(r.memoryBytes)); raise it, or lower --depth to explore less"
        case .violation: return "a violation was found"
        }
    }

    package static func json(_ r: ExploreResult, specPath: String) -> String {
        var out = "{\"spec\":"
        ValueFormatter.quote(specPath, into: &out)
        out += ",\"strategy\":\"\(r.strategy.rawValue)\",\"seed\":\(r.seed),\"depth\":\(r.depthLimit),\"moves\":\(r.moves)"
        out += ",\"transitions\":\(r.transitions),\"distinct_states\":\(r.distinctStates),\"depth_reached\":\(r.depthReached)"
        out += ",\"memory_bytes\":\(r.memoryBytes)"
        if let scenario = r.paramsFrom {
            out += ",\"params_from\":"
            ValueFormatter.quote(scenario, into: &out)
        }
        out += ",\"seconds\":\(format3(r.seconds)),\"stop\":\"\(r.stop.rawValue)\",\"violated\":\(r.violated)"
        if let b = r.below {
            out += ",\"below\":{\"depth\":\(b.depth),\"distinct_states\":\(b.distinctStates),\"depth_reached\":\(b.depthReached)"
            out += ",\"seconds\":\(format3(b.seconds)),\"stop\":\"\(b.stop.rawValue)\",\"shorter\":\(b.shorter)}"
        }
        if let cx = r.counterexample {
            out += ",\"violation\":{\"title\":"
            ValueFormatter.quote(cx.title, into: &out)
            out += ",\"message\":"
            ValueFormatter.quote(cx.message, into: &out)
            out += ",\"steps\":\(cx.steps),\"found_steps\":\(cx.foundSteps),\"scenario_name\":"
            ValueFormatter.quote(cx.scenarioName, into: &out)
            out += ",\"scenario\":"
            ValueFormatter.quote(cx.scenarioYAML, into: &out)
            out += "}"
        }
        return out + "}\n"
    }

    /// `12,345`.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }

    package static func format1(_ d: Double) -> String { fixed(d, 1) }
    static func format3(_ d: Double) -> String { fixed(d, 3) }

    private static func fixed(_ d: Double, _ places: Int) -> String {
        guard d.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let n = Int((d * scale).rounded())
        let whole = n / Int(scale)
        let frac = String(n % Int(scale))
        return "\(whole)." + String(repeating: "0", count: places - frac.count) + frac
    }

    /// The progress line: states, depth, rate.
    package static func progressLine(_ p: ExploreProgress) -> String {
        let rate = p.seconds > 0 ? Int(Double(p.transitions) / p.seconds) : 0
        return "\(grouped(p.distinctStates)) states, depth \(p.depth), \(grouped(p.transitions)) transitions, \(grouped(rate)) transitions/s, \(format1(p.seconds)) s"
    }
}
