import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// A failure's response body (`errorBody:`, `error.body(T)`): a fake's `fail: { http, body }`
/// reaches handlers, streams and `catch` as the record the service declares for the status; a
/// failure without one reads `nil`; it compiles and plays the same from JSON.
@Suite("Errors as values: a failure's body")
struct ErrorBodyTests {
    static let spec = """
        screen: S
        types:
          FieldError: { field: String, message: String }
          Validation: { errors: "[FieldError]" }
          Conflict: { existing: Int }
        inputs:
          name: { type: String, default: "" }
        state:
          messages: { type: "[String]", initial: [] }
          conflictWith: { type: Int?, initial: ~ }
          sameFailure: { type: Bool, initial: false }
        actions:
          register:
            input: String
            work: { call: api.register, with: { name: $0 } }
        outputs:
          fieldErrors: { stream: register.errors, ops: [ { compactMap: $0.body(Validation)?.errors } ], initial: [] }
          checked:
            stream: name
            ops:
              - flatMapLatest:
                  call: api.register
                  with: { name: $0 }
                  ops: [ { map: '"ok"' }, { catch: '$0.body(Validation)?.errors.first?.message ?? "no body"' } ]
        handlers:
          - on: register.errors
            set:
              messages: '(register.errors.body(Validation)?.errors ?? []).map { $0.message }'
              conflictWith: register.errors.body(Conflict)?.existing
              sameFailure: register.errors == .http(422)
        services:
          api.register:
            returns: Int
            params: { name: String }
            errorBody: { 422: Validation, 409: Conflict }
            cases:
              - { when: { name: racer }, fail: { http: 422, body: { errors: [{ field: name, message: taken }] } } }
              - { when: { name: twin }, fail: { http: 409, body: { existing: 7 } } }
              - { when: { name: bare }, fail: http(422) }
            result: 1
        scenarios:
          - name: the bodies of two statuses
            steps:
              - send: { register: racer }
              - wait: 0ms
              - expect: { messages: [taken], sameFailure: true, conflictWith: ~ }
              - send: { register: twin }
              - wait: 0ms
              - expect: { messages: [], conflictWith: 7, sameFailure: false }

        """

    private func execute(_ r: TimelineRecorder, _ name: String) throws {
        r.graph.execute(action: try #require(r.spec.actions.firstIndex { $0.name == "register" }), input: .string(name))
        try r.wait(0)
    }

    private func values(_ r: TimelineRecorder) throws -> [Value?] {
        try ["messages", "conflictWith", "sameFailure"].map { r.graph.value(of: try r.node($0)) }
    }

    @Test func aHandlerReadsTheBodyOfItsStatusAndNilForAnother() throws {
        let r = try TimelineRecorder(Self.spec)
        try execute(r, "racer")
        #expect(try values(r) == [.list([.string("taken")]), Value.none, .bool(true)])
        try execute(r, "twin")
        #expect(try values(r) == [.list([]), .int(7), .bool(false)])
        try execute(r, "bare")
        #expect(try values(r) == [.list([]), Value.none, .bool(true)])
        #expect(r.errors.isEmpty, "\(r.errors)")
    }

    @Test func aStreamAndACatchReadItToo() throws {
        let r = try TimelineRecorder(Self.spec)
        try execute(r, "racer")
        guard case .list(let errors)? = r.graph.value(of: try r.node("fieldErrors")) else { Issue.record("no field errors"); return }
        #expect(errors.count == 1)
        r.set("name", .string("racer"))
        try r.wait(0)
        #expect(r.graph.value(of: try r.node("checked")) == .string("taken"))
        r.set("name", .string("bare"))
        try r.wait(0)
        #expect(r.graph.value(of: try r.node("checked")) == .string("no body"))
    }

    @Test func theBodyIsPartOfTheValueButNotOfTheFailureAnExpressionCompares() {
        let body = Value.record(RecordValue(type: "Conflict", fieldNames: ["existing"], fields: [.int(7)]))
        let bare = ErrorValue(.http, status: 409), full = ErrorValue(.http, status: 409, message: "POST /users: HTTP status 409", body: body)
        #expect(full.isSameFailure(as: bare) && bare.isSameFailure(as: full))
        #expect(full != bare, "two states that differ by a body are two states for exploration")
        #expect(!ErrorValue(.http, status: 422).isSameFailure(as: bare))
        #expect(ValueFormatter.json(.error(full)).hasSuffix(#","body":{"existing":7}}"#))
        // The timeline shows the body a handler reads; the message (the backend's why) stays out.
        #expect(ValueFormatter.text(.error(full)) == "http(409, body: Conflict(existing: 7))")
        #expect(ValueFormatter.text(.error(bare)) == "http(409)")
        #expect(Value.error(full).size(upTo: 1_000) > Value.error(bare).size(upTo: 1_000))
    }

    struct Conflict: Decodable, Equatable { var existing: Int }
    struct Other: Decodable { var title: String }

    @Test func swiftReadsTheBodyAsItsGeneratedStruct() {
        let body = Value.record(RecordValue(type: "Conflict", fieldNames: ["existing"], fields: [.int(7)]))
        #expect(ErrorValue(.http, status: 409, body: body).body(as: Conflict.self) == Conflict(existing: 7))
        #expect(ErrorValue(.http, status: 409).body(as: Conflict.self) == nil)
        #expect(ErrorValue(.http, status: 409, body: body).body(as: Other.self) == nil)
    }

    @Test func itCompilesAndPlaysFromJSONAsFromYAML() throws {
        let spec = try Fixtures.checked(Self.spec)
        let yaml = ScenarioRunner.run(spec, scenario: 0)
        #expect(yaml.passed, "\(TimelineFormatter.text(yaml))")
        let json = try CompiledSpec.json(spec)
        #expect(json.contains(#""body":{"record":"#), "\(json.prefix(300))")
        let compiled = try CompiledSpec.load(json: Data(json.utf8))
        let played = ScenarioRunner.run(compiled, scenario: 0)
        #expect(played.passed && TimelineFormatter.text(played) == TimelineFormatter.text(yaml), "\(TimelineFormatter.text(played))")
    }

    struct FieldErrorBody: Encodable { var field: String, message: String }
    struct ValidationBody: Encodable { var errors: [FieldErrorBody] }
    struct WrongConflict: Encodable { var existing: String }
    struct Register: Decodable { var name: String }

    /// A Swift provider gives a failure's body as an `http:` service reads a backend's: read as
    /// the service's `errorBody:` type for the status, and no body when it does not fit.
    @Test func aSwiftProviderGivesAFailuresBody() async throws {
        let screen = try LiveScreen(spec: try Fixtures.checked(Self.spec))
        try screen.provide("api.register") { (call: Register) async throws -> Int in
            if call.name == "racer" { throw ServiceFailure.http(422, body: ValidationBody(errors: [FieldErrorBody(field: "name", message: "taken")])) }
            throw ServiceFailure.http(409, body: WrongConflict(existing: "seven"))
        }
        screen.start()
        defer { screen.stop() }
        try screen.execute("register", input: .string("racer"))
        #expect(await eventually { (try? screen.value(of: "messages")) == .list([.string("taken")]) })
        #expect(try screen.value(of: "sameFailure") == .bool(true))
        try screen.execute("register", input: .string("twin"))
        #expect(await eventually { (try? screen.value(of: "sameFailure")) == .bool(false) })
        // The 409's body is no `Conflict`: the failure is an `http(409)` with no body.
        #expect(try screen.value(of: "conflictWith") == Value.none)
        #expect(try screen.value(of: "register.errors") == .error(ErrorValue(.http, status: 409)))
    }
}
