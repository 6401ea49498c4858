/// Colours: `gray(white)`, `gray(white, alpha)` (also `grey`), `rgb(r, g, b)`, `rgba(r, g, b, a)`,
/// components from 0 to 1.
extension BuiltinCatalog {
    static let colors: [BuiltinEntry] = [
        BuiltinEntry("grayColor", ["gray", "grey"].flatMap { name in [
            BuiltinSpelling.function(name, [.double], appending: [.double(1)], .color),
            BuiltinSpelling.function(name, [.double, .double], .color),
        ] }) { color(rgb: false, $0) },
        BuiltinEntry("rgbColor", [
            .function("rgb", [.double, .double, .double], appending: [.double(1)], .color),
            .function("rgba", [.double, .double, .double, .double], .color),
        ]) { color(rgb: true, $0) },
    ]

    /// A component outside 0...1 is an evaluation error, as a colour has no such component.
    private static func color(rgb: Bool, _ fs: [CompiledExpr]) -> CompiledExpr {
        { ctx throws(EvalError) in
            var components: [Double] = []
            for f in fs {
                guard case .double(let d) = try f(ctx) else { return .none }
                guard d.isFinite, (0...1).contains(d) else {
                    throw EvalError(message: "colour component \(ValueFormatter.formatDouble(d)) is outside 0...1")
                }
                components.append(d)
            }
            if rgb, components.count == 4 { return .color(.rgb(components[0], components[1], components[2], alpha: components[3])) }
            if !rgb, components.count == 2 { return .color(.white(components[0], alpha: components[1])) }
            return .none
        }
    }
}

extension BuiltinType {
    static let color = BuiltinType.exact(.color)
}
