import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
import SpecTesting
import Testing

/// Errors as values at run time: members, literals and equality, on an action's `errors`.
@Suite("Errors as values")
struct ErrorValueTests {
    private let spec = """
        screen: S
        inputs:
          code: { type: Int, default: 409 }
        state:
          kind: { type: ErrorKind?, initial: ~ }
          status: { type: Int?, initial: ~ }
          message: { type: String, initial: "" }
          conflict: { type: Bool, initial: false }
          sameAsCode: { type: Bool, initial: false }
        actions:
          save:
            input: Int
            work: { call: api.save, with: { n: $0 * 2 } }
        handlers:
          - on: save.errors
            set:
              kind: save.errors.kind
              status: save.errors.status
              message: save.errors.message
              conflict: save.errors == .http(409)
              sameAsCode: save.errors == .http(code)
        services:
          api.save:
            returns: Void
            params: { n: Int }
            cases:
              - { when: { n: 2 }, fail: http(409) }
              - { when: { n: 4 }, fail: decode }
            fails: http(500)

        """

    private func execute(_ r: TimelineRecorder, _ input: Int) throws {
        r.graph.execute(action: try #require(r.spec.actions.firstIndex { $0.name == "save" }), input: .int(input))
        try r.wait(0)
    }

    private func state(_ r: TimelineRecorder) throws -> [Value?] {
        try ["kind", "status", "message", "conflict", "sameAsCode"].map { r.graph.value(of: try r.node($0)) }
    }

    private func kind(_ k: ErrorValue.Kind) -> Value { .enumCase(EnumValue(type: "ErrorKind", caseName: k.rawValue)) }

    @Test func anHTTPFailure() throws {
        let r = try TimelineRecorder(spec)
        try execute(r, 1)
        #expect(try state(r) == [kind(.http), .int(409), .string("HTTP status 409"), .bool(true), .bool(true)])
        r.set("code", .int(500))
        try execute(r, 7)
        #expect(try state(r) == [kind(.http), .int(500), .string("HTTP status 500"), .bool(false), .bool(true)])
    }

    @Test func aFailureWithoutStatus() throws {
        let r = try TimelineRecorder(spec)
        try execute(r, 2)
        #expect(try state(r) == [kind(.decode), Value.none, .string("the response could not be decoded"), .bool(false), .bool(false)])
    }

    /// An action's `with:` that overflows fails the execution with an `evaluation` error carrying
    /// the expression's message.
    @Test func anEvaluationFailureCarriesItsMessage() throws {
        let r = try TimelineRecorder(spec)
        try execute(r, Int.max)
        #expect(try state(r) == [kind(.evaluation), Value.none, .string("integer overflow in arithmetic on \(Int.max) and 2"), .bool(false), .bool(false)])
    }

    /// `.http(code)` with a status computed at run time: outside 100...999 it is a runtime error
    /// and the handler writes nothing.
    @Test func aComputedStatusOutOfRangeIsARuntimeError() throws {
        let r = try TimelineRecorder(spec)
        r.set("code", .int(42))
        try execute(r, 1)
        #expect(r.errors.map(\.message) == ["handler on 'save.errors': '.http(42)': an HTTP status is from 100 to 999"])
        #expect(r.graph.value(of: try r.node("status")) == Value.none)
    }

    @Test func notEnabledIsALiteralToo() throws {
        let r = try TimelineRecorder("""
            screen: S
            state:
              refused: { type: Int, initial: 0 }
            actions:
              save: { enabledIf: "false", work: { call: api.save } }
            handlers:
              - on: save.errors
                set: { refused: 'save.errors == .notEnabled && save.errors.kind == .notEnabled ? refused + 1 : refused' }
            services:
              api.save: { returns: Void }

            """)
        r.graph.execute(action: 0)
        r.graph.execute(action: 0)
        #expect(r.recorded("refused").map(\.value) == [.int(0), .int(1), .int(2)])
    }

    @Test func catchReadsTheErrorAsDollarZero() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              id: Int
            outputs:
              loaded:
                stream: id
                ops:
                  - flatMapLatest: { call: api.load, with: { id: $0 } }
                  - catch: '$0 == .http(404) ? -1 : ($0.status ?? 0)'
            services:
              api.load:
                returns: Int
                params: { id: Int }
                cases:
                  - { when: { id: 1 }, fail: http(404) }
                  - { when: { id: 2 }, fail: http(503) }
                fails: decode

            """)
        for id in 1...3 {
            r.send("id", .int(id))
            try r.wait(1)
        }
        #expect(r.recorded("loaded").map(\.value) == [.int(-1), .int(503), .int(0)])
    }
}
