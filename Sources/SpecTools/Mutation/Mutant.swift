import ScreenSpec
import SpecRuntime

/// One small change to a spec that a scenario should notice, such as `email.count >= 10` becoming
/// `email.count >= 11`. Made on the spec model in memory; ``apply(to:)`` gives the changed model.
package struct Mutant: Sendable {
    /// The declaration the change is in: an output, action, service, handler event or component.
    package var declaration: String
    /// The change as `equivalentMutants:` quotes it: `before -> after`.
    package var change: String
    package var range: SpecRange
    /// The reason given in `equivalentMutants:`, when the spec marks this mutant as equivalent.
    package var equivalentBecause: String?
    /// With ``equivalentBecause``: which mark of `equivalentMutants:` (its index), and this
    /// mutant's rank, from 1, among the declaration's mutants of the same change in source order
    /// (its `occurrence:`), for the warning when a scenario kills a marked mutant.
    package var equivalentMark: (index: Int, occurrence: Int)?
    let edit: MutationEdit

    /// The spec with this change made.
    func apply(to spec: Spec) -> Spec {
        var copy = spec
        edit.apply(to: &copy)
        return copy
    }
}

/// Where and how a mutant changes the model.
enum MutationEdit: Sendable {
    /// Replace the `node`-th sub-expression (pre-order) of expression slot `slot` (see `Spec.rewriteExpressions`).
    case expression(slot: Int, node: Int, replacement: Expr)
    case dropEnabledIf(action: Int)
    /// Remove operator `op` of stream output `output` (an index into `spec.outputs`).
    case removeOperator(output: Int, op: Int)
    /// Replace operator `op` of stream output `output` with another (its argument changed, or renamed).
    case replaceOperator(output: Int, op: Int, OperatorDecl)
    /// Remove operator `inner` of the `ops:` `list` (the request's own, or a choice's branch's) of
    /// request `op` of stream output `output`.
    case removeInnerOperator(output: Int, op: Int, list: RequestDecl.OperatorList, inner: Int)
    /// Replace operator `inner` of the `ops:` `list` of request `op` of stream output `output`.
    case replaceInnerOperator(output: Int, op: Int, list: RequestDecl.OperatorList, inner: Int, OperatorDecl)
    /// Remove (`replacement` nil) or replace operator `nested` of the `ops:` `nestedList` of the
    /// request that is operator `inner` of the `ops:` `list` of request `op` of stream output
    /// `output` (a request nested in an inner stream, MutantGenerator+Nested.swift).
    case nestedOperator(output: Int, op: Int, list: RequestDecl.OperatorList, inner: Int, nestedList: RequestDecl.OperatorList, nested: Int,
                        OperatorDecl?)
    /// Remove operator `inner` of the `ops:` `list` of action `action`'s work written as a stream.
    case removeWorkOperator(action: Int, list: RequestDecl.OperatorList, inner: Int)
    /// Replace operator `inner` of the `ops:` `list` of action `action`'s work written as a stream.
    case replaceWorkOperator(action: Int, list: RequestDecl.OperatorList, inner: Int, OperatorDecl)
    /// Remove or replace operator `inner` of the `ops:` list `list` of action `action`'s work,
    /// of view model `viewModel` (a row's work written as a stream).
    case removeRowWorkOperator(viewModel: Int, action: Int, list: RequestDecl.OperatorList, inner: Int)
    case replaceRowWorkOperator(viewModel: Int, action: Int, list: RequestDecl.OperatorList, inner: Int, OperatorDecl)
    /// Remove or replace operator `op` of stream output `stream` of view model `viewModel` (a
    /// row's stream, ``ViewModelDecl/streams``).
    case removeRowStreamOperator(viewModel: Int, stream: Int, op: Int)
    case replaceRowStreamOperator(viewModel: Int, stream: Int, op: Int, OperatorDecl)
    case serviceLatency(service: Int, Int)
    /// The `latency:` of result `result` (`case` >= 0: of that case's result instead).
    case resultLatency(service: Int, result: Int, case: Int, Int)
    /// Replace result `result` of service `service` (`case` >= 0: the result of that case instead).
    case replaceResult(service: Int, result: Int, case: Int, ResultDecl.Kind)
    /// Give a service with no declared result a single one.
    case addResult(service: Int, ResultDecl)
    /// Remove row `row` of the `table:` of binding `binding`: its key falls to the default.
    case removeTableRow(binding: Int, row: Int)

    func apply(to spec: inout Spec) {
        switch self {
        case .expression(let slot, let node, let replacement):
            spec.rewriteExpressions { s, _, expr in
                guard s == slot else { return }
                var counter = 0
                expr = expr.replacing(node: node, with: replacement, counter: &counter)
            }
        case .dropEnabledIf(let a):
            spec.actions[a].enabledIf = nil
        case .removeOperator(let o, let op):
            guard case .stream(var stream) = spec.outputs[o].kind else { return }
            stream.operators.remove(at: op)
            spec.outputs[o].kind = .stream(stream)
        case .replaceOperator(let o, let op, let replacement):
            guard case .stream(var stream) = spec.outputs[o].kind else { return }
            stream.operators[op] = replacement
            spec.outputs[o].kind = .stream(stream)
        case .removeInnerOperator(let o, let op, let list, let j):
            guard case .stream(var stream) = spec.outputs[o].kind, var request = stream.operators[op].arguments.request else { return }
            request.modifyOperators(list) { $0.remove(at: j) }
            stream.operators[op].arguments.request = request
            spec.outputs[o].kind = .stream(stream)
        case .replaceInnerOperator(let o, let op, let list, let j, let replacement):
            guard case .stream(var stream) = spec.outputs[o].kind, var request = stream.operators[op].arguments.request else { return }
            request.modifyOperators(list) { $0[j] = replacement }
            stream.operators[op].arguments.request = request
            spec.outputs[o].kind = .stream(stream)
        case .nestedOperator(let o, let op, let list, let j, let nestedList, let n, let replacement):
            Self.applyNested(to: &spec, output: o, op: op, list: list, inner: j, nestedList: nestedList, nested: n, replacement)
        case .removeWorkOperator(let a, let list, let j):
            spec.actions[a].work.request?.modifyOperators(list) { $0.remove(at: j) }
        case .replaceWorkOperator(let a, let list, let j, let replacement):
            spec.actions[a].work.request?.modifyOperators(list) { $0[j] = replacement }
        case .removeRowWorkOperator(let v, let a, let list, let j):
            spec.viewModels[v].actions[a].work.request?.modifyOperators(list) { $0.remove(at: j) }
        case .replaceRowWorkOperator(let v, let a, let list, let j, let replacement):
            spec.viewModels[v].actions[a].work.request?.modifyOperators(list) { $0[j] = replacement }
        case .removeRowStreamOperator(let v, let s, let j):
            spec.viewModels[v].streams[s].stream.operators.remove(at: j)
        case .replaceRowStreamOperator(let v, let s, let j, let replacement):
            spec.viewModels[v].streams[s].stream.operators[j] = replacement
        case .serviceLatency(let s, let ms):
            spec.services[s].latency?.value = ms
        case .resultLatency(let s, let r, let c, let ms):
            if c >= 0 { spec.services[s].cases[c].result.latency?.value = ms } else { spec.services[s].results[r].latency?.value = ms }
        case .replaceResult(let s, let r, let c, let kind):
            if c >= 0 { spec.services[s].cases[c].result.kind = kind } else { spec.services[s].results[r].kind = kind }
        case .addResult(let s, let result):
            spec.services[s].results = [result]
        case .removeTableRow(let b, let row):
            guard case .table(var rows, let fallback, let range) = spec.bindings[b].transform else { return }
            rows.remove(at: row)
            spec.bindings[b].transform = .table(rows, default: fallback, range: range)
        }
    }
}

extension Expr {
    /// This expression with its `node`-th sub-expression (pre-order, counted from `counter`) replaced.
    func replacing(node target: Int, with replacement: Expr, counter: inout Int) -> Expr {
        if counter == target { counter += 1; return replacement }
        counter += 1
        var copy = self
        func r(_ e: Expr) -> Expr { e.replacing(node: target, with: replacement, counter: &counter) }
        switch kind {
        case .int, .double, .bool, .string, .null, .void, .name, .closureArgument, .closureParameter, .implicitMember, .invalid: break
        case .interpolation(let parts):
            copy.kind = .interpolation(parts.map { if case .expr(let e) = $0 { return .expr(r(e)) } else { return $0 } })
        case .construct(let callee, let args):
            let c = r(callee)
            copy.kind = .construct(c, args.map { var a = $0; a.value = r(a.value); return a })
        case .unary(let op, let a): copy.kind = .unary(op, r(a))
        case .binary(let op, let a, let b): let x = r(a); copy.kind = .binary(op, x, r(b))
        case .ternary(let c, let a, let b): let x = r(c); let y = r(a); copy.kind = .ternary(x, y, r(b))
        case .member(let base, let name, let optional, let nameRange): copy.kind = .member(r(base), name, optional: optional, nameRange: nameRange)
        case .call(let callee, let args): let c = r(callee); copy.kind = .call(c, args.map { r($0) })
        case .closure(let body, let parameters): copy.kind = .closure(r(body), parameters: parameters)
        case .list(let items): copy.kind = .list(items.map { r($0) })
        }
        return copy
    }

    /// For each sub-expression in pre-order, the pre-order index of its parent (nil for the root).
    func preorderParents() -> [Int?] {
        var out: [Int?] = []
        func walk(_ e: Expr, _ parent: Int?) {
            let me = out.count
            out.append(parent)
            switch e.kind {
            case .int, .double, .bool, .string, .null, .void, .name, .closureArgument, .closureParameter, .implicitMember, .invalid: break
            case .interpolation(let parts): for case .expr(let x) in parts { walk(x, me) }
            case .construct(let callee, let args): walk(callee, me); args.forEach { walk($0.value, me) }
            case .unary(_, let a), .closure(let a, _), .member(let a, _, _, _): walk(a, me)
            case .binary(_, let a, let b): walk(a, me); walk(b, me)
            case .ternary(let c, let a, let b): walk(c, me); walk(a, me); walk(b, me)
            case .call(let callee, let args): walk(callee, me); args.forEach { walk($0, me) }
            case .list(let items): items.forEach { walk($0, me) }
            }
        }
        walk(self, nil)
        return out
    }

    var isConstant: Bool {
        switch kind {
        case .int, .double, .bool, .string, .null, .void: return true
        default: return false
        }
    }

    /// Every sub-expression in pre-order (the numbering ``replacing(node:with:counter:)`` uses).
    func preorder() -> [Expr] {
        var out: [Expr] = []
        func walk(_ e: Expr) {
            out.append(e)
            switch e.kind {
            case .int, .double, .bool, .string, .null, .void, .name, .closureArgument, .closureParameter, .implicitMember, .invalid: break
            case .interpolation(let parts): for case .expr(let x) in parts { walk(x) }
            case .construct(let callee, let args): walk(callee); args.forEach { walk($0.value) }
            case .unary(_, let a), .closure(let a, _), .member(let a, _, _, _): walk(a)
            case .binary(_, let a, let b): walk(a); walk(b)
            case .ternary(let c, let a, let b): walk(c); walk(a); walk(b)
            case .call(let callee, let args): walk(callee); args.forEach(walk)
            case .list(let items): items.forEach(walk)
            }
        }
        walk(self)
        return out
    }
}
