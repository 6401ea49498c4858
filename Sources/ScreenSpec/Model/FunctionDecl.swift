import SpecRuntime

/// `functions:` — a helper any expression of the spec may call, as a Swift author writes
/// `func mmss(_ t: Int) -> String` beside the view model:
/// `mmss: { params: { t: Int }, returns: String, body: 'String(format: "%02d:%02d", t / 60, t % 60)' }`.
/// A call passes its arguments in order, without labels: `mmss(elapsed)`. The body reads its
/// parameters only (a pure function), and may call the other functions, without recursion.
package struct FunctionDecl: Sendable {
    package var name: Located<String>
    /// The parameters in order, each with its type as written.
    package var params: [(name: Located<String>, type: Located<String>)]
    package var returns: Located<String>
    package var body: Expr
    package var range: SpecRange
}

extension SpecReader {
    /// One entry of `functions:`: `params:` (optional: a function of no parameters), `returns:`
    /// and `body:`.
    mutating func readFunction(_ name: Located<String>, _ node: YAMLNode) -> FunctionDecl? {
        guard let f = fields(node, of: "function '\(name.value)'", allowed: ["params", "returns", "body"]) else { return nil }
        guard let returnsNode = f["returns"], let bodyNode = f["body"] else {
            let missing = ["returns", "body"].filter { f[$0] == nil }.map { "'\($0):'" }.joined(separator: " and ")
            diagnostics.error(.missingKey, "function '\(name.value)' needs \(missing)", at: node.range,
                              fixIt: "write '\(name.value): { params: { t: Int }, returns: String, body: EXPR }'")
            return nil
        }
        var params: [(name: Located<String>, type: Located<String>)] = []
        if let paramsNode = f["params"] {
            for (param, value) in entries(paramsNode, of: "params") {
                guard let type = typeName(value) else { return nil }
                params.append((param, type))
            }
        }
        guard let returns = typeName(returnsNode), let body = expression(bodyNode) else { return nil }
        return FunctionDecl(name: name, params: params, returns: returns, body: body, range: node.range)
    }
}
