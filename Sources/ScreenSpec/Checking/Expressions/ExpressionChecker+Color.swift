import SpecRuntime

/// Colour functions and members: `gray(0.5)`, `gray(0.5, 0.8)`, `rgb(1, 0, 0)`, `rgba(1, 0, 0, 0.5)`,
/// `c.white`, `c.alpha`; named colours (`red`, `black` ...) read as constants when no declaration
/// has that name.
extension ExpressionChecker {
    static let colorFunctions = ["gray", "grey", "rgb", "rgba"]

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

    mutating func colorFunction(_ name: String, _ arguments: [Expr], _ range: SpecRange) -> Typed? {
        let counts: [Int] = switch name {
        case "rgb": [3]
        case "rgba": [4]
        default: [1, 2]
        }
        guard counts.contains(arguments.count) else {
            let wanted = counts.map(String.init).joined(separator: " or ")
            diagnostics.error("wrong-arity", "'\(name)' takes \(wanted) numbers from 0 to 1, found \(arguments.count)", at: range)
            return nil
        }
        var typed: [TypedExpr] = []
        for argument in arguments {
            guard let t = check(argument, expecting: .double) else { return nil }
            typed.append(t)
        }
        if counts == [1, 2] && typed.count == 1 || name == "rgb" { typed.append(.constant(.double(1))) }
        return (.call(name == "rgb" || name == "rgba" ? .rgbColor : .grayColor, typed), .color)
    }
}
