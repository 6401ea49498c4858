/// Errors: `.http(status)` with a status computed at run time, `fail(error)`, which raises
/// `error`, and `error.body(Type)`, the failure's decoded body (the checker types all three
/// itself: `.http(…)` is an implicit member, `fail` takes its type from its context and `body`
/// takes a type name, so these entries have no spelling).
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
        // `error.body(Validation)`: the body when it decoded as that record type, else nil (no
        // body, a body of another status's type, or one that did not decode).
        BuiltinEntry(TypedExpr.Builtin.errorBody.id, [], arguments: [2], validate: errorBodyProblem, implementation: { fs in
            let f0 = fs[0], f1 = fs[1]
            return { ctx throws(EvalError) in
                guard case .error(let error) = try f0(ctx), case .record(let body)? = error.body,
                      case .string(let type) = try f1(ctx), body.type == type else { return .none }
                return .record(body)
            }
        }),
    ]

    /// Why a compiled `errorBody` call cannot run: it takes an error and a type's name, a constant.
    @Sendable private static func errorBodyProblem(_ arguments: [TypedExpr]) -> String? {
        guard arguments.count == 2, case .constant(.string) = arguments[1].unprobed else { return "with arguments other than an error and a type's name" }
        return nil
    }
}

extension TypedExpr.Builtin {
    /// `error.body(Validation)`: the failure's body as that record type, nil when it has none of it;
    /// the type's name is the second argument, a constant.
    package static let errorBody = TypedExpr.Builtin("errorBody")
    /// `fail(.decode)`: the expression fails with that error.
    package static let fail = TypedExpr.Builtin("fail")
    /// `.http(status)` with a status known only at run time; outside 100...999 it fails.
    package static let httpError = TypedExpr.Builtin("httpError")
}
