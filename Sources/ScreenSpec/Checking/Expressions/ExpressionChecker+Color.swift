import SpecRuntime

/// Colour members (the colour functions `gray`, `rgb`, `rgba` are in `BuiltinCatalog`):
/// `c.white`, `c.alpha`; named colours (`red`, `black` ...) read as constants when no declaration
/// has that name, and as `.red` where a `Color` is expected, as Swift's `UIColor` shorthand.
extension ExpressionChecker {
    /// `.red` where the context is a `Color` (`textColor: 'n < 0 ? .red : .gray'`): the named
    /// colour; one specrun does not know (`.secondaryLabel`) is reported with the ones it does.
    mutating func implicitColor(_ name: String, _ range: SpecRange) -> Typed? {
        if let color = ColorValue.named(name) { return (.constant(.color(color)), .color) }
        let names = ColorValue.named.map(\.name)
        return error(.unknownCase, "'.\(name)' is not a colour specrun knows\(diagnostics.didYouMean(name, in: names))", range,
                     notes: [DiagnosticNote("its named colours are " + names.map { "'.\($0)'" }.joined(separator: ", ")
                                            + "; any other is 'gray(WHITE)', 'rgb(RED, GREEN, BLUE)' or 'rgba(RED, GREEN, BLUE, ALPHA)'")])
    }

    static func colorMember(_ name: String) -> TypedExpr.Member? {
        switch name {
        case "white": .colorWhite
        case "red": .colorRed
        case "green": .colorGreen
        case "blue": .colorBlue
        case "alpha": .colorAlpha
        default: nil
        }
    }
}
