import SpecRuntime

/// `now`, the clock (`BuiltinCatalog.clock`): the time of the transaction that evaluates it, in
/// milliseconds since the screen started, an `Int`. Swift's `Date()` and `Date.now` are errors
/// whose fix is `now`: a spec's clock is the screen's (virtual in a scenario), and a time is a
/// count of milliseconds, which `now - startedAt` turns into a duration.
extension ExpressionChecker {
    /// The clock's reading for `name` when it is `now` (a name the spec does not declare, outside
    /// a function's body, which reads its parameters only); an error for `Date`; nil otherwise.
    mutating func clockName(_ name: String, _ range: SpecRange) -> Typed?? {
        switch name {
        case "now" where functionParameters == nil && clockReadable:
            return .some((.call(.now, []), .int))
        case "Date":
            return .some(dateIsNow(range))
        default:
            return nil
        }
    }

    /// `Date()`, `Date.now`: the error whose fix is `now`.
    mutating func dateIsNow(_ range: SpecRange) -> Typed? {
        diagnostics.error(.unknownName, "a spec has no 'Date': its clock is 'now', the milliseconds since the screen started, an 'Int'", at: range,
                          notes: [DiagnosticNote("a duration is a difference of two readings, as in 'now - startedAt' (Swift's 'Date().timeIntervalSince(startedAt)', in milliseconds)")],
                          fixIt: "write 'now'")
        return nil
    }
}
