/// A colour, as UIKit's `UIColor(white:alpha:)` and `UIColor(red:green:blue:alpha:)` make them.
///
/// Components are from 0 to 1. A grey keeps its white/alpha form, as UIKit keeps a colour's
/// space: `Color(white: 0.5, alpha: 1.0)` and an RGB colour with three equal halves are different
/// colours, and so compare unequal.
public struct ColorValue: Hashable, Sendable {
    /// How the colour was written: white and alpha, or red, green and blue.
    public enum Space: Sendable, Hashable {
        /// Greyscale: `red`, `green` and `blue` hold the same white level.
        case white
        case rgb
    }

    /// The colour space it was written in.
    public var space: Space
    /// Red, 0 to 1 (the white level for a white colour).
    public var red: Double
    /// Green, 0 to 1.
    public var green: Double
    /// Blue, 0 to 1.
    public var blue: Double
    /// Opacity, 0 to 1.
    public var alpha: Double

    package static func white(_ white: Double, alpha: Double = 1) -> ColorValue {
        ColorValue(space: .white, red: white, green: white, blue: white, alpha: alpha)
    }

    package static func rgb(_ red: Double, _ green: Double, _ blue: Double, alpha: Double = 1) -> ColorValue {
        ColorValue(space: .rgb, red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The white level: a grey's own, an RGB colour's mean of its three components.
    package var white: Double { space == .white ? red : (red + green + blue) / 3 }

    /// UIKit's named colours (`UIColor.red` ...); `grey` reads as `gray`.
    package static let named: [(name: String, color: ColorValue)] = [
        ("black", .white(0)), ("white", .white(1)), ("gray", .white(0.5)), ("clear", .white(0, alpha: 0)),
        ("red", .rgb(1, 0, 0)), ("green", .rgb(0, 1, 0)), ("blue", .rgb(0, 0, 1)),
    ]

    package static func named(_ name: String) -> ColorValue? {
        let key = name == "grey" ? "gray" : name
        return named.first { $0.name == key }?.color
    }

    /// The name UIKit gives this colour, if it has one.
    package var name: String? { Self.named.first { $0.color == self }?.name }

    /// `red`, `Color(white: 0.5, alpha: 1.0)` or `Color(red: 1.0, green: 0.5, blue: 0.0, alpha: 1.0)`:
    /// the text a spec can write back in `expect:`.
    package var text: String {
        if let name { return name }
        let f = ValueFormatter.formatDouble
        switch space {
        case .white: return "Color(white: \(f(red)), alpha: \(f(alpha)))"
        case .rgb: return "Color(red: \(f(red)), green: \(f(green)), blue: \(f(blue)), alpha: \(f(alpha)))"
        }
    }

    /// `{"white":0.5,"alpha":1.0}` or `{"red":1.0,"green":0.0,"blue":0.0,"alpha":1.0}`.
    package var json: String {
        let f = ValueFormatter.formatDouble
        switch space {
        case .white: return "{\"white\":\(f(red)),\"alpha\":\(f(alpha))}"
        case .rgb: return "{\"red\":\(f(red)),\"green\":\(f(green)),\"blue\":\(f(blue)),\"alpha\":\(f(alpha))}"
        }
    }
}

// Codable: encoded as compiled specs have it (`{"space": {"rgb": {}}, "red": 1, …}`, the form Swift
// synthesises), decoded from that or from the JSON a spec value prints (``json``: `{"white": 0.5,
// "alpha": 1}`), which a generated record with a `Color` field reads.
extension ColorValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case space, red, green, blue, alpha, white
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let alpha = try c.decodeIfPresent(Double.self, forKey: .alpha) ?? 1
        if let white = try c.decodeIfPresent(Double.self, forKey: .white) {
            self = .white(white, alpha: alpha)
            return
        }
        let red = try c.decode(Double.self, forKey: .red)
        let space = try c.decodeIfPresent(Space.self, forKey: .space)
        if space == .white {
            self = .white(red, alpha: alpha)
        } else {
            self = .rgb(red, try c.decode(Double.self, forKey: .green), try c.decode(Double.self, forKey: .blue), alpha: alpha)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(space, forKey: .space)
        try c.encode(red, forKey: .red)
        try c.encode(green, forKey: .green)
        try c.encode(blue, forKey: .blue)
        try c.encode(alpha, forKey: .alpha)
    }
}

extension ColorValue.Space: Codable {}
