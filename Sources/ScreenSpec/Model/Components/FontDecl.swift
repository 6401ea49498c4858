/// A text component's `font:` as iOS gives it: a Dynamic Type text style
/// (`UIFont.preferredFont(forTextStyle: .headline)`, at the default content size) or a system
/// font of a size and weight (`UIFont.systemFont(ofSize: 28, weight: .bold)`). The preview draws
/// it with that point size and weight; the engine does not read it.
package struct FontDecl: Sendable, Equatable {
    /// The point size.
    package var size: Double
    /// The weight as UIFont.Weight names it: `regular`, `semibold` …
    package var weight: String

    /// The text styles at the default (Large) content size, as Apple's Human Interface
    /// Guidelines list them: point size and weight.
    static let textStyles: [(name: String, size: Double, weight: String)] = [
        ("largeTitle", 34, "regular"), ("title1", 28, "regular"), ("title2", 22, "regular"), ("title3", 20, "regular"),
        ("headline", 17, "semibold"), ("body", 17, "regular"), ("callout", 16, "regular"), ("subheadline", 15, "regular"),
        ("footnote", 13, "regular"), ("caption1", 12, "regular"), ("caption2", 11, "regular"),
    ]

    /// UIFont.Weight's names, lightest first, with the CSS weight each draws as.
    static let weights: [(name: String, css: Int)] = [
        ("ultraLight", 100), ("thin", 200), ("light", 300), ("regular", 400), ("medium", 500),
        ("semibold", 600), ("bold", 700), ("heavy", 800), ("black", 900),
    ]

    /// The largest point size a spec may give.
    static let maximumSize = 200.0

    /// The weight as the page draws it (`font-weight`).
    package var cssWeight: Int { Self.weights.first { $0.name == weight }?.css ?? 400 }
}
