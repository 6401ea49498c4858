import Testing
@testable import ScreenSpec

/// A view model's stream outputs and its `created`, checked: what a row's stream may start from
/// and apply, with a diagnostic at what it cannot.
@Suite("Row streams, checking")
struct RowStreamsCheckingTests {
    private func load(_ outputs: String, actions: String = "") -> LoadedSpec {
        let yaml = """
            screen: Rows
            types:
              Form: { key: String }
            state:
              forms: { type: "[Form]", initial: [] }
            viewModels:
              AddressForm:
                params: { form: Form }
                inputs: { postcode: String, cancel: event }
                state: { count: { type: Int, initial: 0 } }
                outputs:
            \(outputs)
            \(actions)
            cells:
              addresses: { viewModel: AddressForm, for: forms, id: key }
            services:
              postcodes.lookup: { params: { postcode: String }, returns: String, latency: 200ms, result: Springfield }
            """
        return SpecLoader.load(text: yaml, path: "t.yaml")
    }

    @Test("a row's stream is typed from its source and its operators, and its element is a field of the row")
    func typesTheStream() throws {
        let loaded = load("""
                  settled: { stream: postcode, ops: [ { debounce: 300ms }, { map: '$0.count + count' }, { takeUntil: cancel } ] }
                  tick: { interval: 1s }
                  taps: { stream: cancel, ops: [ { throttle: 1s } ] }
            """)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let plan = try #require(loaded.spec?.cells.first)
        #expect(plan.streams?.map(\.name) == ["settled", "tick", "taps"])
        let record = try #require(loaded.spec?.types.records["AddressForm"])
        #expect(record.first { $0.name == "settled" }.map { "\($0.type)" } == "Int?")
        #expect(record.first { $0.name == "tick" }.map { "\($0.type)" } == "Int?")
        // An event's stream carries no value: no field, as an event input has none.
        #expect(!record.contains { $0.name == "taps" })
        for stream in plan.streams ?? [] { #expect(plan.isActionStream(stream.input)) }
    }

    @Test("a request in a row's stream is refused at the operator, saying why and what to do instead")
    func refusesARequest() throws {
        let text = "      lookup: { stream: postcode, ops: [ { debounce: 300ms }, { flatMapLatest: { call: postcodes.lookup, with: { postcode: $0 } } } ] }"
        let loaded = load(text)
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(loaded.renderDiagnostics())")
        let error = try #require(errors.first)
        #expect(error.message.hasPrefix("'flatMapLatest' makes a request per element, which a row's stream cannot make yet"))
        #expect(error.range.start.line == 12)
        // At the operator: its entry in 'ops:'.
        let entry = try #require(text.range(of: "{ flatMapLatest")).lowerBound
        let column = text.distance(from: text.startIndex, to: entry) + 1
        #expect((column...column + 2).contains(error.range.start.column), "at \(error.range.start)")
    }

    @Test("a row's stream starts from one of the row's streams: a field or an unknown name is refused at the source")
    func refusesAnUnknownSource() throws {
        let field = load("      settled: { stream: count, ops: [ { debounce: 300ms } ] }")
        #expect(field.diagnostics.map(\.message).first?.hasPrefix("'count' is a field of the row, not one of its streams") == true,
                "\(field.renderDiagnostics())")
        let unknown = load("      settled: { stream: postcod }")
        #expect(unknown.diagnostics.map(\.message).first?.hasPrefix("unknown stream 'postcod' of the row; did you mean 'postcode'?") == true,
                "\(unknown.renderDiagnostics())")
        #expect(unknown.diagnostics.first?.range.start.line == 12)
    }

    @Test("a row's stream takes no 'initial:'")
    func refusesInitial() throws {
        let loaded = load("      settled: { stream: postcode, initial: \"\" }")
        #expect(loaded.diagnostics.first?.message.hasPrefix("'initial' is not a key of a row's stream output 'settled'") == true,
                "\(loaded.renderDiagnostics())")
    }

    @Test("a row's stream triggers a row action, and a step cannot send to it")
    func triggersAnAction() throws {
        let loaded = load("      settled: { stream: postcode, ops: [ { debounce: 300ms } ] }", actions: """
                actions:
                  lookup: { trigger: settled, work: { call: postcodes.lookup, with: { postcode: $0 } } }
            """)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let action = try #require(loaded.spec?.cells.first?.actions?.first)
        #expect(loaded.spec?.cells.first?.inputs[action.trigger].name == "settled")
    }

    @Test("'created' is an input of the row when the view model names it, and only then")
    func createdWhenNamed() throws {
        let without = load("      label: form.key")
        #expect(without.spec?.cells.first?.created == nil)
        let with = load("      label: form.key", actions: """
                handlers:
                  - on: created
                    set: { count: count + 1 }
            """)
        #expect(with.diagnostics.isEmpty, "\(with.renderDiagnostics())")
        let plan = try #require(with.spec?.cells.first)
        let created = try #require(plan.created)
        #expect(plan.inputs[created].name == "created")
        #expect(plan.isActionStream(created))
    }
}
