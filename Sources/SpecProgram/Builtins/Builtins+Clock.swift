/// The clock: `now`, the time of the transaction that evaluates it, in milliseconds of the
/// screen's clock since it started (the times a timeline prints), an `Int`. A scenario's clock is
/// virtual, so `now` is as deterministic as the rest of the run; a live screen's is real time
/// (``EvalContext/clockNow``, which the graph sets to its clock). The checker types the name
/// itself (no spelling): a name the spec declares as `now` is that declaration instead.
extension BuiltinCatalog {
    static let clock: [BuiltinEntry] = [
        BuiltinEntry(TypedExpr.Builtin.now.id, [], arguments: [0]) { _ in
            { ctx throws(EvalError) in .int(ctx.clockNow()) }
        },
    ]
}

extension TypedExpr.Builtin {
    /// `now`: no arguments.
    package static let now = TypedExpr.Builtin("now")
}
