import SpecRuntime

/// Colour members (the colour functions `gray`, `rgb`, `rgba` are in `BuiltinCatalog`):
/// `c.white`, `c.alpha`; named colours (`red`, `black` ...) read as constants when no declaration
/// has that name.
extension ExpressionChecker {
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
