import SpecRuntime

/// `error.body(Validation)`: a failure's response body, decoded as the record type a service's
/// `errorBody:` names for its status, as a Swift app decodes a 422's JSON into
/// `APIError.validation(…)`. It is optional: nil when the failure has no body, has a body of
/// another type, or its body did not decode.
extension ExpressionChecker {
    mutating func errorBody(_ error: Typed, _ arguments: [Expr], _ range: SpecRange) -> Typed? {
        let declared = table.errorBodies.sorted()
        let example = "'error.body(\(declared.first ?? "FieldErrors"))'"
        guard arguments.count == 1, case .name(let type) = arguments[0].kind else {
            return self.error(.wrongArity, "'body' takes the type its body decodes to, as in \(example)", range,
                              notes: [DiagnosticNote("a service's 'errorBody:' names the types its failures' bodies decode to")])
        }
        let argument = arguments[0].range
        guard table.errorBodies.contains(type) else {
            if table.failed.contains(type) { return nil }
            let note = declared.isEmpty
                ? DiagnosticNote("no service declares 'errorBody:'; add 'errorBody: \(type)' to the service whose failures carry it")
                : DiagnosticNote("the services' 'errorBody:' types are " + declared.map { "'\($0)'" }.joined(separator: ", "))
            return self.error(.unknownName, "no service's 'errorBody:' is '\(type)', so 'body(\(type))' would always be nil"
                              + diagnostics.didYouMean(type, in: declared), argument, notes: [note])
        }
        return (.call(.errorBody, [error.expr, .constant(.string(type))]), .optional(.record(type)))
    }
}
