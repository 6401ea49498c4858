import Foundation

/// How far a long run of counted work is (mutants played, scenarios covered), as its progress
/// line on a terminal says it: done of all, the rate, the time spent and the time left. The
/// numbers read as `explore`'s progress line reads them (grouped thousands, tenths of seconds).
package struct ProgressCount: Sendable, Equatable {
    package var done: Int
    package var total: Int
    /// Seconds since the counted work began.
    package var seconds: Double

    package init(done: Int, total: Int, seconds: Double) {
        self.done = done
        self.total = total
        self.seconds = seconds
    }

    /// `120 of 4,000 mutants, 35 mutants/s, 3.4 s, about 1 min 50 s left`; the rate and the time
    /// left once something is done, the time left while something is not.
    package func text(_ unit: String) -> String {
        var out = "\(ExploreReport.grouped(done)) of \(ExploreReport.grouped(total)) \(unit)"
        guard done > 0, seconds > 0 else { return out + ", \(ExploreReport.format1(max(seconds, 0))) s" }
        let rate = Double(done) / seconds
        // Below ten a second the tenths say something; above, they are noise.
        let rateText = rate >= 10 ? ExploreReport.grouped(Int(rate.rounded())) : ExploreReport.format1(rate)
        out += ", \(rateText) \(unit)/s, \(ExploreReport.format1(seconds)) s"
        if done < total { out += ", about " + Self.duration(Double(total - done) / rate) + " left" }
        return out
    }

    /// A time left, as coarse as an estimate is: `8 s`, `3 min 5 s`, `2 h 5 min`.
    package static func duration(_ seconds: Double) -> String {
        let s = Int(min(max(seconds, 0), 1e9).rounded(.up))
        if s < 60 { return "\(s) s" }
        if s < 3_600 { return "\(s / 60) min \(s % 60) s" }
        return "\(s / 3_600) h \(s % 3_600 / 60) min"
    }
}

/// Counts work finished on several threads (`parallelMap`) and hands each new count to
/// `report`, for a progress line; the count is shared under a lock.
package final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private let started = ContinuousClock.now
    private var count: ProgressCount
    private let report: (@Sendable (ProgressCount) -> Void)?

    package init(total: Int, report: (@Sendable (ProgressCount) -> Void)?) {
        count = ProgressCount(done: 0, total: total, seconds: 0)
        self.report = report
        report?(count)
    }

    /// One more piece done.
    package func finished() {
        guard let report else { return }
        let now = lock.withLock {
            count.done += 1
            count.seconds = Explorer.seconds(since: started)
            return count
        }
        report(now)
    }
}
