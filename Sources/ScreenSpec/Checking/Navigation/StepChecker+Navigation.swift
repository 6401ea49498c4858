import SpecRuntime

/// Navigation in scenario steps.
extension StepChecker {
    /// An `expect:` value: data of the node's type, or for a navigation `{ screen: Name, params: {...} }`.
    mutating func readExpected(_ node: YAMLNode, for symbol: Symbol, _ values: ValueReader) -> Value? {
        guard symbol.type == .navigation, let shape = navigationShapes[symbol.node] else {
            // A row's view fields it gives are compared, the others not (``ValueReader/expecting``).
            return values.forExpected.read(node, as: symbol.type, diagnostics: &cx.diagnostics)
        }
        guard let pairs = node.mapping else {
            cx.diagnostics.error(.typeMismatch, "expected a navigation such as '{ screen: \(shape.screen), params: { ... } }', found \(node.kindName)", at: node.range)
            return nil
        }
        var screen: String?
        var paramsNode: YAMLNode?
        for (k, v) in pairs {
            switch k.string {
            case "screen": screen = v.string
            case "params": paramsNode = v
            default:
                cx.diagnostics.error(.unknownKey, "a navigation has 'screen:' and 'params:', found '\(k.string ?? "")'", at: k.range)
                return nil
            }
        }
        guard screen == shape.screen else {
            cx.diagnostics.error(.typeMismatch, "'\(cx.nodes[symbol.node].name)' opens screen '\(shape.screen)', found '\(screen ?? "")'", at: node.range)
            return nil
        }
        var given: [String: YAMLNode] = [:]
        for (k, v) in paramsNode?.mapping ?? [] {
            guard let key = k.string, shape.params.contains(where: { $0.name == key }) else {
                cx.diagnostics.error(.unknownParam, "screen '\(shape.screen)' has no parameter '\(k.string ?? "")'", at: k.range)
                return nil
            }
            given[key] = v
        }
        var params: [Value] = []
        for p in shape.params {
            guard let v = given[p.name] else {
                if p.type.isOptional { params.append(.none); continue }
                cx.diagnostics.error(.missingParam, "the expected navigation is missing parameter '\(p.name)'", at: node.range)
                return nil
            }
            guard let value = values.read(v, as: p.type, diagnostics: &cx.diagnostics) else { return nil }
            params.append(value)
        }
        return .navigation(NavigationValue(screen: shape.screen, paramNames: shape.params.map(\.name), params: params))
    }
}
