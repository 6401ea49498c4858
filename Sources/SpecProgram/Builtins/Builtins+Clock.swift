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
        // No spelling: the checker writes it around the value of an output with `every:`.
        BuiltinEntry(TypedExpr.Builtin.recomputedEvery.id, [], arguments: [2]) { arguments in arguments[1] },
    ]
}

extension TypedExpr.Builtin {
    /// `now`: no arguments.
    package static let now = TypedExpr.Builtin("now")
    /// `recomputedEvery(tick, value)`: the value. The output's hidden interval (`name$every`) is an
    /// argument only so that the output reads it, and so is computed again at each of its ticks;
    /// it is never evaluated.
    package static let recomputedEvery = TypedExpr.Builtin("recomputedEvery")
}
