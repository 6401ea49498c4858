import SpecRuntime

/// Text made safe for HTML and SVG, and times written for people.
enum HTMLText {
    /// Escapes `&`, `<`, `>`, `"` and `'`: safe in element content and in quoted attributes.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // Control characters other than tab and newline are not allowed in HTML text.
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{7F}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// `0ms`, `300ms`, `1.3s`, `2m 5s`, `1h 2m`: milliseconds below a second, then the two
    /// largest units.
    static func time(_ ms: Int) -> String {
        if ms < 1000 { return "\(ms)ms" }
        if ms < 60_000 {
            let tenths = ms / 100
            return tenths % 10 == 0 ? "\(tenths / 10)s" : "\(tenths / 10).\(tenths % 10)s"
        }
        let seconds = ms / 1000
        if seconds < 3600 { return seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds / 60)m \(seconds % 60)s" }
        return "\(seconds / 3600)h \(seconds % 3600 / 60)m"
    }

    /// At most `limit` characters, with `…` when cut.
    static func truncate(_ s: String, _ limit: Int) -> String {
        guard s.count > limit else { return s }
        return limit <= 1 ? "…" : String(s.prefix(limit - 1)) + "…"
    }

    /// A number for SVG attributes: no exponent, at most one decimal.
    static func number(_ x: Double) -> String {
        let tenths = (x * 10).rounded()
        let whole = Int(tenths) / 10
        let rest = abs(Int(tenths) % 10)
        return rest == 0 ? "\(whole)" : "\(tenths < 0 && whole == 0 ? "-" : "")\(whole).\(rest)"
    }
}
