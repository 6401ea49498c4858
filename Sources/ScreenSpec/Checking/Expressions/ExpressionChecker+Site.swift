/// Where an expression is written, when that changes what helps with a stream read as a value:
/// a navigation's `params:` has the element of its `on:` as `$0`, and a scenario's `expect:`
/// checks what a stream sent last in its mapping form.
enum ExpressionSite {
    case plain
    /// A navigation output's `params:`.
    case navigationParams
    /// A scenario's `expect:` written as one condition.
    case expectation
}

extension ExpressionChecker {
    /// The note of a stream (no current value) read as a value, by where the expression is.
    func noCurrentValueNote(_ name: String, _ symbol: Symbol) -> DiagnosticNote {
        switch site {
        case .navigationParams:
            DiagnosticNote("in a navigation's 'params:', '$0' is the element of the event or stream its 'on:' names: write '$0' (or a field of it, as in '$0.id')")
        case .expectation where symbol.type == .navigation:
            DiagnosticNote("check a navigation with the mapping form of 'expect:', as in 'expect: { \(name): { screen: SCREEN, params: { NAME: VALUE } } }'")
        case .expectation:
            DiagnosticNote("an 'expect:' condition reads current values; check what '\(name)' sent last with the mapping form, as in 'expect: { \(name): VALUE }'")
        case .plain:
            DiagnosticNote("use it as an action's 'trigger:' or a handler's 'on:', where its value is read by its name")
        }
    }
}
