import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A request in a row's stream (author7's W2 as meant: each form view model's
/// `postcode.debounce(300ms).flatMapLatest { api.lookup($0) }`): each row its own calls, the one in
/// flight cancelled by the row's next element and by the row leaving its list, each shown
/// cancelled on the row's stream as a screen's cancelled call is; failures on the row's
/// `<name>.errors`, the row's stream going on, unless `failures: end`.
@Suite("A row's request")
struct RowRequestTests {
    static let forms = """
        screen: Lookups
        types:
          Form: { key: String }
        state:
          forms: { type: "[Form]", initial: [{ key: a }, { key: b }] }
        inputs:
          drop: String
        viewModels:
          AddressForm:
            params: { form: Form }
            inputs:
              postcode: String
            state:
              town: { type: String, initial: "" }
              failures: { type: Int, initial: 0 }
            outputs:
              city:
                stream: postcode
                ops:
                  - debounce: 300ms
                  - flatMapLatest: { call: postcodes.lookup, with: { postcode: $0, form: form.key } }
            handlers:
              - on: city
                set: { town: city }
              - on: city.errors
                set: { failures: failures + 1 }
        cells:
          rows: { viewModel: AddressForm, for: forms, id: key }
        handlers:
          - on: drop
            set: { forms: 'forms.filter { $0.key != drop }' }
        services:
          postcodes.lookup:
            params: { postcode: String, form: String }
            returns: String
            latency: 1s
            result: Springfield
            cases:
              - { when: { form: b }, value: Shelbyville }
              - { when: { postcode: "0" }, fail: http(404) }
        outputs:
          towns: 'rows.map { $0.town }'
          failures: 'rows.map { $0.failures }'
        scenarios:
          - name: s
            steps:
        """

    private func run(_ steps: String, spec: String = Self.forms) throws -> (Timeline, String) {
        let loaded = SpecLoader.load(text: spec + "\n" + steps, path: "t.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(checked, scenario: 0)
        return (timeline, TimelineFormatter.text(timeline))
    }

    private func lines(_ text: String, _ both: String...) -> [Substring] {
        text.split(separator: "\n").filter { line in both.allSatisfy { line.contains($0) } }
    }

    @Test("each row makes its own call, reading its own row's names")
    func eachRowItsOwnCall() throws {
        let (timeline, text) = try run("""
                  - send: { rows.postcode: { row: a, value: "1" } }
                  - send: { rows.postcode: { row: b, value: "2" } }
                  - wait: 1300ms
                  - expect: { towns: [Springfield, Shelbyville], failures: [0, 0] }
            """)
        #expect(timeline.passed, "\(text)")
    }

    @Test("the row's next element cancels its call in flight (flatMapLatest), and the other row's call goes on")
    func nextElementCancels() throws {
        let (timeline, text) = try run("""
                  - send: { rows.postcode: { row: a, value: "1" } }
                  - send: { rows.postcode: { row: b, value: "2" } }
                  - wait: 400ms
                  - send: { rows.postcode: { row: a, value: "11" } }
                  - wait: 900ms
                  - expect: { towns: ["", Shelbyville] }
                  - wait: 400ms
                  - expect: { towns: [Springfield, Shelbyville] }
            """)
        #expect(timeline.passed, "\(text)")
        // At 700 ms, when "11" settles: the call for "1", subscribed at 300 ms.
        let cancelled = lines(text, "rows.city", "cancelled")
        #expect(cancelled.count == 1 && cancelled.allSatisfy { $0.contains("700ms") && $0.contains("postcode: \"1\"") }, "\(text)")
    }

    @Test("a row leaving its list cancels its call, shown cancelled on the row's stream")
    func rowLeavingCancels() throws {
        let (timeline, text) = try run("""
                  - send: { rows.postcode: { row: a, value: "1" } }
                  - wait: 400ms
                  - send: { drop: a }
                  - wait: 2s
                  - expect: { towns: [""] }
            """)
        #expect(timeline.passed, "\(text)")
        // The row's stream and its call in flight, both at 400 ms.
        let cancelled = lines(text, "rows.city", "cancelled")
        #expect(cancelled.count == 2 && cancelled.allSatisfy { $0.contains("400ms") }, "\(text)")
        #expect(cancelled.contains { $0.contains("postcodes.lookup(postcode: \"1\"") }, "\(text)")
        #expect(lines(text, "runtime error").isEmpty, "\(text)")
    }

    @Test("a failure comes out on the row's '<name>.errors' and the row's stream goes on")
    func failureToErrors() throws {
        let (timeline, text) = try run("""
                  - send: { rows.postcode: { row: a, value: "0" } }
                  - wait: 1300ms
                  - expect: { towns: ["", ""], failures: [1, 0] }
                  - send: { rows.postcode: { row: a, value: "1" } }
                  - wait: 1300ms
                  - expect: { towns: [Springfield, ""], failures: [1, 0] }
            """)
        #expect(timeline.passed, "\(text)")
        #expect(!lines(text, "rows.city.errors").isEmpty, "\(text)")
    }

    @Test("'failures: end' ends the row's stream on a failure, which still comes out on its errors; the row's later elements make no call")
    func failuresEnd() throws {
        let spec = Self.forms.replacingOccurrences(of: "with: { postcode: $0, form: form.key } }", with: "with: { postcode: $0, form: form.key }, failures: end }")
        let (timeline, text) = try run("""
                  - send: { rows.postcode: { row: a, value: "0" } }
                  - wait: 1300ms
                  - expect: { failures: [1, 0] }
                  - send: { rows.postcode: { row: a, value: "1" } }
                  - send: { rows.postcode: { row: b, value: "1" } }
                  - wait: 1300ms
                  - expect: { towns: ["", Shelbyville], failures: [1, 0] }
            """, spec: spec)
        #expect(timeline.passed, "\(text)")
        #expect(lines(text, "runtime error").isEmpty, "\(text)")
    }

    @Test("a compiled program carries the row's request and its errors, and plays them as the checked one")
    func compiledRoundTrip() throws {
        let steps = """
                  - send: { rows.postcode: { row: a, value: "1" } }
                  - send: { rows.postcode: { row: b, value: "0" } }
                  - wait: 400ms
                  - send: { rows.postcode: { row: a, value: "2" } }
                  - wait: 500ms
                  - send: { drop: b }
                  - wait: 2s
                  - expect: { towns: [Springfield] }
            """
        let loaded = SpecLoader.load(text: Self.forms + "\n" + steps, path: "t.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let json = try CompiledSpec.json(checked)
        #expect(json.contains("\"errors\""))
        let decoded = try CompiledSpec.load(json: Data(json.utf8))
        let original = TimelineFormatter.text(ScenarioRunner.run(checked, scenario: 0))
        let replayed = ScenarioRunner.run(decoded, scenario: 0)
        #expect(replayed.passed, "\(TimelineFormatter.text(replayed))")
        #expect(TimelineFormatter.text(replayed) == original)
    }
}
