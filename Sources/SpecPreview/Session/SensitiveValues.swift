import SpecRuntime

/// What the preview masks: a password typed on the screen is dots in its field, and `•••` in the
/// values panel and the timeline (the spec and a recording keep it: a scenario replays it).
///
/// The language has no `secure:` mark, so a component or a node is sensitive by its name, as an
/// iOS developer names a `isSecureTextEntry` field: a part of the name (split at `.` and at each
/// capital) is `password`, `passcode`, `secret` or `pin` (`password`, `newPassword.text`,
/// `pinCode`; not `spinner` nor `shipping`).
struct SensitiveValues {
    static let words: Set<String> = ["password", "passcode", "secret", "pin"]
    /// How a sensitive value is shown.
    static let mask = "•••"

    /// Whether `name` (a node's or a component's) names a sensitive value.
    static func isSensitive(_ name: String) -> Bool {
        var words: [String] = []
        var word = ""
        for character in name {
            if character == "." || character == "_" || character.isUppercase {
                if !word.isEmpty { words.append(word.lowercased()) }
                word = character == "." || character == "_" ? "" : String(character)
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word.lowercased()) }
        return words.contains { Self.words.contains($0) }
    }

    /// The sensitive nodes of the spec, by index.
    let nodes: Set<Int>
    /// Every text a sensitive node has held, longest first once sorted: the timeline's lines are
    /// cleared of each.
    private(set) var seen: Set<String> = []

    init(names: [String]) {
        nodes = Set(names.indices.filter { Self.isSensitive(names[$0]) })
    }

    /// Notes a value node `node` took (an emission, a value read for the page).
    mutating func note(_ value: Value?, of node: Int) {
        guard nodes.contains(node), case .string(let text)? = value, !text.isEmpty else { return }
        seen.insert(text)
    }

    /// `line` with every sensitive text seen, written as the timeline quotes it, masked.
    func redact(_ line: String) -> String {
        var out = line
        for secret in seen.sorted(by: { $0.count > $1.count }) {
            var quoted = ""
            ValueFormatter.quote(secret, into: &quoted)
            if out.contains(quoted) { out = out.replacing(quoted, with: "\"\(Self.mask)\"") }
        }
        return out
    }

    /// How the values panel shows node `node`'s `text`.
    func shown(_ text: String, of node: Int, value: Value?) -> String {
        guard nodes.contains(node), case .string(let s)? = value, !s.isEmpty else { return text }
        return "\"\(Self.mask)\""
    }
}
