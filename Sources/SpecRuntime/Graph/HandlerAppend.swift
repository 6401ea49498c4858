@_spi(Engine) import SpecProgram

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

extension ExpressionCompiler {
    /// The target of a handler whose one write is the event itself with no constraint (a view
    /// binding: a text field showing a property, a button following its action's `enabled`).
    static func forwardTarget(_ handler: HandlerPlan) -> Int? {
        guard handler.condition == nil, handler.values.count == 1, handler.targets.count == 1, case .eventPayload = handler.values[0] else { return nil }
        if let first = handler.constraints.first, first != nil { return nil }
        return handler.targets[0]
    }
}
