import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
import SpecTesting
import Testing

/// An `Action<String, String>` whose work answers each input with itself, at once
/// (`Action { Observable.just($0) }`), fed by `inputs` (its `inputs` subject) or `execute`.
private func echo(enabledIf: String = "true", fails: Bool = false, latency: String = "0ms") -> String {
    """
    screen: Echo
    inputs:
      inputs: String
    actions:
      echo:
        input: String
        trigger: inputs
        enabledIf: "\(enabledIf)"
        work: { call: api.just, with: { s: $0 } }
    services:
      api.just:
        returns: String
        params: { s: String }
        latency: \(latency)
        \(fails ? "fails: unknown" : "echo: s")

    """
}

private let a = Value.string("a"), b = Value.string("b")

/// RxSwiftCommunity/Action's `ActionTests.swift`, replayed: one RxTest tick is one millisecond,
/// executions at 10 and 20, through the `inputs` subject (the trigger) or `execute`.
@Suite("Actions with an input")
struct ActionInputTests {
    enum Via: CaseIterable { case inputsSubject, execute }

    private func run(_ yaml: String, via: Via) throws -> TimelineRecorder {
        let r = try TimelineRecorder(yaml)
        let action = try #require(r.spec.actions.firstIndex { $0.name == "echo" })
        for (time, value) in [(10, a), (20, b)] {
            try r.wait(time - r.graph.clock.now)
            switch via {
            case .inputsSubject: r.send("inputs", value)
            case .execute: r.graph.execute(action: action, input: value)
            }
        }
        try r.wait(100)
        return r
    }

    @Test(arguments: Via.allCases)
    func singleElementAction(_ via: Via) throws {
        let r = try run(echo(), via: via)
        #expect(r.recorded("echo.elements") == [next(10, a), next(20, b)])
        #expect(r.recorded("echo.errors") == [])
        #expect(r.recorded("echo.enabled") == [next(0, .bool(true)), next(10, .bool(false)), next(10, .bool(true)),
                                               next(20, .bool(false)), next(20, .bool(true))])
        #expect(r.recorded("echo.executing") == [next(0, .bool(false)), next(10, .bool(true)), next(10, .bool(false)),
                                                 next(20, .bool(true)), next(20, .bool(false))])
    }

    @Test(arguments: Via.allCases)
    func errorAction(_ via: Via) throws {
        let r = try run(echo(fails: true), via: via)
        #expect(r.recorded("echo.elements") == [])
        #expect(r.recorded("echo.errors") == [next(10, .error(ErrorValue(.unknown))), next(20, .error(ErrorValue(.unknown)))])
        #expect(r.recorded("echo.executing").map(\.time) == [0, 10, 10, 20, 20])
        #expect(r.recorded("echo.enabled").map(\.time) == [0, 10, 10, 20, 20])
    }

    @Test(arguments: Via.allCases)
    func disabledAction(_ via: Via) throws {
        let r = try run(echo(enabledIf: "false"), via: via)
        #expect(r.recorded("echo.elements") == [])
        #expect(r.recorded("echo.errors") == [next(10, .error(ErrorValue(.notEnabled))), next(20, .error(ErrorValue(.notEnabled)))])
        #expect(r.recorded("echo.enabled") == [next(0, .bool(false))])
        #expect(r.recorded("echo.executing") == [next(0, .bool(false))])
    }

    /// "execute while executing": the first execution ends at 30, so the second is refused.
    @Test func executeWhileExecuting() throws {
        let r = try run(echo(latency: "20ms"), via: .execute)
        #expect(r.recorded("echo.elements") == [next(30, a)])
        #expect(r.recorded("echo.errors") == [next(20, .error(ErrorValue(.notEnabled)))])
        #expect(r.recorded("echo.executing") == [next(0, .bool(false)), next(10, .bool(true)), next(30, .bool(false))])
    }

    /// A `CompletableAction`: a work without elements; `elements` of a `Void` work is its completion.
    @Test func completableAction() throws {
        let r = try TimelineRecorder("""
            screen: S
            actions:
              store:
                input: String
                work: { call: api.store, with: { s: $0 } }
            services:
              api.store: { returns: Void, params: { s: String } }

            """)
        let store = try #require(r.spec.actions.firstIndex { $0.name == "store" })
        try r.wait(10)
        r.graph.execute(action: store, input: a)
        try r.wait(10)
        r.graph.execute(action: store, input: b)
        try r.wait(10)
        #expect(r.recorded("store.elements") == [next(10, .void), next(20, .void)])
    }

    /// The input reaches the work's arguments, whether it came from the trigger or `execute`, and
    /// the trigger's name reads the same value; a refused execution's input reaches nothing.
    @Test func theWorkReadsTheInput() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              row: Int
            actions:
              double:
                input: Int
                trigger: row
                work: { call: api.double, with: { n: $0, same: row } }
            services:
              api.double:
                returns: Int
                params: { n: Int, same: Int }
                latency: 5ms
                cases:
                  - { when: { n: 1, same: 1 }, value: 2 }
                  - { when: { n: 4, same: 4 }, value: 8 }
                fails: decode

            """)
        let double = try #require(r.spec.actions.firstIndex { $0.name == "double" })
        #expect(r.spec.actions[double].input == .int)
        r.send("row", .int(1))
        r.send("row", .int(3))
        try r.wait(5)
        r.graph.execute(action: double, input: .int(4))
        try r.wait(5)
        #expect(r.recorded("double.elements") == [next(5, .int(2)), next(10, .int(8))])
        #expect(r.recorded("double.errors") == [next(0, .error(ErrorValue(.notEnabled)))])
    }

    /// A segmented control's `valueChanged` executes an action taking its `Int`.
    @Test func aControlEventPassesItsValue() throws {
        let r = try TimelineRecorder("""
            screen: S
            state:
              picked: { type: Int, initial: -1 }
            actions:
              choose:
                input: Int
                work: { call: api.choose, with: { index: $0 } }
            handlers:
              - on: choose.elements
                set: { picked: choose.elements }
            services:
              api.choose: { returns: Int, params: { index: Int }, cases: [{ when: { index: 2 }, value: 20 }], result: 0 }
            view:
              picker: { segmentedControl: { segments: 3, valueChanged: choose } }
            scenarios:
              - name: s
                steps:
                  - pick: { picker: 2 }

            """)
        let plan = try #require(r.spec.scenarios.first?.steps.first)
        guard case .gesture(let gesture) = plan.kind, case .value(let v) = gesture.payload else {
            Issue.record("expected a gesture step")
            return
        }
        r.graph.perform(writes: gesture.writes, events: gesture.events, actions: gesture.actions, payload: v)
        try r.wait(0)
        #expect(r.recorded("picked") == [next(0, .int(-1)), next(0, .int(20))])
    }
}
