@_spi(Engine) import SpecProgram
import SpecRuntime
import Foundation

/// Judges a program that differs from an original only in one derived node's expression (a
/// mutant) without playing the scenario again, where that can be decided exactly: playing it
/// costs as much as the whole spec (its start computes every output), checking the changed node
/// and the nodes that read it (its cone) only as much as they are.
///
/// Only for a screen whose derived values nothing but other derived values read: no handlers,
/// actions, services, streams or view components, so no timer runs and every step is at most
/// one transaction, and what lies outside the cone plays exactly as in the original. Then, if
/// after the start and after every step each cone node, computed by the mutant's expressions from
/// the original's values outside the cone, is the original's value to the bit, the mutant's
/// timeline is the original's (by induction over transactions: the lowest-ranked node that would
/// differ reads the same values in both, so it is recomputed in both and gets the same value).
/// If a shown cone node's start value prints differently, the mutant's start already shows a
/// different entry. Anything else (a difference later, an expression that fails, a budget that
/// could run out) is undecided here: the caller plays the scenario.
package enum ConeReplay {
    /// What the original's scenario left to judge mutants by: its node values after the start
    /// and after each step that acted, and the work its expressions did.
    package struct Settled: Sendable {
        let snapshots: [[Value]]
        /// The clock's time at each snapshot, which `now` reads when the cone is computed again.
        let times: [Int]
        let work: Int
        /// Contexts holding the start's values, lent to one verdict at a time: a context of its
        /// own per verdict would copy every value of the spec, which for every mutant is what
        /// made the whole run grow as the square of the spec.
        let contexts = ContextPool()
    }

    /// Evaluation contexts for verdicts, each one's values those of the first snapshot between
    /// uses (a verdict puts back what it wrote).
    final class ContextPool: @unchecked Sendable {
        private let lock = NSLock()
        private var free: [EvalContext] = []

        func take(_ first: [Value], names: [String]) -> EvalContext {
            lock.lock()
            let context = free.popLast()
            lock.unlock()
            if let context {
                context.work = 0
                context.exceeded = nil
                return context
            }
            let fresh = EvalContext(values: first, names: names)
            fresh.maximumValueSize = ScenarioRunner.maximumValueSize
            fresh.maximumWork = ScenarioRunner.maximumWork
            return fresh
        }

        func give(_ context: EvalContext) {
            lock.lock()
            free.append(context)
            lock.unlock()
        }
    }

    /// The verdict on one scenario.
    package enum Verdict: Sendable, Equatable {
        /// The mutant's timeline is the original's.
        case matches
        /// The mutant's start shows a different entry: it is killed.
        case differsAtStart
        /// Play the scenario to know.
        case undecided
    }

    /// Plays the original's scenario, recording what mutants are judged by; nil when its screen
    /// or its run is not one this applies to (a screen it cannot apply to is not played).
    package static func settle(_ program: ScreenProgram, scenario index: Int) -> Settled? {
        let spec = program.spec
        let applies = spec.handlers.isEmpty && spec.actions.isEmpty && spec.services.isEmpty && spec.streams.isEmpty
            && spec.components.isEmpty
        guard applies else { return nil }
        var snapshots: [[Value]] = []
        var times: [Int] = []
        var clean = true
        var timersRan = false
        var played: ScreenGraph?
        let timeline = ScenarioRunner.run(program, scenario: index) { graph in
            if !graph.context.valueless.isEmpty { clean = false }
            if graph.clock.executed != 0 { timersRan = true }
            played = graph
            snapshots.append(graph.context.values)
            times.append(graph.clock.now)
        }
        let failed = timeline.entries.contains { if case .runtimeError = $0 { return true } else { return false } }
        guard clean, !timersRan, !failed, !timeline.stoppedByLimit, !snapshots.isEmpty else { return nil }
        // The work of the whole run, the invariants and `expect that:` after its last step too.
        return Settled(snapshots: snapshots, times: times, work: played?.context.work ?? 0)
    }

    /// The changed node's cone in rank order, invariants left out (they emit nothing; their
    /// failures are not compared), and the nodes outside it that the cone reads; nil when a cone
    /// node is not a derived value. Built on the original's program and the one new expression,
    /// so it costs as much as the cone, not the spec.
    package struct Cone {
        let nodes: [Int]
        let frontier: [Int]
        let program: ScreenProgram
        let changed: Int
        let expression: CompiledExpr

        /// `program` is the original's; `node` the derived node whose expression the mutant
        /// changes to `expression`.
        package init?(_ program: ScreenProgram, changing node: Int, to expression: TypedExpr) {
            // The mutant is the original but for this expression: its node is recomputed when the
            // original's is (the readers tables are the original's), so it must read the same nodes.
            guard case .derived = program.behaviors[node], !program.isInvariant[node],
                  Set(expression.nodeReads()) == Set(program.reads[node]) else { return nil }
            var inCone: Set<Int> = [node]
            var pending = [node]
            while let n = pending.popLast() {
                for r in program.readers[n] where inCone.insert(r).inserted { pending.append(r) }
            }
            var nodes: [Int] = []
            for n in inCone where !program.isInvariant[n] {
                guard case .derived = program.behaviors[n] else { return nil }
                nodes.append(n)
            }
            nodes.sort { program.rank[$0] < program.rank[$1] }
            var frontier = Set<Int>()
            for n in nodes { for r in program.reads[n] where !inCone.contains(r) { frontier.insert(r) } }
            self.nodes = nodes
            self.frontier = frontier.sorted()
            self.program = program
            changed = node
            self.expression = ExpressionCompiler.compile(expression)
        }

        /// The verdict on the scenario `settled` was recorded from.
        package func verdict(_ settled: Settled) -> Verdict {
            guard let first = settled.snapshots.first else { return .undecided }
            let context = settled.contexts.take(first, names: program.names)
            defer {
                // Back to the first snapshot's values, ready for the next verdict.
                for f in frontier { context.values[f] = first[f] }
                for n in nodes { context.values[n] = first[n] }
                settled.contexts.give(context)
            }
            for (k, snapshot) in settled.snapshots.enumerated() {
                for f in frontier { context.values[f] = snapshot[f] }
                let time = settled.times[k]
                context.clockNow = { time }
                var differs = false
                for n in nodes {
                    let f: CompiledExpr
                    if n == changed {
                        f = expression
                    } else if case .derived(let g) = program.behaviors[n] {
                        f = g
                    } else {
                        return .undecided
                    }
                    let value: Value
                    do throws(EvalError) {
                        value = try f(context)
                    } catch {
                        return .undecided
                    }
                    if context.exceeded != nil { return .undecided }
                    context.values[n] = value
                    let original = snapshot[n]
                    // To the bit, and equal as the graph compares (an enum case's payload).
                    if ValueFormatter.identical(value, original) && (value == original || value != value) { continue }
                    if k == 0 && program.shown[n] && !ValueFormatter.printsSame(value, original) { return .differsAtStart }
                    differs = true
                }
                if differs { return .undecided }
            }
            // The mutant's expressions did at most this much work in all: within the budget, the
            // played scenario would not have stopped for it either.
            return settled.work + context.work < ScenarioRunner.maximumWork ? .matches : .undecided
        }
    }
}
