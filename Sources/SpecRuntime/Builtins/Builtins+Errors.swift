/// Errors: `.http(status)` with a status computed at run time (the checker types the implicit
/// member `.http(…)` itself, so this entry has no spelling).
extension BuiltinCatalog {
    static let errors: [BuiltinEntry] = [
        BuiltinEntry(TypedExpr.Builtin.httpError.id, [], arguments: [1]) { fs in
            let f0 = fs[0]
            return { ctx throws(EvalError) in
                guard case .int(let status) = try f0(ctx) else { return .none }
                guard ErrorValue.httpStatuses.contains(status) else {
                    throw EvalError(message: "'.http(\(status))': an HTTP status is from 100 to 999")
                }
                return .error(ErrorValue(.http, status: status))
            }
        },
    ]
}

extension TypedExpr.Builtin {
    /// `.http(status)` with a status known only at run time; outside 100...999 it fails.
    package static let httpError = TypedExpr.Builtin("httpError")
}
