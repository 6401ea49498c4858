/// The short text written beside a marble, and how wide it is drawn. A value as the timeline
/// writes it (`[Event(id: 1, actor: User(…)), …]`) can be hundreds of characters; beside a
/// marble it is shortened to what a glance needs (`[3 items]`, `Event(id: 1, …)`), and the
/// whole value stays in the marble's tooltip, accessible label and the page's readout.
enum MarbleCaption {
    /// The most characters a caption has.
    static let limit = 28
    /// The advance of one character of the captions' monospaced 11 px font (0.6 em, DejaVu Sans
    /// Mono, Menlo and Consolas alike), rounded up so a caption is never wider than its box.
    static let characterWidth = 6.7

    /// The advance of a wide character (Hangul, CJK, full-width forms, emoji), which the browser
    /// draws from a fallback font about 1 em wide.
    static let wideCharacterWidth = 11.5

    /// The drawn width of `text` in the captions' font.
    static func width(_ text: String) -> Double {
        text.unicodeScalars.reduce(0) { $0 + (isWide($1) ? wideCharacterWidth : characterWidth) }
    }

    /// East Asian wide and full-width characters and emoji (Unicode's `W` and `F` widths, roughly).
    static func isWide(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD: true
        default: false
        }
    }

    /// `text`, a value as ``ValueFormatter`` writes it, in at most ``limit`` characters: a list
    /// by its length, a record by its type and first field, a string cut inside its quotes.
    static func short(_ text: String, limit: Int = limit) -> String {
        if text.count <= limit { return text }
        if text.hasPrefix("["), text.hasSuffix("]") {
            let items = topLevelItems(String(text.dropFirst().dropLast()))
            return "[\(items.count) item\(items.count == 1 ? "" : "s")]"
        }
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count > 2 {
            return String(text.prefix(limit - 2)) + "…\""
        }
        // `Type(field: value, …)` and `→ Screen(param: value, …)`: the name and the first field,
        // itself shortened to what is left.
        if text.hasSuffix(")"), let open = text.firstIndex(of: "("), open > text.startIndex {
            let name = String(text[..<open])
            let fields = topLevelItems(String(text[text.index(after: open)..<text.index(before: text.endIndex)]))
            let more = fields.count > 1 ? ", …)" : ")"
            let room = limit - name.count - 1 - more.count
            if let first = fields.first, room >= 4 {
                let field = first.count <= room ? first : shortField(first, room)
                return name + "(" + field + more
            }
            return HTMLText.truncate(name, limit - 3) + "(…)"
        }
        return HTMLText.truncate(text, limit)
    }

    /// `label: value` in `room` characters, its value shortened.
    private static func shortField(_ field: String, _ room: Int) -> String {
        guard let colon = field.range(of: ": ") else { return HTMLText.truncate(field, room) }
        let label = String(field[..<colon.upperBound])
        let valueRoom = room - label.count
        return valueRoom >= 3 ? label + short(String(field[colon.upperBound...]), limit: valueRoom) : HTMLText.truncate(field, room)
    }

    /// The comma-separated parts of a list's or a record's inside, ignoring commas inside
    /// brackets, parentheses and string literals (whose `\"` escapes are the timeline's).
    static func topLevelItems(_ inside: String) -> [String] {
        var items: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        for c in inside {
            if inString {
                current.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            switch c {
            case "\"": inString = true
            case "[", "(": depth += 1
            case "]", ")": depth -= 1
            case "," where depth == 0:
                items.append(current.trimmingSpaces())
                current = ""
                continue
            default: break
            }
            current.append(c)
        }
        let last = current.trimmingSpaces()
        if !last.isEmpty || !items.isEmpty { items.append(last) }
        return items
    }
}

private extension String {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
