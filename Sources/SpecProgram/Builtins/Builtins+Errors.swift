/// Errors: `.http(status)` with a status computed at run time, and `fail(error)`, which raises
/// `error` (the checker types both itself: `.http(…)` is an implicit member, and `fail` takes its
/// type from its context, so these entries have no spelling).
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
        // As a `throw` in a Swift closure: inside a stream the stream ends with this error (an
        // error event), elsewhere it is a run-time error line.
        BuiltinEntry(TypedExpr.Builtin.fail.id, [], arguments: [1]) { fs in
            let f0 = fs[0]
            return { ctx throws(EvalError) in
                guard case .error(let error) = try f0(ctx) else { return .none }
                throw EvalError(raising: error)
            }
        },
    ]
}

extension TypedExpr.Builtin {
    /// `fail(.decode)`: the expression fails with that error.
    package static let fail = TypedExpr.Builtin("fail")
    /// `.http(status)` with a status known only at run time; outside 100...999 it fails.
    package static let httpError = TypedExpr.Builtin("httpError")
}
