import SpecRuntime

/// A Bool stream's last `filter` decides which values its elements can have: after `filter: $0`
/// every element is true, after `filter: "!$0"` false, after `filter: "$0 == true"` true. An item
/// "'bigs' is false" that the filter rules out by construction is not an item: no scenario could
/// cover it. Operators after the filter that pass on only elements they received (`take`,
/// `distinctUntilChanged`, `debounce`, `takeUntil`, `share`, …) keep its verdict; any other
/// (`map`, `startWith`, `merge`, `catchAndReturn`, a request) may bring in either value, and so
/// does a stream with `initial:`, whose first value is the one written.
extension CoverageMap {
    /// Whether the Bool stream's elements can be true, and whether they can be false.
    static func possibleBools(_ stream: StreamPlan) -> (canBeTrue: Bool, canBeFalse: Bool) {
        guard !stream.holdsValue else { return (true, true) }
        for op in stream.operators.reversed() {
            if op.name == "filter", let predicate = op.arguments.expressions.first {
                // A value passes when the predicate may hold for it; `false` for certain drops it.
                return (passes(predicate, true) != false, passes(predicate, false) != false)
            }
            guard let entry = OperatorCatalog.entry(named: op.name), passesOnReceivedElements(entry) else { return (true, true) }
        }
        return (true, true)
    }

    /// Operators that emit only elements they received, unchanged.
    private static func passesOnReceivedElements(_ entry: OperatorEntry) -> Bool {
        switch entry.typing {
        case .keepsElement, .keyed, .endsOn, .shares: true
        default: false
        }
    }

    /// The predicate's value with `$0` as `element`, when `$0` and constants alone decide it
    /// (`$0`, `!$0`, `$0 == false`, `$0 && x` for a false `$0`); nil when it depends on more.
    private static func passes(_ e: TypedExpr, _ element: Bool) -> Bool? {
        switch e.unprobed {
        case .constant(.bool(let b)): return b
        case .operatorArgument(0): return element
        case .not(let x): return passes(x, element).map { !$0 }
        case .and(let x, let y):
            let (a, b) = (passes(x, element), passes(y, element))
            if a == false || b == false { return false }
            return a == true && b == true ? true : nil
        case .or(let x, let y):
            let (a, b) = (passes(x, element), passes(y, element))
            if a == true || b == true { return true }
            return a == false && b == false ? false : nil
        case .equal(let x, let y, let negated):
            guard let a = passes(x, element), let b = passes(y, element) else { return nil }
            return (a == b) != negated
        default: return nil
        }
    }
}
