import SpecRuntime

/// The streams a row's work listens to: `takeUntil: pause` names one of the row's own inputs (or
/// a stream of an action declared before), as a cell view model's
/// `Action { interval.take(until: pause) }` reads its own relay, and each execution hears its own
/// row's (ScreenGraph+RowWork.swift). A stream of the screen is refused, and so is an operator
/// that would read a row's stream for its values (`withLatestFrom`, `combineLatest`, `sample`,
/// `merge`): the refusal says which of these the name is.
extension DataflowPass {
    /// Reports why `op`, in a row's work, cannot listen to what it names; false when it can
    /// (`takeUntil` on streams of the row). Its sources are then typed from ``RowWorkScope/streams``.
    mutating func rowWorkRefuses(_ op: OperatorDecl, _ entry: OperatorEntry, _ scope: RowWorkScope) -> Bool {
        if op.arguments.navigation != nil {
            cx.diagnostics.error(.unsupportedInnerOperator, "'\(op.name)' opens a screen; a row's work gives its elements to the row's action",
                                 at: op.range, fixIt: "navigate from a stream of the screen on the action's elements")
            return true
        }
        let rowStreams = scope.streams.sorted { $0.value.input < $1.value.input }.map(\.key)
        for other in op.arguments.sources {
            if scope.streams[other.value] != nil {
                guard entry.typing != .endsOn else { continue }
                cx.diagnostics.error(.unsupportedInnerOperator, "'\(op.name)' cannot read the row's '\(other.value)' in a row's work; "
                                     + "a row's work listens to its row's streams only to end on them, with 'takeUntil'",
                                     at: other.range, notes: [DiagnosticNote("its operators read the row as it was when the execution started")],
                                     fixIt: "end the execution with 'takeUntil: \(other.value)', or set the row's state in a handler on '\(other.value)'")
                return true
            }
            if cx.symbols[other.value] != nil || cx.poisoned.contains(other.value) {
                let example = rowStreams.first.map { " such as 'takeUntil: \($0)'" } ?? ""
                cx.diagnostics.error(.unsupportedInnerOperator, "'\(op.name)' listens to '\(other.value)', a name of the screen; a row's work listens to its own row's streams alone",
                                     at: other.range, notes: [DiagnosticNote("a row's execution belongs to its row: it hears that row's inputs, and the row leaving its list disposes it")],
                                     fixIt: "name one of the row's inputs\(example), fired on the row")
                return true
            }
            cx.diagnostics.error(.unknownName, "unknown stream '\(other.value)' of the row" + cx.diagnostics.didYouMean(other.value, in: rowStreams),
                                 at: other.range,
                                 notes: [DiagnosticNote("a row's work listens to the row's inputs and the streams of the actions declared before it: "
                                                        + (rowStreams.isEmpty ? "this row has none" : rowStreams.map { "'\($0)'" }.joined(separator: ", ")))])
            return true
        }
        return false
    }
}

/// T1: an expression in a row's work's `ops:` reads the row as it was when the execution started
/// (the execution is bound to that row), so `takeWhile: "!paused"` never sees a handler of the
/// row set `paused`: a warning at the read, with the write in a note and `takeUntil` as the fix.
extension CellsPass {
    /// Each state of the view model a row handler sets, with the first handler that sets it and
    /// where: what a row's work or stream, bound to the row as it was made, never sees change.
    static func stateWriters(_ decl: ViewModelDecl) -> [String: (handler: String, at: SpecRange)] {
        let states = Set(decl.state.map(\.name.value))
        var writers: [String: (handler: String, at: SpecRange)] = [:]
        for handler in decl.handlers {
            for (target, _) in handler.assignments where states.contains(target.value) && writers[target.value] == nil {
                writers[target.value] = (handler.on.value, target.range)
            }
        }
        return writers
    }

    mutating func warnOfRowWorkReadingWrittenState(_ decl: ViewModelDecl) {
        let writers = Self.stateWriters(decl)
        guard !writers.isEmpty else { return }
        let events = decl.inputs.filter { if case .event = $0.kind { true } else { false } }.map(\.name.value)
        for action in decl.actions {
            guard let request = action.work.request else { continue }
            for (_, ops) in request.operatorLists {
                for op in ops {
                    for expr in op.arguments.expressions {
                        guard let (name, read) = InitialReading.names(in: expr).first(where: { writers[$0.0] != nil }),
                              let writer = writers[name] else { continue }
                        let fix = events.contains(writer.handler)
                            ? "end the execution on the row's input instead, as in 'takeUntil: \(writer.handler)'"
                            : "end the execution on an input of the row with 'takeUntil:', or count within the work ('take:', 'scan:')"
                        cx.diagnostics.append(Diagnostic(
                            .warning, id: .rowWorkReadsStart,
                            "'\(op.name)' reads '\(name)' as it was when the execution of '\(action.name.value)' started; the handler on '\(writer.handler)' sets it later",
                            at: read,
                            notes: [DiagnosticNote("the execution is bound to the row as it started, so this value never changes while it runs", at: writer.at)],
                            fixIt: fix))
                    }
                }
            }
        }
    }
}
