import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
import SpecTesting
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
        params: { email: String }
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
    private func ready() throws -> TimelineRecorder {
        let r = try TimelineRecorder(spec)
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
        let r = try TimelineRecorder(spec)
        r.send("confirm")
        try r.wait(10_000)
        #expect(r.recorded("login.errors") == [next(0, .error(ErrorValue(.notEnabled)))])
        #expect(r.recorded("login.executing") == [next(0, .bool(false))])
        #expect(r.recorded("login.elements").isEmpty)
    }

    @Test func isNotReentrant() throws {
        let r = try ready()
        r.send("confirm")
        try r.wait(1000)
        r.send("confirm")
        try r.wait(4000)
        #expect(r.recorded("login.errors") == [next(1000, .error(ErrorValue(.notEnabled)))])
        #expect(r.recorded("login.elements") == [next(5000, .string("token-1"))])
    }

    @Test func workErrorsComeOutOnErrorsAndTheActionRecovers() throws {
        let r = try ready()
        for _ in 0..<3 {
            r.send("confirm")
            try r.wait(5000)
        }
        #expect(r.recorded("login.elements") == [next(5000, .string("token-1")), next(11000, .string("token-3"))])
        #expect(r.recorded("login.errors") == [next(10000, .error(ErrorValue(.http, status: 401)))])
        #expect(r.recorded("login.executing").map(\.time) == [0, 0, 5000, 5000, 10000, 10000, 11000])
    }

    @Test func disablingTheConditionWhileExecutingKeepsItDisabledAfter() throws {
        let r = try ready()
        r.send("confirm")
        r.set("password", .string("x"))
        try r.wait(5000)
        #expect(r.recorded("login.enabled") == [next(0, .bool(false)), next(0, .bool(true)), next(0, .bool(false))])
    }

    // RxSwiftCommunity/Action ActionTests "multiple element action": work answering several
    // elements puts each on `elements`; `executing` turns false only when the work completes.
    @Test func multipleElementWork() throws {
        let r = try TimelineRecorder("""
            screen: Multi
            inputs:
              go: event
            actions:
              letters:
                trigger: go
                work: { call: api.letters }
            services:
              api.letters:
                returns: String
                sequence: [ { at: 0ms, value: a }, { at: 0ms, value: b }, { at: 0ms, value: c }, { at: 0ms, complete: true } ]
            """)
        try r.wait(10)
        r.send("go")
        try r.wait(10)
        r.send("go")
        try r.wait(10)
        #expect(r.recorded("letters.elements") == [next(10, .string("a")), next(10, .string("b")), next(10, .string("c")),
                                                   next(20, .string("a")), next(20, .string("b")), next(20, .string("c"))])
        #expect(r.recorded("letters.executing") == [next(0, .bool(false)), next(10, .bool(true)), next(10, .bool(false)),
                                                    next(20, .bool(true)), next(20, .bool(false))])
        #expect(r.recorded("letters.enabled") == [next(0, .bool(true)), next(10, .bool(false)), next(10, .bool(true)),
                                                  next(20, .bool(false)), next(20, .bool(true))])
    }

    @Test func sequenceWorkThatFailsEndsExecutingWithTheError() throws {
        let r = try TimelineRecorder("""
            screen: Multi
            actions:
              load: { work: { call: api.pages } }
            services:
              api.pages:
                returns: Int
                sequence: [ { at: 100ms, value: 1 }, { at: 200ms, value: 2 }, { at: 300ms, fail: http(503) } ]
            """)
        r.graph.execute(action: 0)
        try r.wait(400)
        #expect(r.log.filter { !$0.hasPrefix("0 ") } == [
            "100 load.elements 1", "200 load.elements 2", "300 load.errors http(503)", "300 load.executing false", "300 load.enabled true",
        ])
    }
}
