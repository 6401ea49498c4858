import SpecRuntime

/// `removed.withLatestFrom(pending)` with a handler on `removed` that sets `pending`: the sample
/// reads `pending` as it was before the handler's write (the feedback rule). RxSwift gives that
/// only when the stream subscribed before the subscriber that accepts into the relay; the other
/// order reads the new value. A warning at the read, the handler's write in a note, with the two
/// fixes: read the new value from the event, or write from a handler on the sampling stream, which
/// runs after the read in any order. An action's `with:` gets the same warning (ActionsPass.swift).
extension HandlersPass {
    mutating func warnOfSamplesBeforeHandlers() {
        var streams: [String: StreamDecl] = [:]
        for output in spec.outputs {
            if case .stream(let stream) = output.kind, stream.timer == nil { streams[output.name.value] = stream }
        }
        for output in spec.outputs {
            guard case .stream(let stream) = output.kind, stream.timer == nil else { continue }
            var events = Self.origins(of: stream.source.value, streams)
            for op in stream.operators {
                guard let entry = OperatorCatalog.entry(named: op.name) else { break }
                switch entry.typing {
                case .readsLatest:
                    for read in op.arguments.sources {
                        warn(output.name.value, op.name, reads: read.value, at: read.range, events: events)
                    }
                case .samples:
                    // `stream: pending, ops: [ { sample: removed } ]` emits `pending` as it was when `removed` fired.
                    if let sampler = op.arguments.sources.first {
                        warn(output.name.value, op.name, reads: stream.source.value, at: sampler.range, events: Self.origins(of: sampler.value, streams))
                    }
                case .joinsSameType:
                    for other in op.arguments.sources { events.formUnion(Self.origins(of: other.value, streams)) }
                default:
                    break
                }
                if Self.leavesTheTransaction(op, entry) { break }
            }
        }
    }

    private mutating func warn(_ output: String, _ op: String, reads name: String, at range: SpecRange, events: Set<String>) {
        for handler in spec.handlers where events.contains(handler.on.value) {
            for (target, value) in handler.assignments where target.value == name {
                let event = handler.on.value
                let direct: Bool = if case .name(event) = value.kind { true } else { false }
                let newValue = direct ? "read the new value from '\(event)' itself" : "compute the new value from '\(event)' as the handler does"
                cx.diagnostics.append(.valueBeforeHandler(
                    "'\(op)' in '\(output)'", reads: name, event: event, at: range, written: target.range,
                    note: "the handler sets it in the same transaction, after the read; in RxSwift the order of subscription decides: "
                        + "a subscriber of '\(event)' set up before '\(output)' that accepts into '\(name)' makes '\(op)' read the new value",
                    fix: "\(newValue); or, to mean the value before in RxSwift too, set '\(name)' in a handler on '\(output)', "
                        + "which runs after the read in any order, as '.do(onNext:)' after '\(op)' does"))
            }
        }
    }

    /// The names whose elements reach `name` in the same transaction: itself, and for a stream
    /// output, its source and what it merges, through operators that pass elements on at once.
    static func origins(of name: String, _ streams: [String: StreamDecl]) -> Set<String> {
        var found: Set<String> = [name]
        var pending = [name]
        while let next = pending.popLast() {
            guard let stream = streams[next] else { continue }
            var sources = [stream.source.value]
            for op in stream.operators {
                guard let entry = OperatorCatalog.entry(named: op.name), !leavesTheTransaction(op, entry) else { sources = []; break }
                if entry.typing == .joinsSameType { sources += op.arguments.sources.map(\.value) }
            }
            for source in sources where found.insert(source).inserted { pending.append(source) }
        }
        return found
    }

    /// Whether an operator hands elements on in a later transaction or at a later time: a
    /// request, a switch, a navigation, a wait, a buffer, `observeOn`.
    static func leavesTheTransaction(_ op: OperatorDecl, _ entry: OperatorEntry) -> Bool {
        switch entry.typing {
        case .requests, .switches, .navigates, .collects: return true
        default: return entry.durationIsWait || op.name == "observeOn"
        }
    }
}

extension Diagnostic {
    /// `value-before-handler`: `reader` (an action's `with:`, a stream's `withLatestFrom` or
    /// `sample`) reads `name` as it was before the handler on `event` writes it at `written`.
    static func valueBeforeHandler(_ reader: String, reads name: String, event: String, at range: SpecRange, written: SpecRange,
                                   note: String, fix: String) -> Diagnostic {
        Diagnostic(.warning, id: .valueBeforeHandler, "\(reader) reads '\(name)' as it was before the handler on '\(event)' sets it",
                   at: range, notes: [DiagnosticNote(note, at: written)], fixIt: fix)
    }
}
