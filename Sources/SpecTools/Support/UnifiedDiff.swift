import SpecRuntime

/// Renders a `LineDiff` in the unified format of `diff -u` and `git diff`: `---`/`+++` headers,
/// then `@@ -start,count +start,count @@` hunks with `context` unchanged lines around changes.
/// Hunk numbers are 1-based lines; a count of 1 is left out and an empty side names the line
/// before it, as GNU diff does.
///
/// Lines and labels are escaped for the terminal (`TerminalText`): a committed snapshot is a
/// file anyone could have edited, and its lines must not act on the terminal that shows them.
package struct UnifiedDiff: Sendable {
    package var diff: LineDiff
    package var oldLabel: String
    package var newLabel: String
    /// Unchanged lines shown before and after each change.
    package var context: Int

    package init(_ diff: LineDiff, oldLabel: String, newLabel: String, context: Int = 3) {
        self.diff = diff
        self.oldLabel = oldLabel
        self.newLabel = newLabel
        self.context = max(0, context)
    }

    /// The diff text, every line ending in a newline; empty when nothing changed. With `colors`,
    /// removed lines are red, added lines green and hunk headers cyan (ANSI escapes). With
    /// `words`, the changed words inside a changed line are marked too (`WordDiff`).
    package func render(colors: Bool = false, words: Bool = false) -> String {
        let hunks = self.hunks()
        guard !hunks.isEmpty else { return "" }
        func paint(_ s: String, _ code: String) -> String { colors ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        func safe(_ s: String) -> String { TerminalText.escaped(s) }
        let marked = words ? markedWords(colors: colors) : [:]
        var out = paint("--- \(safe(oldLabel))", "1") + "\n" + paint("+++ \(safe(newLabel))", "1") + "\n"
        for hunk in hunks {
            out += paint("@@ -\(range(hunk.oldStart, hunk.oldCount)) +\(range(hunk.newStart, hunk.newCount)) @@", "36") + "\n"
            for (i, edit) in diff.edits[hunk.edits].enumerated() {
                let index = hunk.edits.lowerBound + i
                switch edit {
                case .keep(let o, _): out += " " + safe(diff.old[o]) + "\n"
                case .delete(let o): out += paint("-" + (marked[index] ?? safe(diff.old[o])), "31") + "\n"
                case .insert(let n): out += paint("+" + (marked[index] ?? safe(diff.new[n])), "32") + "\n"
                }
            }
        }
        return out
    }

    /// For each edit index of a removed or added line that pairs with a line on the other side,
    /// the line with its changed words marked. In each run of changes the n-th removed line
    /// pairs with the n-th added line, as git pairs them; a pair with little in common is left
    /// whole.
    func markedWords(colors: Bool) -> [Int: String] {
        var out: [Int: String] = [:]
        var deletes: [(index: Int, line: Int)] = [], inserts: [(index: Int, line: Int)] = []
        func pairUp() {
            for (d, i) in zip(deletes, inserts) {
                if let marked = WordDiff.mark(old: diff.old[d.line], new: diff.new[i.line], colors: colors) {
                    out[d.index] = marked.old
                    out[i.index] = marked.new
                }
            }
            deletes = []
            inserts = []
        }
        for (index, edit) in diff.edits.enumerated() {
            switch edit {
            case .keep: pairUp()
            case .delete(let o): deletes.append((index, o))
            case .insert(let n): inserts.append((index, n))
            }
        }
        pairUp()
        return out
    }

    struct Hunk {
        /// A slice of `diff.edits`.
        var edits: Range<Int>
        /// Lines of the old text before the hunk, and lines in it.
        var oldStart: Int
        var oldCount: Int
        var newStart: Int
        var newCount: Int
    }

    func hunks() -> [Hunk] {
        let edits = diff.edits
        let changes = edits.indices.filter { if case .keep = edits[$0] { return false } else { return true } }
        guard !changes.isEmpty else { return [] }
        // Group changes whose gap of kept lines is small enough for their contexts to touch.
        var groups: [(first: Int, last: Int)] = []
        for i in changes {
            if let last = groups.last, i - last.last - 1 <= 2 * context {
                groups[groups.count - 1].last = i
            } else {
                groups.append((i, i))
            }
        }
        // Lines of each side consumed before every edit index.
        var oldBefore = [Int](repeating: 0, count: edits.count + 1)
        var newBefore = [Int](repeating: 0, count: edits.count + 1)
        for (i, edit) in edits.enumerated() {
            oldBefore[i + 1] = oldBefore[i]
            newBefore[i + 1] = newBefore[i]
            switch edit {
            case .keep: oldBefore[i + 1] += 1; newBefore[i + 1] += 1
            case .delete: oldBefore[i + 1] += 1
            case .insert: newBefore[i + 1] += 1
            }
        }
        return groups.map { group in
            let start = max(0, group.first - context)
            let end = min(edits.count, group.last + 1 + context)
            return Hunk(edits: start..<end,
                        oldStart: oldBefore[start], oldCount: oldBefore[end] - oldBefore[start],
                        newStart: newBefore[start], newCount: newBefore[end] - newBefore[start])
        }
    }

    private func range(_ before: Int, _ count: Int) -> String {
        switch count {
        case 0: return "\(before),0"
        case 1: return "\(before + 1)"
        default: return "\(before + 1),\(count)"
        }
    }
}
