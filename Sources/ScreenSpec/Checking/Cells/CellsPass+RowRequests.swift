import SpecRuntime

/// A request per element in a row's stream: `city: { stream: postcode, ops: [ { debounce: 300ms },
/// { flatMapLatest: { call: postcodes.lookup, with: { postcode: $0 } } } ] }`, as an RxSwift form
/// view model holds `postcode.debounce(…).flatMapLatest { api.lookup($0) }`. A row's stream runs
/// as an inner stream of the row (CellsPass+RowStreams.swift), so its request is a request nested
/// in an inner stream (DataflowPass+NestedRequests.swift): each row its own calls, cancelled when
/// the row goes and, for `flatMapLatest`, when the next element comes. Its `with:` reads `$0` and
/// the row's names (the row as it was made); its failures come out on the row's `<name>.errors`,
/// as a screen's stream's do on `<name>.errors` (with `failures: end` too, which ends that row's
/// stream: the row has no output of its own to end).
extension CellsPass {
    /// Whether `op`, a request among a row's stream's `ops:`, may be written so; reported when not.
    /// Its element is `$0`: the row is what the row's names read, so `as:` would name nothing new.
    mutating func rowRequestAllowed(_ op: OperatorDecl) -> Bool {
        guard let request = op.arguments.request else { return true }
        if let name = request.elementName {
            cx.diagnostics.error(.unsupportedInnerOperator, "'as: \(name.value)' cannot name the element in a row's stream: there a request's 'with:' and "
                                 + "'ops:' read the row's names, and the element as '$0'", at: name.range,
                                 fixIt: "remove 'as: \(name.value)' and read the element as '$0'")
            return false
        }
        for (_, ops) in request.operatorLists {
            for inner in ops {
                // The row's streams reach a row's stream's own operators, not those of the request
                // nested in it (its inner streams hear none of the row's inputs).
                if let source = inner.arguments.sources.first {
                    cx.diagnostics.error(.unsupportedInnerOperator, "'\(inner.name)' cannot listen to '\(source.value)' inside a row's request's 'ops:': "
                                         + "a request nested in a row's stream hears none of the row's streams", at: source.range,
                                         notes: [DiagnosticNote("after the request it ends the row's stream, and the row's call in flight is cancelled with it")],
                                         fixIt: "move it after '\(op.name)', into the row's stream's 'ops:'")
                    return false
                }
                guard let entry = OperatorCatalog.entry(named: inner.name), case .requests = entry.typing else { continue }
                cx.diagnostics.error(.unsupportedInnerOperator, "'\(inner.name)' cannot be used here: a row's stream is an inner stream of its row, "
                                     + "so its request is nested already, and requests nest one level", at: inner.range,
                                     notes: [DiagnosticNote("a row's stream may hold several requests one after another, each in the stream's own 'ops:'")],
                                     fixIt: "move it after '\(op.name)', into the row's stream's 'ops:'")
                return false
            }
        }
        return true
    }

    /// Declares `<name>.errors` for a row's stream whose `ops:` hold a request: the row's stream of
    /// the failures its calls pass on (nil until one comes, read by its own handlers), fed by the
    /// stream `s` alone. Returns its input, nil when the stream holds no request.
    mutating func declareRowStreamErrors(_ name: Located<String>, _ stream: StreamDecl, _ s: Int, of decl: ViewModelDecl, _ model: inout CheckedViewModel,
                                         _ fields: inout [String: (field: Int, type: SpecType)],
                                         _ inputFields: inout [String: (field: Int, type: SpecType)]) -> Int? {
        let requests = stream.operators.contains { op in
            guard let entry = OperatorCatalog.entry(named: op.name), case .requests = entry.typing else { return false }
            return true
        }
        guard requests,
              let field = addField(Located(name.value + ".errors", name.range), .makeOptional(.error), .none, of: decl, to: &model, &fields) else { return nil }
        inputFields[name.value + ".errors"] = (field, .error)
        model.inputs.append((name.value + ".errors", .error, field))
        let input = model.inputs.count - 1
        model.streamOfInput[input] = s
        return input
    }
}

/// A row's stream's expressions read the row as it was made (its inner stream is bound to the row
/// then, as a closure capturing the view model's `init` arguments): a state a handler of the row
/// sets is read at its first value, where RxSwift's closure reading `self.city.value` would see the
/// latest. A warning at the read, with the write in a note, as for a row's work.
extension CellsPass {
    mutating func warnOfRowStreamReadingWrittenState(_ decl: ViewModelDecl) {
        let writers = Self.stateWriters(decl)
        guard !writers.isEmpty else { return }
        for (name, stream) in decl.streams {
            for (op, expr) in Self.rowStreamExpressions(stream.operators) {
                guard let (state, read) = InitialReading.names(in: expr).first(where: { writers[$0.0] != nil }), let writer = writers[state] else { continue }
                cx.diagnostics.append(Diagnostic(
                    .warning, id: .rowStreamReadsStart,
                    "'\(op)' in the row's stream '\(name.value)' reads '\(state)' as the row was made; the handler on '\(writer.handler)' sets it later",
                    at: read,
                    notes: [DiagnosticNote("each row's stream is bound to its row as it was made, so this value never changes while it runs", at: writer.at)],
                    fixIt: "react to '\(name.value)' in a handler of the row and read '\(state)' there"))
            }
        }
    }

    /// Each expression of `operators` with the operator it belongs to, a request's `with:` and its
    /// own `ops:` included.
    static func rowStreamExpressions(_ operators: [OperatorDecl]) -> [(String, Expr)] {
        var out: [(String, Expr)] = []
        for op in operators {
            out += op.arguments.expressions.map { (op.name, $0) }
            if let comparer = op.arguments.comparer { out.append((op.name, comparer)) }
            guard let request = op.arguments.request else { continue }
            out += request.arguments.map { (op.name, $0.value) }
            out += (request.choice?.tests ?? []).map { (op.name, $0.condition) }
            out += (request.choice?.branches ?? []).flatMap { $0.arguments.map { (op.name, $0.value) } }
            for (_, ops) in request.operatorLists { out += rowStreamExpressions(ops) }
        }
        return out
    }
}
