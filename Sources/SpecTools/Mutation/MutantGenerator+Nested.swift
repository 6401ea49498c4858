import ScreenSpec

/// Mutants of the operators of a request nested in a request's `ops:` (a fetch in the `ops:` of a
/// polling `interval`): an inner `takeUntil: cancel` dropped from the nested fetch is killed by a
/// scenario that cancels one, as the outer request's own operators are.
extension MutationEdit {
    /// The edit `variant` names for operator `nested` of the nested request's `ops:` `nestedList`.
    static func nested(_ variant: MutationCatalog.OperatorEdit, output: Int, op: Int, list: RequestDecl.OperatorList, inner: Int,
                       nestedList: RequestDecl.OperatorList, nested: Int) -> MutationEdit {
        switch variant {
        case .remove: .nestedOperator(output: output, op: op, list: list, inner: inner, nestedList: nestedList, nested: nested, nil)
        case .replace(let replacement):
            .nestedOperator(output: output, op: op, list: list, inner: inner, nestedList: nestedList, nested: nested, replacement)
        }
    }

    /// Applies ``nestedOperator(output:op:list:inner:nestedList:nested:_:)``.
    static func applyNested(to spec: inout Spec, output o: Int, op: Int, list: RequestDecl.OperatorList, inner j: Int,
                            nestedList: RequestDecl.OperatorList, nested n: Int, _ replacement: OperatorDecl?) {
        guard case .stream(var stream) = spec.outputs[o].kind, var request = stream.operators[op].arguments.request else { return }
        request.modifyOperators(list) { ops in
            guard ops.indices.contains(j), var nested = ops[j].arguments.request else { return }
            nested.modifyOperators(nestedList) { nestedOps in
                if let replacement { nestedOps[n] = replacement } else { nestedOps.remove(at: n) }
            }
            ops[j].arguments.request = nested
        }
        stream.operators[op].arguments.request = request
        spec.outputs[o].kind = .stream(stream)
    }
}
