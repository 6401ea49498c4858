import ScreenSpec
@testable import SpecRuntime
import Testing

private let spec = """
    screen: Login
    inputs:
      email: { type: String, default: "" }
      password: { type: String, default: "" }
      confirm: event
    outputs:
      canLogin: email.count >= 10 && password.count >= 4
    actions:
      login:
        trigger: confirm
        enabledIf: canLogin
        work: { call: auth.signIn, with: { email: email } }
    services:
      auth.signIn:
        returns: String
        latency: 5s
        results:
          - value: "token-1"
          - fail: http(401)
          - value: "token-3"
            latency: 1s
    """

/// The `Action` library's behaviour: enabled = enabledIf && !executing, not re-entrant,
/// `notEnabled` on `errors` when triggered while disabled, work errors on `errors`.
@Suite("Actions")
struct ActionTests {
    private func ready() throws -> Recorder {
        let r = try Recorder(spec)
        r.set("email", .string("someone@example.com"))
        r.set("password", .string("hunter2"))
        return r
    }

    @Test func executesAndReportsElementsThenCompletion() throws {
        let r = try ready()
        r.send("confirm")
        try r.wait(5000)
        #expect(r.log == [
            "0 canLogin false", "0 login.enabled false", "0 login.executing false",
            "0 canLogin true", "0 login.enabled true",
            "0 login.executing true", "0 login.enabled false",
            "5000 login.elements \"token-1\"", "5000 login.executing false", "5000 login.enabled true",
        ])
    }

    @Test func triggeringWhileDisabledEmitsNotEnabledAndRunsNothing() throws {
        let r = try Recorder(spec)
        r.send("confirm")
        try r.wait(10_000)
        #expect(r.recorded("login.errors") == [Pair(0, .error(ErrorValue(.notEnabled)))])
        #expect(r.recorded("login.executing") == [Pair(0, .bool(false))])
        #expect(r.recorded("login.elements").isEmpty)
    }

    @Test func isNotReentrant() throws {
        let r = try ready()
        r.send("confirm")
        try r.wait(1000)
        r.send("confirm")
        try r.wait(4000)
        #expect(r.recorded("login.errors") == [Pair(1000, .error(ErrorValue(.notEnabled)))])
        #expect(r.recorded("login.elements") == [Pair(5000, .string("token-1"))])
    }

    @Test func workErrorsComeOutOnErrorsAndTheActionRecovers() throws {
        let r = try ready()
        for _ in 0..<3 {
            r.send("confirm")
            try r.wait(5000)
        }
        #expect(r.recorded("login.elements") == [Pair(5000, .string("token-1")), Pair(11000, .string("token-3"))])
        #expect(r.recorded("login.errors") == [Pair(10000, .error(ErrorValue(.http, status: 401)))])
        #expect(r.recorded("login.executing").map(\.time) == [0, 0, 5000, 5000, 10000, 10000, 11000])
    }

    @Test func disablingTheConditionWhileExecutingKeepsItDisabledAfter() throws {
        let r = try ready()
        r.send("confirm")
        r.set("password", .string("x"))
        try r.wait(5000)
        #expect(r.recorded("login.enabled") == [Pair(0, .bool(false)), Pair(0, .bool(true)), Pair(0, .bool(false))])
    }
}
