import SpecProgram

/// The event a handler is on, as an expression reads it: the payload by a dotted name, and the
/// value that fired on a row's payload (``ExpressionChecker/fired``).
extension ExpressionChecker {
    /// Whether `base.name` spells the payload's name of three parts or more. Kept out of
    /// ``member(_:_:optional:nameRange:whole:)``, whose frame every level of a deep expression
    /// pays for (512 operators check on a test thread's stack).
    @inline(never)
    func isPayload(_ base: Expr, _ name: String) -> Bool {
        guard let payload, let path = base.dottedPath, path.contains(".") else { return false }
        return payload.name == path + "." + name
    }

    /// Whether `expr` is the handler's payload and `field` the field of it holding the value that
    /// fired (``fired``).
    func isFired(_ expr: TypedExpr, _ field: String) -> Bool {
        guard let fired, fired.field == field, case .eventPayload = expr else { return false }
        return true
    }

    /// Whether `expr` reads the value that fired on the payload (``fired``).
    func isFiredRead(_ expr: TypedExpr) -> Bool {
        guard let fired, let payload, case .member(.eventPayload, .field(let i), chained: false) = expr, case .record(let record) = payload.type,
              let fields = table.records[record], fields.indices.contains(i) else { return false }
        return fields[i].name == fired.field
    }
}
