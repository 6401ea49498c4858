import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A view model's stream outputs (author7's W2): each row holds its own
/// `postcode.debounce(…).distinctUntilChanged()`, with its own operator state and timers, made
/// with the row and disposed with it; and a row's `created` (W1), fired in the transaction that
/// makes the row, as a cell view model's `init` runs.
@Suite("Row streams and a row's created")
struct RowStreamsTests {
    static let forms = """
        screen: Forms
        types:
          Form: { key: String }
        state:
          forms: { type: "[Form]", initial: [{ key: a }, { key: b }] }
        inputs:
          drop: String
          add: String
        viewModels:
          AddressForm:
            params: { form: Form }
            inputs:
              postcode: String
              cancel: event
            state:
              settledCount: { type: Int, initial: 0 }
              last: { type: String, initial: "" }
              ticks: { type: Int, initial: 0 }
            outputs:
              settled:
                stream: postcode
                ops: [ { debounce: 300ms }, { distinctUntilChanged }, { takeUntil: cancel } ]
              lengths: { stream: settled, ops: [ { map: '$0.count' }, { scan: { seed: "0", accumulator: '$0 + $1' } } ] }
              tick: { interval: 1s, ops: [ { take: 2 } ] }
            handlers:
              - on: settled
                set: { settledCount: settledCount + 1, last: settled }
              - on: tick
                set: { ticks: ticks + 1 }
        cells:
          rows: { viewModel: AddressForm, for: forms, id: key }
        handlers:
          - on: drop
            set: { forms: 'forms.filter { $0.key != drop }' }
          - on: add
            set: { forms: 'forms + [Form(key: add)]' }
        outputs:
          counts: 'rows.map { $0.settledCount }'
          lasts: 'rows.map { $0.last }'
          ticks: 'rows.map { $0.ticks }'
          totals: 'rows.map { $0.lengths ?? -1 }'
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

    @Test("each row debounces its own input: another row's input never resets it")
    func eachRowDebouncesItsOwn() throws {
        let (timeline, text) = try run("""
                  - send: { rows.postcode: { row: a, value: "1" } }
                  - wait: 200ms
                  - send: { rows.postcode: { row: b, value: "22" } }
                  - wait: 100ms
                  - expect: { counts: [1, 0], lasts: ["1", ""] }
                  - send: { rows.postcode: { row: a, value: "1" } }
                  - wait: 200ms
                  - expect: { counts: [1, 1], lasts: ["1", "22"], totals: [1, 2] }
                  - wait: 300ms
                  - expect: { counts: [1, 1] }
            """)
        #expect(timeline.passed, "\(text)")
        // A row's stream's elements are the row's: `rows.settled` fires with the row.
        #expect(text.contains("rows.settled"), "\(text)")
    }

    @Test("a row's interval counts from its making, and a new row's from its own")
    func timersCountFromTheRowsMaking() throws {
        let (timeline, text) = try run("""
                  - wait: 500ms
                  - send: { add: c }
                  - wait: 500ms
                  - expect: { ticks: [1, 1, 0] }
                  - wait: 500ms
                  - expect: { ticks: [1, 1, 1] }
                  - wait: 2s
                  - expect: { ticks: [2, 2, 2] }
            """)
        #expect(timeline.passed, "\(text)")
    }

    @Test("a row that leaves disposes its streams: its debounce gives nothing, the timeline records it")
    func aRowLeavingDisposesItsStreams() throws {
        let (timeline, text) = try run("""
                  - send: { rows.postcode: { row: a, value: "1" } }
                  - send: { rows.postcode: { row: b, value: "2" } }
                  - wait: 100ms
                  - send: { drop: a }
                  - wait: 1s
                  - expect: { counts: [1], lasts: ["2"] }
                  - send: { add: a }
                  - wait: 1s
                  - expect: { counts: [1, 0], lasts: ["2", ""] }
            """)
        #expect(timeline.passed, "\(text)")
        let cancelled = text.split(separator: "\n").filter { $0.contains("rows.settled") && $0.contains("cancelled") }
        #expect(cancelled.count == 1, "\(text)")
    }

    @Test("'takeUntil' on the row's own input ends that row's stream alone")
    func takeUntilEndsTheRowsOwn() throws {
        let (timeline, text) = try run("""
                  - send: { rows.cancel: { row: a } }
                  - send: { rows.postcode: { row: a, value: "1" } }
                  - send: { rows.postcode: { row: b, value: "2" } }
                  - wait: 300ms
                  - expect: { counts: [0, 1] }
            """)
        #expect(timeline.passed, "\(text)")
    }

    @Test("a compiled program carries the rows' streams and plays them as the checked one")
    func compiledRoundTrip() throws {
        let steps = """
                  - send: { rows.postcode: { row: a, value: "1" } }
                  - wait: 100ms
                  - send: { drop: b }
                  - send: { add: c }
                  - send: { rows.postcode: { row: c, value: "333" } }
                  - wait: 2s
                  - expect: { counts: [1, 1], totals: [1, 3] }
            """
        let loaded = SpecLoader.load(text: Self.forms + "\n" + steps, path: "t.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let json = try CompiledSpec.json(checked)
        #expect(json.contains("\"streams\""))
        let decoded = try CompiledSpec.load(json: Data(json.utf8))
        let original = TimelineFormatter.text(ScenarioRunner.run(checked, scenario: 0))
        let replayed = ScenarioRunner.run(decoded, scenario: 0)
        #expect(replayed.passed, "\(TimelineFormatter.text(replayed))")
        #expect(TimelineFormatter.text(replayed) == original)
    }

    static let chat = """
        screen: Chat
        types:
          Message: { id: Int, text: String }
        state:
          messages: { type: "[Message]", initial: [{ id: 1, text: hi }] }
        inputs:
          sendTap: String
        viewModels:
          MessageRow:
            params: { message: Message }
            state:
              made: { type: Int, initial: 0 }
              delivered: { type: Bool, initial: false }
            actions:
              deliver:
                trigger: created
                work: { call: chat.send, with: { text: message.text } }
            handlers:
              - on: created
                set: { made: made + 1 }
              - on: deliver.elements
                set: { delivered: true }
        cells:
          rows: { viewModel: MessageRow, for: messages }
        handlers:
          - on: sendTap
            set: { messages: 'messages + [Message(id: messages.count + 1, text: sendTap)]' }
        services:
          chat.send: { params: { text: String }, returns: Int, latency: 1s, result: 7 }
        outputs:
          made: 'rows.map { $0.made }'
          sending: 'rows.map { $0.deliver.executing }'
          delivered: 'rows.map { $0.delivered }'
        scenarios:
          - name: s
            steps:
        """

    @Test("'created' fires once per row made, in the transaction that makes it: the first rows at the start")
    func createdFiresWhenARowIsMade() throws {
        let (timeline, text) = try run("""
                  - expect: { made: [1], sending: [true] }
                  - wait: 500ms
                  - send: { sendTap: there }
                  - expect: { made: [1, 1], sending: [true, true], delivered: [false, false] }
                  - wait: 500ms
                  - expect: { delivered: [true, false], sending: [false, true] }
                  - wait: 500ms
                  - expect: { delivered: [true, true], made: [1, 1] }
            """, spec: Self.chat)
        #expect(timeline.passed, "\(text)")
        // The step's transaction writes the new row with its `created` handled: one line for
        // `rows` at 500ms, none with the row as it was before its `created`.
        let rowsAt500 = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("500ms ") && $0.contains(" rows ") }
        #expect(rowsAt500.count == 1, "\(text)")
        #expect(text.contains("rows.created"), "\(text)")
    }

    @Test("'created' is the row's own: a step cannot send it, and a view model cannot declare it")
    func createdIsTheRowsOwn() throws {
        let sending = SpecLoader.load(text: Self.chat + "\n      - send: { rows.created: { row: 1 } }", path: "t.yaml")
        #expect(sending.spec == nil)
        let declared = SpecLoader.load(text: Self.chat.replacingOccurrences(of: "    state:\n      made:", with: "    inputs:\n      created: event\n    state:\n      made:")
                                       + "\n      - wait: 0ms", path: "t.yaml")
        let messages = declared.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("'created' is the event each row fires when it is made") }, "\(declared.renderDiagnostics())")
    }

    @Test("a compiled program fires 'created' as the checked one does")
    func createdRoundTrip() throws {
        let loaded = SpecLoader.load(text: Self.chat + "\n      - send: { sendTap: x }\n      - wait: 1s\n      - expect: { delivered: [true, true] }", path: "t.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let decoded = try CompiledSpec.load(json: Data(try CompiledSpec.json(checked).utf8))
        let original = TimelineFormatter.text(ScenarioRunner.run(checked, scenario: 0))
        let replayed = ScenarioRunner.run(decoded, scenario: 0)
        #expect(replayed.passed, "\(TimelineFormatter.text(replayed))")
        #expect(TimelineFormatter.text(replayed) == original)
    }

    @Test("a row's stream triggers the row's action: author7's 'appeared: { timer: 0ms }' delivers each row when it is made")
    func aRowsStreamTriggersItsAction() throws {
        let spec = """
            screen: RowTimer
            types:
              Msg: { id: Int, text: String }
            state:
              items: { type: "[Msg]", initial: [{ id: 1, text: hi }] }
            inputs:
              add: String
            viewModels:
              MsgRow:
                params: { msg: Msg }
                state:
                  sent: { type: Int, initial: 0 }
                outputs:
                  appeared: { timer: 0ms }
                actions:
                  deliver:
                    trigger: appeared
                    work: { call: chat.send, with: { text: msg.text } }
                handlers:
                  - on: deliver.elements
                    set: { sent: deliver.elements }
            cells:
              rows: { viewModel: MsgRow, for: items }
            handlers:
              - on: add
                set: { items: 'items + [Msg(id: items.count + 1, text: add)]' }
            outputs:
              sent: 'rows.map { $0.sent }'
            services:
              chat.send: { params: { text: String }, returns: Int, latency: 1s, result: 7 }
            scenarios:
              - name: s
                steps:
            """
        let (timeline, text) = try run("""
                  - wait: 500ms
                  - send: { add: there }
                  - wait: 500ms
                  - expect: { sent: [7, 0] }
                  - wait: 500ms
                  - expect: { sent: [7, 7] }
            """, spec: spec)
        #expect(timeline.passed, "\(text)")
    }
}
