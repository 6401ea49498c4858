import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// An action's work written as a stream (`work: { call: …, ops: [...] }`, `{ just: … }`,
/// `{ interval: … }`, a choice): what RxSwiftCommunity/Action does with the observable its work
/// factory returns. Its elements are `elements`, its error one element of `errors`, and
/// `executing` stays true until it ends, completed or failed; one RxTest tick is a millisecond.
@Suite("An action's work as a stream")
struct ActionStreamWorkTests {
    /// `Action<String, String> { Observable.just($0) }` (ActionTests' "emits elements"): the
    /// element, `executing` true then false, all at the execution's instant, in the library's order.
    @Test func justTheInput() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              inputs: String
            actions:
              echo:
                input: String
                trigger: inputs
                work: { just: $0 }
            """)
        try r.wait(10)
        r.send("inputs", .string("a"))
        try r.wait(10)
        r.send("inputs", .string("b"))
        #expect(r.recorded("echo.elements") == [next(10, "a"), next(20, "b")])
        #expect(r.recorded("echo.executing") == [next(0, false), next(10, true), next(10, false), next(20, true), next(20, false)])
        let order = r.events.filter { $0.recorded.time == 10 && $0.node.hasPrefix("echo.") && $0.node != "echo.enabled" }.map(\.node)
        #expect(order == ["echo.executing", "echo.elements", "echo.executing"])
    }

    /// `Action { api.sendCode(phone).retry(when:) }`: a 503 is retried a second later within the
    /// same execution (still executing), a 429 fails it at once.
    @Test func retryWithACondition() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              send: event
            actions:
              sendCode:
                trigger: send
                work:
                  call: api.sendCode
                  ops: [ { retry: { max: 3, when: "$0 != .http(429)", delay: 1s } } ]
            services:
              api.sendCode:
                returns: Bool
                latency: 100ms
                results: [ { fail: http(503) }, { value: true }, { fail: http(429) } ]
            """)
        r.send("send")
        try r.wait(1200)
        #expect(r.recorded("sendCode.elements") == [next(1200, true)])
        #expect(r.recorded("sendCode.executing") == [next(0, false), next(0, true), next(1200, false)])
        r.send("send")
        try r.wait(100)
        #expect(r.recorded("sendCode.errors") == [next(1300, .error(ErrorValue(.http, status: 429)))])
        #expect(r.recorded("sendCode.enabled").last == next(1300, true))
    }

    /// A countdown that is the action's own work: three ticks from the execution (not from the
    /// screen's start), then `take` completes it, which ends `executing` and emits `completions`;
    /// executing again while it counts is refused.
    @Test func aTimerAsWork() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              start: event
            state:
              done: { type: Int, initial: 0 }
            actions:
              count:
                trigger: start
                work: { interval: 1s, ops: [ { take: 3 }, { map: "3 - $0" } ] }
            handlers:
              - on: count.completions
                set: { done: done + 1 }
            """)
        try r.wait(600)
        r.send("start")
        try r.wait(1000)
        r.send("start")
        try r.wait(2000)
        #expect(r.recorded("count.elements") == [next(1600, 3), next(2600, 2), next(3600, 1)])
        #expect(r.recorded("count.errors") == [next(1600, .error(ErrorValue(.notEnabled)))])
        #expect(r.recorded("count.executing") == [next(0, false), next(600, true), next(3600, false)])
        #expect(r.recorded("done") == [next(0, 0), next(3600, 1)])
        #expect(r.cancellations("count.elements") == ["3600 interval(1s), subscribed at 600ms"])
    }

    /// A choice between inner streams on the input, and an argument that fails to compute: each
    /// fails its own execution only, and the action goes on working.
    @Test func failuresEndOneExecution() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              n: Int
            actions:
              pick:
                input: Int
                trigger: n
                work: { if: "$0 > 0", then: { call: api.half, with: { n: 10 / $0 } }, else: { error: .http(400) } }
            services:
              api.half:
                returns: Int
                params: { n: Int }
                echo: n
            """)
        r.send("n", .int(0))
        try r.wait(10)
        r.send("n", .int(-1))
        try r.wait(10)
        r.send("n", .int(5))
        try r.wait(10)
        #expect(r.recorded("pick.errors") == [next(0, .error(ErrorValue(.http, status: 400))), next(10, .error(ErrorValue(.http, status: 400)))])
        #expect(r.recorded("pick.elements") == [next(20, 2)])
        #expect(r.recorded("pick.executing").filter { $0 == next(20, false) }.count == 1)
    }

    /// An argument that fails (a division by zero) is an error of that execution, as a throwing
    /// work factory's; the next execution runs.
    @Test func aFailingArgument() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              n: Int
            actions:
              div:
                input: Int
                trigger: n
                work: { call: api.echo, with: { n: 10 / $0 }, ops: [ { map: "$0 + 1" } ] }
            services:
              api.echo:
                returns: Int
                params: { n: Int }
                echo: n
            """)
        r.send("n", .int(0))
        try r.wait(10)
        r.send("n", .int(2))
        try r.wait(10)
        #expect(r.recorded("div.errors").count == 1)
        #expect(r.recorded("div.elements") == [next(10, 6)])
        #expect(r.recorded("div.executing") == [next(0, false), next(0, true), next(0, false), next(10, true), next(10, false)])
    }

    /// `takeUntil: cancel` in the work's ops: cancelling completes the execution (`executing`
    /// false, `completions`) and disposes the call, which the timeline records.
    @Test func cancelTheWork() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              upload: event
              cancel: event
            actions:
              send:
                trigger: upload
                work: { call: api.upload, ops: [ { takeUntil: cancel } ] }
            outputs:
              finished: { stream: send.completions, ops: [ { map: "true" } ] }
            services:
              api.upload: { returns: Int, latency: 5s, result: 1 }
            """)
        r.send("upload")
        try r.wait(1000)
        r.send("cancel")
        try r.wait(10000)
        #expect(r.recorded("send.elements") == [])
        #expect(r.recorded("send.executing") == [next(0, false), next(0, true), next(1000, false)])
        #expect(r.recorded("finished") == [next(1000, true)])
        #expect(r.cancellations("send.elements") == ["1000 api.upload(), subscribed at 0ms"])
    }

    /// The trigger's name reads the execution's input in `with:` and `ops:`, as `$0` does in
    /// `with:` (inside `ops:` `$0` is the inner element).
    @Test func theTriggerNamesTheInput() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              query: String
            actions:
              search:
                trigger: query
                work: { call: api.count, with: { q: query }, ops: [ { map: 'query + ": " + String($0)' } ] }
            services:
              api.count: { returns: Int, params: { q: String }, result: 3 }
            """)
        r.send("query", .string("ada"))
        try r.wait(0)
        #expect(r.recorded("search.elements") == [next(0, "ada: 3")])
    }

    /// An action whose own completions trigger it, with work that ends at once, would run forever
    /// in one instant: it stops after ``ScreenGraph/settlesAtOnce`` executions with a runtime error.
    @Test func anActionThatTriggersItselfAtOnceStops() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              go: event
            actions:
              a:
                trigger: again
                work: { just: 1 }
            outputs:
              again: { stream: go, ops: [ { merge: a.completions } ] }
            """)
        r.send("go")
        #expect(r.errors.count == 1)
        #expect(r.errors.first?.message.contains("executed again 10000 times at one instant") == true)
        #expect(r.recorded("a.elements").count == ScreenGraph.settlesAtOnce + 1)
    }
}
