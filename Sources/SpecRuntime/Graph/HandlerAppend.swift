import ScreenSpec

/// One value a handler writes: the node's new value, or with `appends` the list to append to it.
struct HandlerWrite {
    var target: Int
    var value: Value
    var appends: Bool
}

extension ExpressionCompiler {
    /// For each of the handler's writes, the compiled right side when the write is `x: x + list`
    /// (a list concatenation whose left side is the target's own value) and the target has no
    /// constraint; nil otherwise. The graph turns such a write into an append, so that growing a
    /// list page by page is linear instead of copying the whole list every page.
    static func appends(_ handler: HandlerPlan) -> [CompiledExpr?] {
        handler.values.enumerated().map { k, expr in
            guard k < handler.targets.count,
                  k >= handler.constraints.count || handler.constraints[k] == nil,
                  case .concatenate(.node(let left), let tail, isString: false) = expr,
                  left == handler.targets[k] else { return nil }
            return compile(tail)
        }
    }
}
