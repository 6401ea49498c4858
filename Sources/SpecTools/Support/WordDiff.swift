import SpecRuntime

/// The changed words inside a changed line, as `git diff --word-diff` marks them: a removed line
/// and the added line that replaces it are split into words, and the words that differ are
/// marked. With colours, in reverse video inside the line's own red or green; without, as
/// `[-old-]` on the removed line and `{+new+}` on the added one (git's plain word-diff markers),
/// so that a `5000ms` that became `4000ms` is found at a glance in a wide timeline line either way.
package enum WordDiff {
    /// A line that shares fewer unchanged characters than this fraction of its length with its
    /// partner is a different line, not an edited one: marking most of it says nothing.
    static let minimumShared = 0.4

    /// Words (letters, digits, `_`, `.` runs: `5000ms`, `join.elements`, `3.5`), runs of spaces,
    /// and every other character alone.
    package static func tokens(_ line: String) -> [String] {
        var out: [String] = []
        var current = ""
        var kind = 0
        for c in line {
            let k = c.isLetter || c.isNumber || c == "_" || c == "." ? 1 : c == " " ? 2 : 3
            if k == kind && k != 3 {
                current.append(c)
            } else {
                if !current.isEmpty { out.append(current) }
                current = String(c)
                kind = k
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// The removed and the added line with their changed words marked, each escaped for the
    /// terminal; nil when the lines have too little in common for a word diff to help.
    package static func mark(old: String, new: String, colors: Bool) -> (old: String, new: String)? {
        let a = tokens(old), b = tokens(new)
        let diff = LineDiff(old: a, new: b)
        let shared = diff.edits.reduce(0) { sum, edit in
            if case .keep(let o, _) = edit, a[o] != " " && !a[o].allSatisfy({ $0 == " " }) { return sum + a[o].count }
            return sum
        }
        guard shared > 0, Double(shared) >= minimumShared * Double(max(old.count, new.count)) else { return nil }
        var oldOut = "", newOut = ""
        var removed = "", added = ""
        func flush() {
            if !removed.isEmpty { oldOut += colors ? "\u{1B}[7m\(removed)\u{1B}[27m" : "[-\(removed)-]" }
            if !added.isEmpty { newOut += colors ? "\u{1B}[7m\(added)\u{1B}[27m" : "{+\(added)+}" }
            removed = ""
            added = ""
        }
        for edit in diff.edits {
            switch edit {
            case .keep(let o, _):
                flush()
                let word = TerminalText.escaped(a[o])
                oldOut += word
                newOut += word
            case .delete(let o):
                removed += TerminalText.escaped(a[o])
            case .insert(let n):
                added += TerminalText.escaped(b[n])
            }
        }
        flush()
        return (oldOut, newOut)
    }
}
