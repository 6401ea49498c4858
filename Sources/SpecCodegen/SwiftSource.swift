/// Swift text written line by line at an indentation, the way the generated files are laid out.
struct SwiftSource {
    private(set) var text = ""
    private var depth = 0

    /// One line at the current indentation (an empty line stays empty).
    mutating func line(_ content: String = "") {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: depth) + content + "\n"
    }

    /// `content` and a line break as they are, at no indentation (a raw literal's lines).
    mutating func raw(_ content: String) {
        text += content + "\n"
    }

    /// `opening {`, the body one level in, `}`.
    mutating func block(_ opening: String, _ body: (inout SwiftSource) -> Void) {
        line(opening + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// A `///` comment, one line per line of `text`.
    mutating func doc(_ text: String) {
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) { line("/// " + part) }
    }

    /// `text` as a Swift string literal (quotes, backslashes and control characters escaped).
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `text` as a raw multi-line string literal, with as many `#` as it needs to hold any text:
    /// one more than the longest run of `#` after a quote or a backslash in it.
    static func rawLiteral(_ text: String) -> (open: String, close: String) {
        var longest = 0
        var run = -1
        for character in text {
            if character == "\"" || character == "\\" {
                run = 0
            } else if character == "#", run >= 0 {
                run += 1
                longest = max(longest, run)
            } else {
                run = -1
            }
        }
        let hashes = String(repeating: "#", count: longest + 1)
        return (hashes + "\"\"\"", "\"\"\"" + hashes)
    }
}
