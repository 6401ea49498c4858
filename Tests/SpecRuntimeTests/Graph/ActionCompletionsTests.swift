import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
import SpecTesting
import SpecTools
import Testing

private let a = Value.string("a"), b = Value.string("b")

/// RxSwiftCommunity/Action's `completions` (`CompletableAction`, `Action<Input, Never>`) and its
/// `Action { Observable.just($0) }` work written with `echo:`, replayed from the library's
/// `ActionTests.swift`: one RxTest tick is one millisecond, executions at 10 and 20, through the
/// `inputs` subject (the trigger) or `execute`.
@Suite("Action completions and echoing services")
struct ActionCompletionsTests {
    enum Via: CaseIterable { case inputsSubject, execute }

    /// Plays `inputs` at 10 and 20 into action `name`, recording every call of the work.
    private func run(_ yaml: String, _ name: String, via: Via, inputs: [Value] = [a, b]) throws -> (TimelineRecorder, calls: [[Value]]) {
        let r = try TimelineRecorder(yaml)
        let action = try #require(r.spec.actions.firstIndex { $0.name == name })
        var calls: [[Value]] = []
        r.graph.hooks.serviceChoice = { _, _, arguments, _ in
            calls.append(arguments)
            return nil
        }
        for (k, value) in inputs.enumerated() {
            try r.wait(10 * (k + 1) - r.graph.clock.now)
            switch via {
            case .inputsSubject: r.send("inputs", value)
            case .execute: r.graph.execute(action: action, input: value)
            }
        }
        try r.wait(100)
        return (r, calls)
    }

    /// `CompletableAction<String> { _ in Observable<Never>.empty().asCompletable() }`, read by a handler.
    private let completable = """
        screen: S
        inputs:
          inputs: String
        state:
          done: { type: Int, initial: 0 }
        actions:
          store:
            input: String
            trigger: inputs
            work: { call: api.store, with: { s: $0 } }
        handlers:
          - on: store.completions
            set: { done: done + 1 }
        services:
          api.store:
            returns: Void
            params: { s: String }
            sequence: [ { at: 0ms, complete: true } ]

        """

    /// "receives generated inputs", "emits nothing on `elements`", "emits on `completions` when completed".
    @Test(arguments: Via.allCases)
    func completableAction(_ via: Via) throws {
        let (r, calls) = try run(completable, "store", via: via)
        #expect(calls == [[a], [b]])
        #expect(r.recorded("store.elements") == [])
        #expect(r.recorded("store.completions") == [next(10, .void), next(20, .void)])
        #expect(r.recorded("done") == [next(0, .int(0)), next(10, .int(1)), next(20, .int(2))])
    }

    /// "completable action finished with error": "emits no errors on `completions`". The library's
    /// input is an `Error?`; here a Bool says whether the work fails.
    @Test(arguments: Via.allCases)
    func aFailedWorkDoesNotComplete(_ via: Via) throws {
        let (r, _) = try run("""
            screen: S
            inputs:
              inputs: Bool
            actions:
              store:
                input: Bool
                trigger: inputs
                work: { call: api.store, with: { fails: $0 } }
            handlers:
              - on: store.completions
                set: { }
            services:
              api.store:
                returns: Void
                params: { fails: Bool }
                cases:
                  - { when: { fails: true }, sequence: [ { at: 0ms, fail: unknown } ] }
                sequence: [ { at: 0ms, complete: true } ]
            scenarios:
              - name: s
                steps:
                  - expect: { store.completions: () }

            """, "store", via: via, inputs: [.bool(true), .bool(false)])
        #expect(r.recorded("store.completions") == [next(20, .void)])
        #expect(r.recorded("store.errors") == [next(10, .error(ErrorValue(.unknown)))])
    }

    /// As the library's `completions`, subscribed after the action's own `executing`: the element,
    /// then `executing` false and `enabled` true, then `()` on `completions`.
    @Test func completionsComeAfterExecutingTurnsFalse() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              go: event
            actions:
              load: { trigger: go, work: { call: api.load } }
            outputs:
              ended: { stream: load.completions, ops: [ { map: "1" } ] }
            services:
              api.load: { returns: Int, latency: 5ms, result: 7 }

            """)
        r.send("go")
        try r.wait(5)
        #expect(r.log.suffix(5) == ["5 load.elements 7", "5 load.executing false", "5 load.enabled true",
                                     "5 load.completions ()", "5 ended 1"])
    }

    /// Work answering several elements: `()` once, after the last element, when the sequence completes;
    /// a sequence that never ends never completes.
    @Test func severalElementsThenOneCompletion() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              go: event
              forever: event
            actions:
              letters: { trigger: go, work: { call: api.letters } }
              endless: { trigger: forever, work: { call: api.endless } }
            handlers:
              - on: letters.completions
                set: { }
              - on: endless.completions
                set: { }
            services:
              api.letters:
                returns: String
                sequence: [ { at: 100ms, value: a }, { at: 200ms, value: b }, { at: 300ms, complete: true } ]
              api.endless:
                returns: String
                sequence: [ { at: 100ms, value: a } ]

            """)
        r.send("go")
        r.send("forever")
        try r.wait(1000)
        #expect(r.recorded("letters.elements") == [next(100, a), next(200, b)])
        #expect(r.recorded("letters.completions") == [next(300, .void)])
        #expect(r.recorded("endless.elements") == [next(100, a)])
        #expect(r.recorded("endless.completions") == [])
    }

    /// A refused execution (disabled, or still executing) runs nothing, so nothing completes.
    @Test func aRefusedExecutionDoesNotComplete() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              go: event
            actions:
              save: { trigger: go, work: { call: api.save } }
              never: { trigger: go, enabledIf: "false", work: { call: api.save } }
            handlers:
              - on: save.completions
                set: { }
              - on: never.completions
                set: { }
            services:
              api.save: { returns: Void, latency: 20ms }

            """)
        r.send("go")
        try r.wait(10)
        r.send("go")
        try r.wait(100)
        #expect(r.recorded("save.errors") == [next(10, .error(ErrorValue(.notEnabled)))])
        #expect(r.recorded("save.completions") == [next(20, .void)])
        #expect(r.recorded("never.errors").count == 2)
        #expect(r.recorded("never.completions") == [])
    }

    /// Nothing reads `completions`: its node exists but is hidden, never fed, and the timeline is
    /// the one it was before `completions` existed.
    @Test func unreadCompletionsAreNotFed() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              go: event
            actions:
              load: { trigger: go, work: { call: api.load } }
            services:
              api.load: { returns: Int, result: 7 }

            """)
        let load = r.spec.actions[0]
        #expect(load.completions == nil)
        let node = try #require(r.spec.node(named: "load.completions"))
        #expect(!r.spec.nodes[node].visible)
        r.send("go")
        try r.wait(0)
        #expect(r.log == ["0 load.enabled true", "0 load.executing false", "0 load.executing true", "0 load.enabled false",
                          "0 load.elements 7", "0 load.executing false", "0 load.enabled true"])
        #expect(r.graph.value(of: node) == nil)
    }

    /// Every way of reading it makes it shown: a handler, a trigger, a stream, an expectation.
    @Test(arguments: [
        "handlers: [ { on: load.completions, set: {} } ]",
        "actions: { again: { trigger: load.completions, work: { call: api.load } } }",
        "outputs: { n: { stream: load.completions, ops: [ { scan: { seed: '0', accumulator: '$0 + 1' } } ] } }",
        "scenarios: [ { name: s, steps: [ { expect: { load.completions: () } } ] } ]",
        "outputs: { next: { navigate: { to: S }, on: load.completions } }",
    ])
    func readingMakesItShown(_ reading: String) throws {
        var yaml = """
            screen: S
            services:
              api.load: { returns: Int, result: 7 }
            actions:
              load: { work: { call: api.load } }

            """
        if reading.hasPrefix("actions:") {
            yaml = yaml.replacingOccurrences(of: "actions:\n", with: "actions:\n  again: { trigger: load.completions, work: { call: api.load } }\n")
        } else {
            yaml += reading + "\n"
        }
        let r = try TimelineRecorder(yaml)
        let load = try #require(r.spec.actions.first { $0.name == "load" })
        let node = try #require(load.completions)
        #expect(r.spec.nodes[node].visible)
        r.graph.execute(action: r.spec.actions.firstIndex { $0.name == "load" }!)
        try r.wait(0)
        #expect(r.recorded("load.completions") == [next(0, .void)])
    }

    /// Coverage asks for a completion only of an action whose `completions` the spec reads.
    @Test func coverageItemOnlyWhenRead() throws {
        func items(_ extra: String) throws -> [String] {
            let loaded = SpecLoader.load(text: """
                screen: S
                actions:
                  load: { work: { call: api.load } }
                services:
                  api.load: { returns: Int, result: 7 }

                """ + extra, path: "t.yaml")
            return CoverageMap(try #require(loaded.spec)).items.map(\.what)
        }
        #expect(try !items("").contains { $0.contains("completions") })
        #expect(try items("handlers: [ { on: load.completions, set: {} } ]\n").contains("'load.completions' emits (the work completes)"))
    }

    /// A `CompletableAction`'s work never answers an element: `elements` is no coverage item,
    /// unless a scenario's override of the service answers one.
    @Test func coverageAsksNoElementOfWorkThatHasNone() throws {
        func items(_ extra: String) throws -> [String] {
            let loaded = SpecLoader.load(text: """
                screen: S
                actions:
                  store: { work: { call: api.store } }
                handlers:
                  - on: store.completions
                    set: {}
                services:
                  api.store: { returns: Void, sequence: [ { at: 0ms, complete: true } ] }

                """ + extra, path: "t.yaml")
            return CoverageMap(try #require(loaded.spec, "\(loaded.renderDiagnostics())")).items.map(\.what)
        }
        #expect(try !items("").contains("'store.elements' emits (the work succeeds)"))
        #expect(try items("").contains("'store.completions' emits (the work completes)"))
        #expect(try items("""
            scenarios:
              - name: s
                services: { api.store: { result: () } }
                steps: []

            """).contains("'store.elements' emits (the work succeeds)"))
    }

    // MARK: echo

    /// `Action<String, String> { Observable.just($0) }`: "single element action" with `echo: s`,
    /// no case per input.
    @Test(arguments: Via.allCases)
    func echoingWorkAnswersItsInput(_ via: Via) throws {
        let (r, calls) = try run("""
            screen: Echo
            inputs:
              inputs: String
            actions:
              echo:
                input: String
                trigger: inputs
                work: { call: api.just, with: { s: $0 } }
            handlers:
              - on: echo.completions
                set: { }
            services:
              api.just: { returns: String, params: { s: String }, echo: s }

            """, "echo", via: via, inputs: [a, b, .string("anything")])
        #expect(calls == [[a], [b], [.string("anything")]])
        #expect(r.recorded("echo.elements") == [next(10, a), next(20, b), next(30, .string("anything"))])
        #expect(r.recorded("echo.completions") == [next(10, .void), next(20, .void), next(30, .void)])
        #expect(r.recorded("echo.executing") == [next(0, .bool(false)), next(10, .bool(true)), next(10, .bool(false)),
                                                 next(20, .bool(true)), next(20, .bool(false)), next(30, .bool(true)), next(30, .bool(false))])
    }

    /// `echo:` in a case, in successive results and in a stream's request; an optional
    /// parameter left out echoes `nil`.
    @Test func echoWhereverAResultIsWritten() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              name: String
              id: Int
            outputs:
              greeting:
                stream: name
                ops: [ { flatMapLatest: { call: api.greet, with: { who: $0 } } } ]
              ids:
                stream: id
                ops: [ { flatMap: { call: api.id, with: { n: $0 } } } ]
              maybe:
                stream: id
                ops: [ { flatMap: { call: api.maybe } } ]
            services:
              api.greet:
                returns: String
                params: { who: String }
                cases: [ { when: { who: nobody }, value: "?" }, { when: { who: ada }, echo: who, latency: 5ms } ]
                result: "hello"
              api.id:
                returns: Int
                params: { n: Int }
                results: [ { fail: http(500) }, { echo: n } ]
              api.maybe:
                returns: String?
                params: { s: String? }
                echo: s

            """)
        r.send("name", .string("nobody"))
        try r.wait(0)
        r.send("name", .string("ada"))
        try r.wait(5)
        r.send("name", .string("grace"))
        r.send("id", .int(1))
        r.send("id", .int(2))
        try r.wait(0)
        #expect(r.recorded("greeting") == [next(0, .string("?")), next(5, .string("ada")), next(5, .string("hello"))])
        #expect(r.recorded("ids.errors") == [next(5, .error(ErrorValue(.http, status: 500)))])
        #expect(r.recorded("ids") == [next(5, .int(2))])
        #expect(r.recorded("maybe") == [next(5, .none), next(5, .none)])
    }

    /// A scenario may replace a service's answers with an echo, and exploration's declared
    /// answers (``ServicePlan/answer(arguments:_:count:)``) echo too.
    @Test func echoInAnOverrideAndInTheDeclaredAnswer() throws {
        let loaded = SpecLoader.load(text: """
            screen: S
            actions:
              save: { input: Int, work: { call: api.save, with: { n: $0 } } }
            services:
              api.save: { returns: Int, params: { n: Int }, result: 0 }
            scenarios:
              - name: echoes
                services:
                  api.save: { echo: n }
                steps:
                  - send: { save: 42 }
                  - wait: 0ms
                  - expect: { save.elements: 42 }

            """, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timelines = ScenarioRunner.runAll(spec)
        #expect(timelines.count == 1 && timelines.allSatisfy { $0.passed })
        let overridden = try #require(spec.scenarios[0].services.first?.plan)
        #expect(overridden.answer(arguments: ["n"], [.int(5)], count: 3).0 == .success(.int(5)))
        #expect(spec.services[0].answer(arguments: ["n"], [.int(5)], count: 0).0 == .success(.int(0)))
    }
}
