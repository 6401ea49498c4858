import Testing
@testable import ScreenSpec
import SpecRuntime

/// `errorBody:` and `error.body(T)` as the checker reads them: the type a record of `types:`, a
/// fake's body read as its status's type, `body` asked only for a type a service declares.
@Suite("Errors as values: checking a failure's body")
struct ErrorBodyCheckingTests {
    private func spec(errorBody: String = "{ 422: Validation }", fails: String = "{ http: 422, body: { errors: [taken] } }",
                      read: String = "register.errors.body(Validation)?.errors ?? []") -> String {
        """
        screen: S
        types:
          Validation: { errors: "[String]" }
          Problem: { title: String }
        inputs:
          submit: event
        state:
          problems: { type: "[String]", initial: [] }
        actions:
          register: { trigger: submit, work: { call: api.register } }
        handlers:
          - on: register.errors
            set: { problems: '\(read)' }
        services:
          api.register:
            returns: Void
            errorBody: \(errorBody)
            fails: \(fails)

        """
    }

    private func diagnose(_ yaml: String) -> String {
        SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
    }

    @Test(arguments: ["{ 422: Validation }", "Validation", "{ 422: Validation, 409: Problem }"])
    func aDeclaredBodyChecks(_ errorBody: String) {
        let loaded = SpecLoader.load(text: spec(errorBody: errorBody), path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
    }

    @Test func theTypeIsARecord() {
        let text = diagnose(spec(errorBody: "{ 422: String }"))
        #expect(text.contains("error: an error body decodes to a record declared under 'types:', found 'String'"), "\(text)")
    }

    @Test func aStatusIsFrom400To999AndGivenOnce() {
        #expect(diagnose(spec(errorBody: "{ 200: Validation }")).contains("maps HTTP statuses from 400 to 999 to types, found '200'"))
        #expect(diagnose(spec(errorBody: "{ 422: Validation, 0422: Problem }")).contains("status 422 is given twice in 'errorBody:'"))
    }

    @Test func aFakesBodyIsReadAsItsStatussType() {
        let wrongType = diagnose(spec(fails: "{ http: 422, body: { errors: 3 } }"))
        #expect(wrongType.contains("t.yaml:18:"), "\(wrongType)")
        let noType = diagnose(spec(fails: "{ http: 409, body: { errors: [taken] } }"))
        #expect(noType.contains("error: service 'api.register' declares no 'errorBody:' for status 409, so its failure has no body to read"), "\(noType)")
        #expect(diagnose(spec(fails: "{ http: 42, body: {} }")).contains("'http:' takes a status from 100 to 999"))
        #expect(diagnose(spec(fails: "{ body: { errors: [] } }")).contains("a failure with a body needs its status"))
        #expect(diagnose(spec(fails: "{ http: 422, bdy: {} }")).contains("unknown key 'bdy' in a failure; did you mean 'body'?"))
    }

    @Test func bodyAsksForADeclaredTypeWithItsName() {
        let undeclared = diagnose(spec(read: "register.errors.body(Problem)?.title.isEmpty == true ? [] : []"))
        #expect(undeclared.contains("error: no service's 'errorBody:' is 'Problem', so 'body(Problem)' would always be nil"), "\(undeclared)")
        let bare = diagnose(spec(read: "register.errors.body == nil ? [] : []"))
        #expect(bare.contains("error: 'body' takes the type its body decodes to, as in '.body(Validation)'"), "\(bare)")
        let noType = diagnose(spec(read: "register.errors.body(1)?.errors ?? []"))
        #expect(noType.contains("'body' takes the type its body decodes to"), "\(noType)")
    }

    @Test func theBodyIsOptionalOfItsType() {
        let text = diagnose(spec(read: "register.errors.body(Validation).errors"))
        #expect(text.contains("'Validation?' is optional"), "\(text)")
    }

    /// A function's body is checked before the services: it may still ask for an `errorBody:` type.
    @Test func aFunctionMayReadABody() {
        let yaml = spec(read: "firstProblem(register.errors)").replacingOccurrences(of: "inputs:", with: """
            functions:
              firstProblem: { params: { e: Error }, returns: "[String]", body: 'e.body(Validation)?.errors ?? []' }
            inputs:
            """)
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
    }

    /// A counterexample or a recording writes a failure's body back as a fake gives it, and that
    /// entry reads back as the same failure.
    @Test func aFailureWithABodyIsWrittenAsAFakeGivesIt() throws {
        let body = Value.record(RecordValue(type: "Validation", fieldNames: ["errors"], fields: [.list([.string("taken")])]))
        let written = YAMLValueText.result(.failure(ErrorValue(.http, status: 422, body: body)), latency: 1000)
        #expect(written == #"{ fail: { http: 422, body: { errors: ["taken"] } }, latency: 1s }"#)
        #expect(YAMLValueText.result(.failure(ErrorValue(.http, status: 500)), latency: 0) == "{ fail: http(500), latency: 0ms }")
        let loaded = SpecLoader.load(text: spec(fails: "~").replacingOccurrences(of: "fails: ~", with: "results: [ \(written) ]"), path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        guard case .failure(let error)? = loaded.spec?.services.first?.results.first?.outcome else {
            Issue.record("no failure read back")
            return
        }
        #expect(error.status == 422 && error.body == body)
    }
}
