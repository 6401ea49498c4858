import SpecRuntime

extension ColorValue {
    /// Reads a colour written as data: a name (`red`, `grey`), `gray(0.5)`, `Color(white: 0.5, alpha: 1)`,
    /// `Color(red: 1, green: 0, blue: 0, alpha: 1)`, or a mapping `{ white: 0.5, alpha: 1 }` /
    /// `{ red: 1, green: 0, blue: 0, alpha: 1 }`. `alpha` may be left out (1). Nil with a message.
    static func read(_ node: YAMLNode) -> Result<ColorValue, ColorError> {
        if let pairs = node.mapping {
            var components: [(String, String)] = []
            for (key, value) in pairs {
                guard let k = key.string, let v = value.string, value.mapping == nil, value.sequence == nil else {
                    return .failure(ColorError("a colour's components are numbers from 0 to 1"))
                }
                components.append((k, v))
            }
            return make(components)
        }
        guard let text = node.string?.trimmingWhitespace(), node.scalar != nil, !node.isNull else {
            return .failure(ColorError("expected a colour such as 'red', 'gray(0.5)' or 'Color(white: 0.5, alpha: 1)', found \(node.kindName)"))
        }
        if let color = named(text) { return .success(color) }
        for prefix in ["gray(", "grey("] where text.hasPrefix(prefix) && text.hasSuffix(")") {
            let inner = text.dropFirst(prefix.count).dropLast()
            guard let white = Double(inner.trimmingWhitespace()) else { return .failure(ColorError("'\(prefix)...)' takes one number from 0 to 1")) }
            return make([("white", String(white))])
        }
        if text.hasPrefix("Color(") && text.hasSuffix(")") {
            var components: [(String, String)] = []
            for part in text.dropFirst(6).dropLast().split(separator: ",") {
                let pieces = part.split(separator: ":", maxSplits: 1)
                guard pieces.count == 2 else { return .failure(ColorError("write 'Color(white: 0.5, alpha: 1)' or 'Color(red: 1, green: 0, blue: 0, alpha: 1)'")) }
                components.append((String(pieces[0]).trimmingWhitespace(), String(pieces[1]).trimmingWhitespace()))
            }
            return make(components)
        }
        let names = named.map(\.name) + ["grey"]
        // A fixed list of a few names: each search costs a bounded amount, so no spec-wide budget.
        return .failure(ColorError("unknown colour '\(text)'\(Suggestion.didYouMean(text, in: names, budget: nil))",
                                   note: "a colour is one of " + named.map { "'\($0.name)'" }.joined(separator: ", ")
                                       + ", 'gray(0.5)', 'Color(white: 0.5, alpha: 1)' or 'Color(red: 1, green: 0, blue: 0, alpha: 1)'"))
    }

    private static func make(_ components: [(String, String)]) -> Result<ColorValue, ColorError> {
        var values: [String: Double] = [:]
        for (label, text) in components {
            guard ["white", "red", "green", "blue", "alpha"].contains(label) else {
                return .failure(ColorError("a colour has no component '\(label)'\(Suggestion.didYouMean(label, in: ["white", "red", "green", "blue", "alpha"], budget: nil))"))
            }
            guard let d = Double(text), d.isFinite, (0...1).contains(d) else {
                return .failure(ColorError("colour component '\(label)' must be a number from 0 to 1, found '\(text)'"))
            }
            values[label] = d
        }
        let alpha = values["alpha"] ?? 1
        if let white = values["white"] {
            guard values.count == (values["alpha"] == nil ? 1 : 2) else {
                return .failure(ColorError("a colour takes 'white' or 'red', 'green' and 'blue', not both"))
            }
            return .success(.white(white, alpha: alpha))
        }
        guard let r = values["red"], let g = values["green"], let b = values["blue"] else {
            return .failure(ColorError("an RGB colour needs 'red', 'green' and 'blue'"))
        }
        return .success(.rgb(r, g, b, alpha: alpha))
    }
}

struct ColorError: Error {
    var message: String
    var note: String?

    init(_ message: String, note: String? = nil) {
        self.message = message
        self.note = note
    }
}
