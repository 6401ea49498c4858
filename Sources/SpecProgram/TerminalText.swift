/// Text from a spec, a file name or a snapshot made safe to print on a terminal: every scalar a
/// terminal could act on is written as a `\uXXXX` escape, the way string values already appear
/// in timelines. That is C0 controls (U+0000–U+001F), DEL (U+007F), C1 controls (U+0080–U+009F:
/// U+009B alone starts a control sequence on many terminals) and the bidirectional embeddings,
/// overrides and isolates (U+202A–U+202E, U+2066–U+2069), which reorder what is shown.
///
/// A backslash is left alone, so escaping text twice changes nothing: a value already quoted by
/// `ValueFormatter` passes through unchanged.
package enum TerminalText {
    /// Controls that the caller means as such and keeps.
    package struct Kept: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `\n`, in text of several lines.
        package static let lineBreaks = Kept(rawValue: 1)
        /// `\t`, in a source line whose caret must line up under its tabs.
        package static let tabs = Kept(rawValue: 2)
    }

    /// `text` with every unsafe scalar escaped, except those in `kept`; `text` itself when it has
    /// none (the common case costs one scan and no copy).
    package static func escaped(_ text: String, keeping kept: Kept = []) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0, keeping: kept) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar, keeping: kept) {
                appendEscape(scalar, to: &out)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether a terminal could act on `scalar` (see the type's summary).
    package static func isUnsafe(_ scalar: Unicode.Scalar, keeping kept: Kept = []) -> Bool {
        switch scalar.value {
        case 0x0A: return !kept.contains(.lineBreaks)
        case 0x09: return !kept.contains(.tabs)
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Appends `\uXXXX` (four lowercase hex digits, as JSON writes it) for `scalar`, which is
    /// always in the Basic Multilingual Plane here.
    package static func appendEscape(_ scalar: Unicode.Scalar, to out: inout String) {
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
