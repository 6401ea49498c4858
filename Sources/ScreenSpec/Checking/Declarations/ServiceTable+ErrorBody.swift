import SpecRuntime

/// A fake's failure with a response body: `fail: { http: 422, body: { errors: [...] } }`, the
/// body read as the type the service's `errorBody:` gives for that status, so that a scenario
/// plays what the real backend's failure carries (see ``ServicePlan/errorBodyType(status:)``).
extension ServiceTable {
    /// A failure as a result, a case, a sequence's end or an override writes it: `http(422)`, or
    /// a mapping with its status and body.
    func readFailure(_ node: YAMLNode, of service: ServicePlan, _ values: ValueReader, diagnostics: inout DiagnosticBag) -> ErrorValue? {
        guard let pairs = node.mapping else {
            guard case .error(let e)? = values.readError(node, diagnostics: &diagnostics) else { return nil }
            return e
        }
        var status: Int?
        var body: YAMLNode?
        for (key, value) in pairs {
            switch key.string {
            case "http":
                guard let text = value.string, let s = Int(text), ErrorValue.httpStatuses.contains(s) else {
                    diagnostics.error(.invalidError, "'http:' takes a status from 100 to 999, as in 'http: 422'", at: value.range)
                    return nil
                }
                status = s
            case "body":
                body = value
            default:
                let written = key.string ?? ""
                diagnostics.error(.unknownKey, "unknown key '\(written)' in a failure\(diagnostics.didYouMean(written, in: ["http", "body"]))", at: key.range,
                                  notes: [DiagnosticNote("a failure with a body is '{ http: 422, body: { ... } }'")])
                return nil
            }
        }
        guard let status else {
            diagnostics.error(.missingKey, "a failure with a body needs its status, as in '{ http: 422, body: { ... } }'", at: node.range)
            return nil
        }
        guard let body, !body.isNull else { return ErrorValue(.http, status: status) }
        guard let type = service.errorBodyType(status: status) else {
            diagnostics.error(.invalidError, "service '\(service.name)' declares no 'errorBody:' for status \(status), so its failure has no body to read",
                              at: body.range, fixIt: "add 'errorBody: { \(status): TYPE }' to service '\(service.name)', TYPE a record of 'types:'")
            return nil
        }
        guard let value = values.read(body, as: type, diagnostics: &diagnostics) else { return nil }
        return ErrorValue(.http, status: status, body: value)
    }
}
