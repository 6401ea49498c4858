import SpecRuntime

/// Errors as values: the members `error.kind` (an `ErrorKind`), `error.status` (`Int?`, set for
/// `http`) and `error.message` (`String`), and the literals `.notEnabled`, `.unknown`, `.decode`, `.timeout` and
/// `.http(409)` where an `Error` is expected, so that `$0 == .http(409)` reads as in Swift.
extension ExpressionChecker {
    /// The built-in enum of `error.kind`; its cases are ``ErrorValue/Kind``'s.
    static let errorKindType = ErrorValue.kindTypeName
    static let errorMembers = ["kind", "status", "message"]
    /// The failures an `Error` literal names. `.evaluation` has no literal: it carries its run-time
    /// message, so it is tested through its kind.
    static let errorLiterals = ["notEnabled", "unknown", "decode", "timeout", "http"]
    private static let literalList = "'.notEnabled', '.unknown', '.decode', '.timeout' or '.http(STATUS)'"

    static func errorMember(_ name: String) -> (TypedExpr.Member, SpecType)? {
        switch name {
        case "kind": (.errorKind, .enumeration(errorKindType))
        case "status": (.errorStatus, .optional(.int))
        case "message": (.errorMessage, .string)
        default: nil
        }
    }

    /// `.notEnabled` where an `Error` is expected.
    mutating func errorLiteral(_ name: String, _ range: SpecRange) -> Typed? {
        switch name {
        case "notEnabled": return (.constant(.error(ErrorValue(.notEnabled))), .error)
        case "unknown": return (.constant(.error(ErrorValue(.unknown))), .error)
        case "decode": return (.constant(.error(ErrorValue(.decode))), .error)
        case "timeout": return (.constant(.error(ErrorValue(.timeout))), .error)
        case "http":
            diagnostics.error(.missingStatus, "'.http' needs its status, as in '.http(409)'", at: range,
                              notes: [DiagnosticNote("to match any HTTP failure, compare the kind: 'error.kind == .http'")])
        case "evaluation":
            diagnostics.error(.noLiteral, "an evaluation failure carries its run-time message, so it has no literal", at: range,
                              notes: [DiagnosticNote("compare the kind instead: 'error.kind == .evaluation'")])
        default:
            diagnostics.error(.unknownCase, "'Error' has no case '\(name)'\(diagnostics.didYouMean(name, in: Self.errorLiterals + ["evaluation"]))",
                              at: range, notes: [DiagnosticNote("an 'Error' literal is " + Self.literalList)])
        }
        return nil
    }

    /// `.http(409)` (or `.http(code)` with an `Int` expression) where an `Error` is expected.
    mutating func errorLiteralCall(_ name: String, _ arguments: [Expr], _ range: SpecRange) -> Typed? {
        guard name == "http" else {
            if Self.errorLiterals.contains(name) || name == "evaluation" {
                diagnostics.error(.wrongArity, "'.\(name)' takes no arguments; write '.\(name)'", at: range)
            } else {
                diagnostics.error(.unknownCase, "'Error' has no case '\(name)'\(diagnostics.didYouMean(name, in: Self.errorLiterals))",
                                  at: range, notes: [DiagnosticNote("an 'Error' literal is " + Self.literalList)])
            }
            return nil
        }
        guard arguments.count == 1, let argument = arguments.first else {
            diagnostics.error(.wrongArity, "'.http' takes one status, as in '.http(409)', found \(arguments.count) arguments", at: range)
            return nil
        }
        if let status = argument.integerLiteral {
            guard ErrorValue.httpStatuses.contains(status) else {
                diagnostics.error(.invalidStatus, "an HTTP status is from 100 to 999, found \(status)", at: argument.range)
                return nil
            }
            return (.constant(.error(ErrorValue(.http, status: status))), .error)
        }
        guard let status = infer(argument) else { return nil }
        guard status.type == .int else {
            diagnostics.error(.typeMismatch, "'.http' takes an 'Int' status, found '\(status.type)'", at: argument.range,
                              notes: [DiagnosticNote("write the status as a number, as in '.http(409)'")])
            return nil
        }
        return (.call(.httpError, [status.expr]), .error)
    }

    /// `fail(.decode)`: the expression fails with that error, as a `throw` in a Swift closure;
    /// inside a stream the stream ends with it. It stands for a value of the type its context
    /// expects (`x ?? fail(.decode)`, `ok ? x : fail(.decode)`, an output's declared type).
    mutating func fail(_ arguments: [Expr], expected: SpecType?, _ range: SpecRange) -> Typed? {
        guard arguments.count == 1, let argument = arguments.first else {
            return error(.wrongArity, "'fail' takes one error, as in 'fail(.decode)', found \(arguments.count) arguments", range)
        }
        guard let error = check(argument, expecting: .error) else { return nil }
        guard let expected else {
            return self.error(.failContext, "'fail(…)' needs a type from its context, as in 'x ?? fail(.decode)' or 'ok ? x : fail(.decode)'", range)
        }
        return (.call(.fail, [error]), expected)
    }

    /// A name that would be right with a leading dot: an `Error` literal or a case of the expected
    /// enum, written without it (`error == notEnabled`). Nil when the name is not one of those.
    func missingDot(_ name: String, expected: SpecType?) -> String? {
        let literal = name == "http" ? ".http(STATUS)" : "." + name
        switch expected?.unwrapped {
        case .error?:
            return Self.errorLiterals.contains(name) ? literal : nil
        case .enumeration(let type)?:
            return table.enums[type]?.contains(name) == true ? "." + name : nil
        case nil:
            return Self.errorLiterals.contains(name) ? literal : nil
        default:
            return nil
        }
    }
}

extension Expr {
    /// `fail(…)`, which takes its type from the other branch of a `? :`.
    var isFailCall: Bool {
        if case .call(let callee, _) = kind, case .name("fail") = callee.kind { return true }
        return false
    }

    /// `409` or `-1`: an integer written as a literal, so that a status can be checked before running.
    var integerLiteral: Int? {
        switch kind {
        case .int(let v): return v
        case .unary(.negate, let operand):
            if case .int(let v) = operand.kind, v != Int.min { return -v }
            return nil
        default: return nil
        }
    }
}
