@_spi(Engine) import SpecProgram
import SpecRuntime

/// When a search's waits are the defaults (docs/explore.md, "The default waits can make a
/// search slow"): a scenario's long `wait:` (a 61 s countdown) beside a timer with a short period
/// (a stopwatch ticking every 100 ms) makes each move that waits it run hundreds of ticks, so
/// the search visits tens of states a second. The summary says so, with the fix.
package struct SlowDefaultWaits: Sendable, Hashable {
    /// The longest wait, in milliseconds.
    package var wait: Int
    /// The shortest period of a timer of the spec, in milliseconds.
    package var period: Int

    /// About how many ticks one move that waits ``wait`` runs.
    package var ticks: Int { wait / period }

    /// From this many ticks in one wait, the summary notes it.
    static let noted = 100

    /// The note for `spec`, nil when its waits are its own or no wait is long beside its timers.
    package static func of(_ spec: CheckedSpec) -> SlowDefaultWaits? {
        guard spec.explore.waitsByDefault, let wait = spec.explore.waits.max(), let period = shortestPeriod(spec), period > 0,
              wait / period >= noted else { return nil }
        return SlowDefaultWaits(wait: wait, period: period)
    }

    /// The shortest period of a repeating timer anywhere in `spec`: a stream output's
    /// `interval:`, an inner stream's (in a request, a choice's branch, a nested request), a row's
    /// stream's or a row action's work's; nil when it has none. A period computed per element is
    /// not known before the search, and counts as none.
    static func shortestPeriod(_ spec: CheckedSpec) -> Int? {
        var shortest: Int?
        func note(_ timer: TimerPlan) {
            guard timer.computed == nil, let period = timer.period, period > 0 else { return }
            shortest = min(shortest ?? period, period)
        }
        func walk(_ request: RequestPlan) {
            if case .timer(let timer) = request.source { note(timer) }
            for branch in request.choice?.branches ?? [] {
                if case .timer(let timer) = branch.source { note(timer) }
            }
            for op in request.inner { if let nested = op.arguments.request { walk(nested) } }
        }
        for stream in spec.streams {
            if let timer = stream.timer { note(timer) }
            for op in stream.operators { if let request = op.arguments.request { walk(request) } }
        }
        for cells in spec.cells {
            for stream in cells.streams ?? [] { walk(stream.request) }
            for action in cells.actions ?? [] { if let work = action.work { walk(work) } }
        }
        return shortest
    }

    /// The summary's line.
    var text: String {
        "note: the waits are the defaults, up to \(TimerPlan.text(wait)) (a scenario's 'wait:'); with a timer every "
            + "\(TimerPlan.text(period)), one move that waits it runs about \(ticks) ticks, which makes the search slow: "
            + "list the waits that tell states apart under 'explore:', as in 'waits: [0ms, \(TimerPlan.text(period)), 1s]' (docs/explore.md)\n"
    }
}
