/// Finds the candidate nearest to a misspelt name, for "did you mean" notes.
enum Suggestion {
    /// The closest candidate within an edit distance that scales with the name's length.
    static func nearest(to name: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        guard target.count >= 3, target.count <= 200 else { return nil }
        var best: (String, Int)?
        for candidate in candidates where candidate != name {
            let c = Array(candidate.lowercased().unicodeScalars)
            guard c.count <= 200 else { continue }
            let d = distance(target, c)
            let shorter = min(target.count, c.count)
            let allowed = shorter <= 3 ? 1 : max(2, shorter / 3)
            if d <= allowed, best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
        }
        return best?.0
    }

    /// A "did you mean" phrase or an empty string.
    static func didYouMean(_ name: String, in candidates: some Sequence<String>) -> String {
        nearest(to: name, in: candidates).map { didYouMeanPrefix + $0 + "'?" } ?? ""
    }

    /// How a "did you mean" phrase starts; ``Diagnostic/replacement`` reads the name after it.
    static let didYouMeanPrefix = "; did you mean '"

    /// Optimal string alignment distance: a swap of two neighbours counts as one edit.
    private static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], twoBack[j - 2] + 1)
                }
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }
}
