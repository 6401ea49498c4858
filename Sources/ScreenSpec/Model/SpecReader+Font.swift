/// A text component's `font:` (see ``FontDecl``): a text style's name, or
/// `{ size: 28, weight: bold }` (the weight `regular` when left out).
extension SpecReader {
    mutating func readFont(_ node: YAMLNode) -> Located<FontDecl>? {
        let styles = FontDecl.textStyles.map(\.name)
        let weights = FontDecl.weights.map(\.name)
        if node.mapping == nil {
            if node.scalar?.style == .plain, let name = node.string, let style = FontDecl.textStyles.first(where: { $0.name == name }) {
                return Located(FontDecl(size: style.size, weight: style.weight), node.range)
            }
            let found = node.scalar != nil && !node.isNull ? "'\(node.string ?? "")'" : node.kindName
            diagnostics.error(.invalidValue, "'font:' is a text style or '{ size: 17, weight: semibold }', found \(found)"
                                  + diagnostics.didYouMean(node.string ?? "", in: styles),
                              at: node.range, notes: [DiagnosticNote("text styles: " + styles.map { "'\($0)'" }.joined(separator: ", "))])
            return nil
        }
        guard let f = fields(node, of: "a font", allowed: ["size", "weight"]) else { return nil }
        guard let sizeNode = f["size"] else {
            diagnostics.error(.missingKey, "a font needs a 'size:' in points", at: node.range, fixIt: "write '{ size: 17, weight: semibold }', or a text style such as 'headline'")
            return nil
        }
        guard sizeNode.scalar?.style == .plain, let size = Double(sizeNode.string ?? ""), size > 0, size <= FontDecl.maximumSize else {
            diagnostics.error(.invalidRange, "a font's 'size:' is a point size above 0 and at most \(Int(FontDecl.maximumSize)), found \(sizeNode.scalar.map { "'\($0.value)'" } ?? sizeNode.kindName)",
                              at: sizeNode.range)
            return nil
        }
        var weight = "regular"
        if let weightNode = f["weight"] {
            guard weightNode.scalar?.style == .plain, let name = weightNode.string, weights.contains(name) else {
                diagnostics.error(.invalidValue, "a font's 'weight:' is one of UIFont.Weight's, found \(weightNode.scalar.map { "'\($0.value)'" } ?? weightNode.kindName)"
                                      + diagnostics.didYouMean(weightNode.string ?? "", in: weights),
                                  at: weightNode.range, notes: [DiagnosticNote("weights: " + weights.map { "'\($0)'" }.joined(separator: ", "))])
                return nil
            }
            weight = name
        }
        return Located(FontDecl(size: size, weight: weight), node.range)
    }
}
