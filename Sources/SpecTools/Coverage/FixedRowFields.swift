import SpecRuntime

/// The fields of a row that can never change, so that coverage asks nothing of them: a parameter
/// given by a constant (a child's `params: { kind: '"Shipping"' }`) and an output that reads only
/// such fields and constants (`title: '"\(kind) address"'`, the view's `titleLabel.text: title`).
/// A scenario could not make one change or be both true and false, whatever it did.
enum FixedRowFields {
    static func of(_ entry: CellsPlan) -> Set<Int> {
        var fixed: Set<Int> = []
        for given in entry.given ?? [] where isFixed(given.value, fixed) { fixed.insert(given.field) }
        // Outputs in order: each reads only the fields before it.
        for output in entry.outputs where isFixed(output.value, fixed) { fixed.insert(output.field) }
        return fixed
    }

    /// The fixed fields of every entry by the names coverage gives them (`shipping.kind`,
    /// `billing.titleLabel.text`).
    static func names(in spec: CheckedSpec) -> Set<String> {
        var names: Set<String> = []
        for entry in spec.cells {
            for field in of(entry) where entry.fieldNames.indices.contains(field) { names.insert(entry.name + "." + entry.fieldNames[field]) }
        }
        return names
    }

    /// Whether `expr` evaluates to the same value whenever it is evaluated on a row whose
    /// `fixed` fields never change. `closures` counts the closures around it: their `$0` is an
    /// element of a list judged on its own.
    static func isFixed(_ expr: TypedExpr, _ fixed: Set<Int>, closures: Int = 0) -> Bool {
        func all(_ exprs: [TypedExpr]) -> Bool { exprs.allSatisfy { isFixed($0, fixed, closures: closures) } }
        switch expr {
        case .constant:
            return true
        case .node, .eventPayload, .operatorArgument:
            // The screen, the whole row, a stream's element: each may change.
            return false
        case .closureArgument, .outerClosureArgument:
            return closures > 0
        case .member(.eventPayload, .field(let k), _):
            return fixed.contains(k)
        case .member(let base, _, _):
            return isFixed(base, fixed, closures: closures)
        case .call(let builtin, let arguments):
            return builtin != .now && all(arguments)
        case .not(let a), .negate(let a, _), .probe(_, let a):
            return isFixed(a, fixed, closures: closures)
        case .arithmetic(_, _, let a, let b), .concatenate(let a, let b, _), .equal(let a, let b, _), .order(_, let a, let b),
             .and(let a, let b), .or(let a, let b), .coalesce(let a, let b):
            return all([a, b])
        case .conditional(let a, let b, let c):
            return all([a, b, c])
        case .closureCall(_, let list, let body):
            return isFixed(list, fixed, closures: closures) && isFixed(body, fixed, closures: closures + 1)
        case .interpolation(let parts):
            return parts.allSatisfy { part in
                if case .value(let value) = part { return isFixed(value, fixed, closures: closures) }
                return true
            }
        case .list(let items), .makeRecord(_, _, let items), .makeNavigation(_, _, let items):
            return all(items)
        }
    }
}
