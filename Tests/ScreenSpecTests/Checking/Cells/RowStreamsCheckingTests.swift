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

    @Test("a request in a row's stream is the row's own: its element the answer, its failures on '<name>.errors'")
    func acceptsARequest() throws {
        let loaded = load("      lookup: { stream: postcode, ops: [ { debounce: 300ms }, { flatMapLatest: { call: postcodes.lookup, with: { postcode: $0 } } } ] }")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let plan = try #require(loaded.spec?.cells.first)
        let stream = try #require(plan.streams?.first)
        let errors = try #require(stream.errors)
        #expect(plan.inputs[errors].name == "addresses.lookup.errors" || plan.inputs[errors].name.hasSuffix("lookup.errors"), "\(plan.inputs.map(\.name))")
        #expect(plan.inputs[errors].stream == 0 && plan.inputs[errors].type == .error)
        let record = try #require(loaded.spec?.types.records["AddressForm"])
        #expect(record.first { $0.name == "lookup" }.map { "\($0.type)" } == "String?")
        #expect(record.first { $0.name == "lookup.errors" }.map { "\($0.type)" } == "Error?")
        // A stream with no request has no errors of its own.
        let plain = load("      settled: { stream: postcode, ops: [ { debounce: 300ms } ] }")
        #expect(plain.spec?.cells.first?.streams?.first?.errors == nil)
    }

    @Test("a row's request takes no 'as:' and holds no request in its 'ops:', each refused where it is written")
    func refusesAsAndADeeperRequest() throws {
        let named = "      lookup: { stream: postcode, ops: [ { flatMapLatest: { call: postcodes.lookup, as: p, with: { postcode: p } } } ] }"
        let loaded = load(named)
        let error = try #require(loaded.diagnostics.first { $0.severity == .error }, "\(loaded.renderDiagnostics())")
        #expect(error.message.hasPrefix("'as: p' cannot name the element in a row's stream"), "\(error.message)")
        #expect(error.range.start.line == 12)
        let column = named.distance(from: named.startIndex, to: try #require(named.range(of: "as: p")).lowerBound) + 1
        #expect((column...column + 4).contains(error.range.start.column), "at \(error.range.start)")
        let deeper = "      lookup: { stream: postcode, ops: [ { flatMapLatest: { call: postcodes.lookup, with: { postcode: $0 }, "
            + "ops: [ { flatMap: { call: postcodes.lookup, with: { postcode: $0 } } } ] } } ] }"
        let nested = load(deeper)
        let refusal = try #require(nested.diagnostics.first { $0.severity == .error }, "\(nested.renderDiagnostics())")
        #expect(refusal.message.hasPrefix("'flatMap' cannot be used here: a row's stream is an inner stream of its row"), "\(refusal.message)")
        let at = deeper.distance(from: deeper.startIndex, to: try #require(deeper.range(of: "{ flatMap:")).lowerBound) + 1
        #expect((at...at + 2).contains(refusal.range.start.column), "at \(refusal.range.start)")
        #expect(nested.diagnostics.filter { $0.severity == .error }.count == 1, "\(nested.renderDiagnostics())")
        // The row's streams do not reach the nested request's own operators: refused at the name.
        let listening = "      lookup: { stream: postcode, ops: [ { flatMapLatest: { call: postcodes.lookup, with: { postcode: $0 }, ops: [ { takeUntil: cancel } ] } } ] }"
        let heard = load(listening)
        let deaf = try #require(heard.diagnostics.first { $0.severity == .error }, "\(heard.renderDiagnostics())")
        #expect(deaf.message.hasPrefix("'takeUntil' cannot listen to 'cancel' inside a row's request's 'ops:'"), "\(deaf.message)")
        let name = listening.distance(from: listening.startIndex, to: try #require(listening.range(of: "cancel")).lowerBound) + 1
        #expect(deaf.range.start.column == name, "at \(deaf.range.start)")
        // After the request, it ends the row's stream: accepted.
        let after = load("      lookup: { stream: postcode, ops: [ { flatMapLatest: { call: postcodes.lookup, with: { postcode: $0 } } }, { takeUntil: cancel } ] }")
        #expect(after.diagnostics.isEmpty, "\(after.renderDiagnostics())")
    }

    @Test("a row's stream reading a state a row handler sets is warned at the read, as the row was made")
    func warnsOfAStateReadAsMade() throws {
        let loaded = load("""
                  lookup: { stream: postcode, ops: [ { filter: 'count < 3' }, { flatMapLatest: { call: postcodes.lookup, with: { postcode: $0 } } } ] }
                handlers:
                  - on: postcode
                    set: { count: count + 1 }
            """)
        #expect(loaded.diagnostics.allSatisfy { $0.severity == .warning }, "\(loaded.renderDiagnostics())")
        let warning = try #require(loaded.diagnostics.first { $0.id == "row-stream-reads-start" }, "\(loaded.renderDiagnostics())")
        #expect(warning.message == "'filter' in the row's stream 'lookup' reads 'count' as the row was made; the handler on 'postcode' sets it later")
        #expect(warning.range.start.line == 12)
        #expect(warning.notes.first?.range?.start.line == 15)
        // Read by nothing a handler sets: no warning.
        let quiet = load("      lookup: { stream: postcode, ops: [ { filter: 'count < 3' } ] }")
        #expect(quiet.diagnostics.isEmpty, "\(quiet.renderDiagnostics())")
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
