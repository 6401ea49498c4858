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

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension ColorValue: Codable {}
extension ColorValue.Space: Codable {}
