/// A colour, as UIKit's `UIColor(white:alpha:)` and `UIColor(red:green:blue:alpha:)` make them.
///
/// Components are from 0 to 1. A grey keeps its white/alpha form, as UIKit keeps a colour's
/// space: `Color(white: 0.5, alpha: 1.0)` and an RGB colour with three equal halves are different
/// colours, and so compare unequal.
public struct ColorValue: Hashable, Sendable {
    public enum Space: Sendable, Hashable {
        /// Greyscale: `red`, `green` and `blue` hold the same white level.
        case white
        case rgb
    }

    public var space: Space
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public static func white(_ white: Double, alpha: Double = 1) -> ColorValue {
        ColorValue(space: .white, red: white, green: white, blue: white, alpha: alpha)
    }

    public static func rgb(_ red: Double, _ green: Double, _ blue: Double, alpha: Double = 1) -> ColorValue {
        ColorValue(space: .rgb, red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The white level: a grey's own, an RGB colour's mean of its three components.
    public var white: Double { space == .white ? red : (red + green + blue) / 3 }

    /// UIKit's named colours (`UIColor.red` ...); `grey` reads as `gray`.
    public static let named: [(name: String, color: ColorValue)] = [
        ("black", .white(0)), ("white", .white(1)), ("gray", .white(0.5)), ("clear", .white(0, alpha: 0)),
        ("red", .rgb(1, 0, 0)), ("green", .rgb(0, 1, 0)), ("blue", .rgb(0, 0, 1)),
    ]

    public static func named(_ name: String) -> ColorValue? {
        let key = name == "grey" ? "gray" : name
        return named.first { $0.name == key }?.color
    }

    /// The name UIKit gives this colour, if it has one.
    public var name: String? { Self.named.first { $0.color == self }?.name }

    /// `red`, `Color(white: 0.5, alpha: 1.0)` or `Color(red: 1.0, green: 0.5, blue: 0.0, alpha: 1.0)`:
    /// the text a spec can write back in `expect:`.
    public var text: String {
        if let name { return name }
        let f = ValueFormatter.formatDouble
        switch space {
        case .white: return "Color(white: \(f(red)), alpha: \(f(alpha)))"
        case .rgb: return "Color(red: \(f(red)), green: \(f(green)), blue: \(f(blue)), alpha: \(f(alpha)))"
        }
    }

    /// `{"white":0.5,"alpha":1.0}` or `{"red":1.0,"green":0.0,"blue":0.0,"alpha":1.0}`.
    public var json: String {
        let f = ValueFormatter.formatDouble
        switch space {
        case .white: return "{\"white\":\(f(red)),\"alpha\":\(f(alpha))}"
        case .rgb: return "{\"red\":\(f(red)),\"green\":\(f(green)),\"blue\":\(f(blue)),\"alpha\":\(f(alpha))}"
        }
    }
}

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
        return .failure(ColorError("unknown colour '\(text)'\(Suggestion.didYouMean(text, in: names))",
                                   note: "a colour is one of " + named.map { "'\($0.name)'" }.joined(separator: ", ")
                                       + ", 'gray(0.5)', 'Color(white: 0.5, alpha: 1)' or 'Color(red: 1, green: 0, blue: 0, alpha: 1)'"))
    }

    private static func make(_ components: [(String, String)]) -> Result<ColorValue, ColorError> {
        var values: [String: Double] = [:]
        for (label, text) in components {
            guard ["white", "red", "green", "blue", "alpha"].contains(label) else {
                return .failure(ColorError("a colour has no component '\(label)'\(Suggestion.didYouMean(label, in: ["white", "red", "green", "blue", "alpha"]))"))
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
