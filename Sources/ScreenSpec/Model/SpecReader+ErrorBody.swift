/// A service's `errorBody:`: the type a failure's response body decodes to, for every status
/// (`errorBody: Problem`) or per status (`errorBody: { 422: Validation, 409: Conflict }`).
extension SpecReader {
    mutating func readErrorBodies(_ node: YAMLNode, service: String) -> [(status: Located<Int>?, type: Located<String>)] {
        guard let pairs = node.mapping else {
            return typeName(node).map { [(status: nil, type: $0)] } ?? []
        }
        var out: [(status: Located<Int>?, type: Located<String>)] = []
        for (key, value) in pairs {
            guard let text = key.string, let status = Int(text), (400...999).contains(status) else {
                diagnostics.error(.invalidError, "'errorBody:' of service '\(service)' maps HTTP statuses from 400 to 999 to types, found '\(key.string ?? key.kindName)'",
                                  at: key.range, notes: [DiagnosticNote("write 'errorBody: { 422: Validation }', or 'errorBody: Problem' for every status")])
                continue
            }
            if let previous = out.first(where: { $0.status?.value == status }), let first = previous.status {
                diagnostics.error(.duplicateName, "status \(status) is given twice in 'errorBody:'", at: key.range,
                                  notes: [DiagnosticNote("first given here", at: first.range)])
                continue
            }
            if let type = typeName(value) { out.append((status: Located(status, key.range), type: type)) }
        }
        return out
    }
}
