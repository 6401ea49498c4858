/// Labels as the diagrams print them: a name or title longer than ``maximum`` characters is cut
/// to that length with an ellipsis. Graphviz refuses a quoted string longer than 16,384 bytes (a
/// spec that checks could have a screen name that long), and a label past a line is not read.
enum DiagramLabel {
    /// Characters a label keeps, the ellipsis included.
    static let maximum = 80
    /// Characters a DOT tooltip keeps: the whole name for any name a person writes, and with
    /// escapes and four-byte characters still far below Graphviz's limit.
    static let tooltipMaximum = 2_000

    static func short(_ text: String, _ limit: Int = maximum) -> String {
        var count = 0
        var end = text.startIndex
        while end < text.endIndex {
            if count == limit { return String(text[..<text.index(before: end)]) + "…" }
            count += 1
            end = text.index(after: end)
        }
        return text
    }

    /// Whether ``short(_:_:)`` cuts `text`.
    static func isCut(_ text: String, _ limit: Int = maximum) -> Bool {
        text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex).map { $0 < text.endIndex } ?? false
    }
}
