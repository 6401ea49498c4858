/// A mutant's change on one line: an expression written folded over several lines (`>-`) keeps
/// its line breaks and indentation in the source, so its change is printed with every run of
/// whitespace outside string literals made one space. That is the form the report prints and
/// `equivalentMutants:` quotes; a mark is read the same way, so a mark copied from the source
/// with its line breaks names the same mutant.
enum MutantChangeText {
    /// `text` with each run of spaces, tabs and line breaks outside a string literal made one
    /// space (none at either end); a string literal, and the code of its interpolations, as
    /// written.
    static func oneLine(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        // Open string literals; each holds the depth of parentheses in the interpolation being
        // read, or nil while reading the literal's own text.
        var strings: [Int?] = []
        var escaped = false
        var pendingSpace = false
        for c in text {
            if let top = strings.last, top == nil {
                // Inside a literal's text: kept as written.
                out.append(c)
                if escaped {
                    escaped = false
                    if c == "(" { strings[strings.count - 1] = 1 }
                } else if c == "\\" {
                    escaped = true
                } else if c == "\"" {
                    strings.removeLast()
                }
                continue
            }
            if c.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            out.append(c)
            switch c {
            case "\"":
                strings.append(nil)
            case "(":
                if let depth = strings.last, let d = depth { strings[strings.count - 1] = d + 1 }
            case ")":
                if let depth = strings.last, let d = depth { strings[strings.count - 1] = d == 1 ? nil : d - 1 }
            default:
                break
            }
        }
        return out
    }
}
