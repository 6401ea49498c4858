import SpecRuntime

/// A view model's stream outputs (``CellsPlan/RowStream``): `lookup: { stream: postcode, ops: [
/// { debounce: 300ms } ] }`, as an RxSwift cell view model holds `postcode.debounce(…)`, or a
/// `timer:` or an `interval:` counted from the row's making. Its source is one of the row's
/// inputs declared before it (the view model's own, or a stream output above it); its operators
/// are typed by the machinery that types a row's work (CellsPass+RowWork.swift), in the dataflow
/// pass's row mode: their expressions read the row as it was made (its element, its parameters,
/// its states' first values), and they listen to the row's own streams only to end on them
/// (`takeUntil: cancel`). Each becomes an input of the row that the stream feeds: its latest
/// element a field read in its own handlers (as a value input's), `<cells>.<name>` on the screen.
extension CellsPass {
    /// Declares each stream output of `decl`, after the row's own inputs and state and before its
    /// actions (which it may trigger) and derived outputs; returns the names of those that failed
    /// (reported), which nothing reports again.
    mutating func declareRowStreams(_ decl: ViewModelDecl, _ model: inout CheckedViewModel, _ fields: inout [String: (field: Int, type: SpecType)],
                                    _ inputFields: inout [String: (field: Int, type: SpecType)]) -> Set<String> {
        var failed: Set<String> = []
        for (name, stream) in decl.streams {
            guard model.inputs.allSatisfy({ $0.name != name.value }), fields[name.value] == nil else {
                cx.diagnostics.error(.duplicateName, "'\(name.value)' is declared twice in view model '\(decl.name.value)'", at: name.range)
                failed.insert(name.value)
                continue
            }
            let scope = fields.filter { inputFields[$0.key] == nil }
            guard let typed = checkRowStream(stream, model: model, scope: scope, failed: failed) else {
                failed.insert(name.value)
                continue
            }
            var field: Int?
            if typed.element != .void {
                guard let f = addField(name, .makeOptional(typed.element), .none, of: decl, to: &model, &fields) else {
                    failed.insert(name.value)
                    continue
                }
                field = f
                inputFields[name.value] = (f, typed.element)
            }
            model.inputs.append((name.value, typed.element, field))
            let input = model.inputs.count - 1
            let s = model.streams.count
            model.streamOfInput[input] = s
            let errors = declareRowStreamErrors(name, stream, s, of: decl, &model, &fields, &inputFields)
            model.streams.append(CellsPlan.RowStream(name: name.value, input: input, source: typed.source, request: typed.request, errors: errors,
                                                     range: name.range))
        }
        return failed
    }

    /// The request that runs `stream` for each row, the element it gives and the input it listens
    /// to (nil for a timer); nil when it does not check (reported).
    private mutating func checkRowStream(_ stream: StreamDecl, model: CheckedViewModel, scope: [String: (field: Int, type: SpecType)],
                                         failed: Set<String>) -> (request: RequestPlan, element: SpecType, source: Int?)? {
        var element: SpecType
        var inner: [OperatorPlan] = []
        let source: InnerSourcePlan
        var sourceInput: Int?
        if let timer = stream.timer {
            element = .int
            source = .timer(TimerPlan(dueTime: timer.dueTime.value, period: timer.period?.value))
        } else {
            guard let k = model.inputs.firstIndex(where: { $0.name == stream.source.value }) else {
                if failed.contains(stream.source.value) { return nil }
                let names = model.inputs.map(\.name)
                let what = scope[stream.source.value] != nil ? "'\(stream.source.value)' is a field of the row, not one of its streams"
                    : "unknown stream '\(stream.source.value)' of the row"
                cx.diagnostics.error(.unknownName, what + cx.diagnostics.didYouMean(stream.source.value, in: names), at: stream.source.range,
                                     notes: [DiagnosticNote("a row's stream starts from one of the row's inputs, a stream output above it or a parameter the screen gives it: "
                                                            + (names.isEmpty ? "this row has none" : names.map { "'\($0)'" }.joined(separator: ", "))),
                                             DiagnosticNote("its element, its position and its state are fields: an output that reads one follows it")])
                return nil
            }
            element = model.inputs[k].type
            source = .never
            sourceInput = k
            inner.append(OperatorPlan(name: "merge", arguments: OperatorArguments(sources: [k]), written: nil))
        }
        for op in stream.operators {
            guard let entry = OperatorCatalog.entry(named: op.name), !entry.insideRequest else { continue }
            // A request per element is the row's own (CellsPass+RowRequests.swift).
            if case .requests = entry.typing {
                guard rowRequestAllowed(op) else { return nil }
                continue
            }
            cx.diagnostics.error(.unsupportedInnerOperator, "'\(op.name)' cannot be used in a row's stream: it runs as each row's own inner stream, "
                                 + "which listens to the row only through 'takeUntil'", at: op.range,
                                 fixIt: "apply it on the screen, to '<cells>.<stream>', which fires with the row")
            return nil
        }
        var declarations = Declarations()
        declarations.services = services
        var pass = DataflowPass(spec: spec, declarations: declarations, catalog: ScreenCatalog(resolver: nil))
        var streams: [String: (input: Int, type: SpecType)] = [:]
        for (k, input) in model.inputs.enumerated() { streams[input.name] = (k, input.type) }
        pass.rowWork = RowWorkScope(fields: scope, inputField: nil, streams: streams)
        // The row's stream is already an inner stream: a request in it is nested one level.
        pass.requestDepth = 1
        swap(&pass.cx, &cx)
        var sawRequest = false
        var shape: NavigationShape?
        let readable = Array(stream.operators.prefix(stream.readOperators ?? Int.max))
        let plans = pass.checkOperators(readable, element: &element, node: -1, sourceName: stream.source.value, inner: true,
                                        bound: ("", .record(model.name)), sawRequest: &sawRequest, navigationShape: &shape)
        swap(&pass.cx, &cx)
        guard let plans, stream.readOperators == nil else { return nil }
        let request = RequestPlan(call: ServiceCall(service: -1, argumentNames: [], arguments: []), strategy: .merge, inner: inner + plans,
                                  failuresEnd: false, name: "flatMap", bindsElement: true, source: source)
        return (request, element, sourceInput)
    }
}
