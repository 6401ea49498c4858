/// A line diff computed with Myers' O(ND) algorithm ("An O(ND) Difference Algorithm and Its
/// Variations", 1986): the shortest edit script, deletions before insertions where both are
/// possible, so output reads like `git diff`.
package struct LineDiff: Sendable, Hashable {
    /// One step of the edit script; indices are 0-based into the old and new line arrays.
    package enum Edit: Sendable, Hashable {
        case keep(old: Int, new: Int)
        case delete(old: Int)
        case insert(new: Int)
    }

    package let old: [String]
    package let new: [String]
    /// The edits in order: walking them rebuilds `new` from `old`.
    package let edits: [Edit]

    /// Above this many edits in the differing middle the diff gives up on minimality and reports
    /// the middle as all deleted then all inserted, to bound memory (the trace keeps about D²
    /// integers: 32 MB at this limit).
    static let maximumEditDistance = 2_000

    package init(old: [String], new: [String]) {
        self.old = old
        self.new = new
        self.edits = LineDiff.compute(old, new)
    }

    /// Splits text into lines; a final newline does not start another line.
    package static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    package var hasChanges: Bool {
        edits.contains { if case .keep = $0 { return false } else { return true } }
    }

    private static func compute(_ a: [String], _ b: [String]) -> [Edit] {
        // Common prefix and suffix never need the search; trimming them keeps D and memory small.
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix,
              a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }

        var edits: [Edit] = (0..<prefix).map { .keep(old: $0, new: $0) }
        let midA = Array(a[prefix..<(a.count - suffix)])
        let midB = Array(b[prefix..<(b.count - suffix)])
        for edit in myers(midA, midB) {
            switch edit {
            case .keep(let o, let n): edits.append(.keep(old: o + prefix, new: n + prefix))
            case .delete(let o): edits.append(.delete(old: o + prefix))
            case .insert(let n): edits.append(.insert(new: n + prefix))
            }
        }
        for i in 0..<suffix {
            edits.append(.keep(old: a.count - suffix + i, new: b.count - suffix + i))
        }
        return edits
    }

    /// The greedy forward search, remembering each round's furthest reaching paths, then a walk
    /// back through them.
    private static func myers(_ a: [String], _ b: [String]) -> [Edit] {
        let n = a.count, m = b.count
        if n == 0 { return (0..<m).map { .insert(new: $0) } }
        if m == 0 { return (0..<n).map { .delete(old: $0) } }
        let limit = min(n + m, maximumEditDistance)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // trace[d] is v over diagonals -d...d before round d (index k + d): all that the walk
        // back reads from it.
        var trace: [[Int]] = []
        var found: Int?
        search: for d in 0...limit {
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[k - 1 + offset] < v[k + 1 + offset]) {
                    x = v[k + 1 + offset]
                } else {
                    x = v[k - 1 + offset] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[k + offset] = x
                if x >= n, y >= m { found = d; break search }
            }
        }
        guard let distance = found else {
            return (0..<n).map { .delete(old: $0) } + (0..<m).map { .insert(new: $0) }
        }
        var reversed: [Edit] = []
        var x = n, y = m
        for d in stride(from: distance, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[k - 1 + d] < v[k + 1 + d])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[previousK + d]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1; y -= 1
                reversed.append(.keep(old: x, new: y))
            }
            if d > 0 {
                if x == previousX { reversed.append(.insert(new: y - 1)) } else { reversed.append(.delete(old: x - 1)) }
                x = previousX; y = previousY
            }
        }
        return reversed.reversed()
    }
}
