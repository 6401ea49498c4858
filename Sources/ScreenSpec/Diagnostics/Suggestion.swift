/// Finds the candidate nearest to a misspelt name, for "did you mean" notes.
///
/// The search is bounded so that checking a large spec full of misspelt names stays linear in
/// its size: names longer than ``maximumNameLength`` get no suggestion, at most
/// ``maximumCandidates`` candidates are compared, a candidate whose length differs by more than
/// the allowed distance is skipped without comparing, the comparison only fills the diagonal
/// band the allowed distance permits and stops as soon as it cannot succeed, and one spec's
/// searches share a budget of ``maximumCellsPerSpec`` comparison steps (a candidate's preparation
/// counts its length), past which no more
/// suggestions are made (the diagnostics themselves are all still reported).
package enum Suggestion {
    static let maximumNameLength = 64
    static let maximumCandidates = 2_000
    static let maximumCellsPerSpec = 10_000_000

    /// The comparison steps left to the searches of one spec being loaded, shared by every copy
    /// of its ``DiagnosticBag`` (see ``DiagnosticBag/suggestionBudget``).
    package final class Budget: @unchecked Sendable {
        // Only the thread loading one spec uses its budget.
        var cells: Int
        package init(cells: Int = Suggestion.maximumCellsPerSpec) { self.cells = cells }
    }

    /// The closest candidate within an edit distance that scales with the name's length; of
    /// equally close ones, the first in alphabetical order.
    /// `candidates` is only evaluated when a search is made: a caller that builds the list per
    /// unknown name costs nothing once the budget is spent. Without a `budget` only the bounds of
    /// one search apply.
    package static func nearest<S: Sequence<String>>(to name: String, in candidates: @autoclosure () -> S, budget: Budget?) -> String? {
        if let budget, budget.cells <= 0 { return nil }
        let target = Array(name.lowercased().unicodeScalars)
        guard target.count >= 3, target.count <= maximumNameLength else { return nil }
        var best: (String, Int)?
        for candidate in candidates().prefix(maximumCandidates) where candidate != name {
            if let budget, budget.cells <= 0 { return nil }
            let c = Array(candidate.lowercased().unicodeScalars)
            // Preparing a candidate costs about its length, whether or not it is compared.
            budget?.cells -= c.count + 1
            let shorter = min(target.count, c.count)
            let allowed = shorter <= 3 ? 1 : max(2, shorter / 3)
            // The distance is at least the difference in length.
            guard abs(c.count - target.count) <= min(allowed, best?.1 ?? allowed) else { continue }
            guard let d = distance(target, c, within: min(allowed, best?.1 ?? allowed), budget: budget) else { continue }
            if let (bestName, bestDistance) = best, d > bestDistance || (d == bestDistance && candidate >= bestName) { continue }
            best = (candidate, d)
        }
        return best?.0
    }

    /// A "did you mean" phrase or an empty string.
    static func didYouMean<S: Sequence<String>>(_ name: String, in candidates: @autoclosure () -> S, budget: Budget?) -> String {
        nearest(to: name, in: candidates(), budget: budget).map { didYouMeanPrefix + $0 + "'?" } ?? ""
    }

    /// How a "did you mean" phrase starts; ``Diagnostic/replacement`` reads the name after it.
    static let didYouMeanPrefix = "; did you mean '"

    /// Optimal string alignment distance (a swap of two neighbours counts as one edit) when it is
    /// at most `limit`, else nil. Only cells within `limit` of the diagonal are computed, and
    /// the search stops at the first row whose every cell is past `limit`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], within limit: Int, budget: Budget? = nil) -> Int? {
        if a.isEmpty { return b.count <= limit ? b.count : nil }
        if b.isEmpty { return a.count <= limit ? a.count : nil }
        let far = limit + 1
        var twoBack = [Int](repeating: far, count: b.count + 1)
        var previous = (0...b.count).map { min($0, far) }
        var current = [Int](repeating: far, count: b.count + 1)
        var cells = 0
        for i in 1...a.count {
            let low = max(1, i - limit), high = min(b.count, i + limit)
            current[0] = min(i, far)
            if low > 1 { current[low - 1] = far }
            var rowMinimum = current[0]
            if low <= high {
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        value = min(value, twoBack[j - 2] + 1)
                    }
                    current[j] = min(value, far)
                    rowMinimum = min(rowMinimum, current[j])
                }
                cells += high - low + 1
            }
            if high < b.count { current[high + 1] = far }
            if rowMinimum > limit {
                budget?.cells -= cells
                return nil
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        budget?.cells -= cells
        let d = previous[b.count]
        return d <= limit ? d : nil
    }
}

extension DiagnosticBag {
    /// A "did you mean" phrase or an empty string (see ``Suggestion/didYouMean(_:in:budget:)``),
    /// the search charged to this spec's suggestion budget.
    func didYouMean<S: Sequence<String>>(_ name: String, in candidates: @autoclosure () -> S) -> String {
        Suggestion.didYouMean(name, in: candidates(), budget: suggestionBudget)
    }

    /// The candidate nearest to `name` (see ``Suggestion/nearest(to:in:budget:)``), the search
    /// charged to this spec's suggestion budget.
    func nearest<S: Sequence<String>>(to name: String, in candidates: @autoclosure () -> S) -> String? {
        Suggestion.nearest(to: name, in: candidates(), budget: suggestionBudget)
    }
}
