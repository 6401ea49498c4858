/// Number formatting: `String(format: "%d:%02d", m, s)`, `String(format: "$%.2f", total)`, as
/// Foundation's `String(format:)`; see ``FormatString`` for the conversions. The checker types the
/// call itself (the format must be a literal, so that each argument is typed by its conversion),
/// so this entry has no spelling.
extension BuiltinCatalog {
    static let formatting: [BuiltinEntry] = [
        BuiltinEntry(TypedExpr.Builtin.format.id, [], validate: validateFormatting, implementation: { fs in
            let (f0, values) = (fs[0], Array(fs.dropFirst()))
            return { ctx throws(EvalError) in
                guard case .string(let text) = try f0(ctx) else { return .none }
                let format: FormatString
                do throws(FormatString.Problem) { format = try FormatString(text) } catch { throw EvalError(message: "'String(format:)': \(error.message)") }
                var arguments: [Value] = []
                for f in values { arguments.append(try f(ctx)) }
                let s = format.format(arguments)
                if s.utf8.count > ctx.maximumValueSize { throw ctx.tooLarge("string", s.utf8.count) }
                try ctx.spend(s.utf8.count)
                return .string(s)
            }
        }),
    ]

    private static func validateFormatting(_ arguments: [TypedExpr]) -> String? {
        guard case .constant(.string(let text))? = arguments.first else { return "without a format string first" }
        let format: FormatString
        do throws(FormatString.Problem) { format = try FormatString(text) } catch { return "with a format it cannot read: \(error.message)" }
        let wanted = format.conversions.count
        return wanted == arguments.count - 1 ? nil : "with \(arguments.count - 1) values for a format that takes \(wanted)"
    }
}

extension TypedExpr.Builtin {
    /// `String(format: FORMAT, values…)`: the format string first, then one value per conversion.
    package static let format = TypedExpr.Builtin("format")
}
