import SpecRuntime

/// The stream a request is on, read inside the request's `ops:` (`catch: "Delivery(id: out.id,
/// ok: false)"`), as a Swift closure reads its parameter (`out.flatMap { m in … m.id … }`): the
/// stream has no current value, and the element that started the call is what the request's
/// `as:` names. The message says so, with the fix.
extension DataflowPass {
    /// Rewrites the notes of the diagnostics from `before` on that say `outer` has no current
    /// value, for `request` on the stream `outer`.
    mutating func pointToElementName(since before: Int, outer: String, request: RequestDecl) {
        guard cx.diagnostics.all.count > before else { return }
        for i in before..<cx.diagnostics.all.count {
            var d = cx.diagnostics.all[i]
            guard d.id == DiagnosticID.noCurrentValue.rawValue, d.message.hasPrefix("'\(outer)' is ") else { continue }
            if let name = request.elementName {
                d.notes = [DiagnosticNote("inside the request, the element that started the call is '\(name.value)', the name its 'as:' gives it")]
                d.fixIt = "read '\(name.value)' instead of '\(outer)'"
            } else {
                d.notes = [DiagnosticNote("inside the request's 'with:' and 'ops:', the element that started the call has the name its 'as:' gives it, as 'm' in Swift's '\(outer).flatMap { m in … }'")]
                d.fixIt = "add 'as: m' to the request (beside 'call: \(request.service.value)') and read 'm' instead of '\(outer)'"
            }
            cx.diagnostics.replace(at: i, with: d)
        }
    }
}
