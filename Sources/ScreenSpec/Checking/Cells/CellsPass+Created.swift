import SpecRuntime

/// A row's `created`: the event each row fires once, in the transaction that makes it, as a cell
/// view model's `init` runs (`MessageCellViewModel(message)` whose `init` calls
/// `send.execute(message)`). A view model that names it (a row action's `trigger: created`, a
/// row handler's `on: created`, a row stream's `stream: created`) has it as an input after its
/// own, which no step and no gesture sends to; the screen hears it as `<cells>.created`, firing
/// with the row.
extension CellsPass {
    /// The name of the event.
    static let createdEvent = "created"

    /// Declares `created` when the view model names it; its index in the row's inputs, else nil.
    mutating func declareCreated(_ decl: ViewModelDecl, _ model: inout CheckedViewModel) -> Int? {
        let name = Self.createdEvent
        guard decl.namesAsStream(name) else { return nil }
        model.inputs.append((name, .void, nil))
        return model.inputs.count - 1
    }

    /// An input declared as `created`, the name of the row's own event: refused (reported).
    mutating func refusesCreatedInput(_ input: InputDecl) -> Bool {
        guard input.name.value == Self.createdEvent else { return false }
        cx.diagnostics.error(.duplicateName, "'\(Self.createdEvent)' is the event each row fires when it is made; a view model declares no input of that name",
                             at: input.name.range, notes: [DiagnosticNote("a row action's 'trigger: created' starts work as the row's init would")],
                             fixIt: "rename the input, or remove it and use the row's own 'created'")
        return true
    }
}

extension ViewModelDecl {
    /// Whether the view model reads `name` as one of its streams: an action's trigger, a
    /// handler's `on:`, a stream output's source, or a stream its work's `ops:` listen to.
    func namesAsStream(_ name: String) -> Bool {
        actions.contains { $0.trigger?.value == name || OperatorDecl.referencedStreams($0.work.request).contains(name) }
            || handlers.contains { $0.on.value == name }
            || streams.contains { $0.stream.timer == nil && $0.stream.source.value == name }
    }
}

extension OperatorDecl {
    /// The streams a request's `ops:` listen to (`takeUntil: created`), by name; empty for none.
    static func referencedStreams(_ request: RequestDecl?) -> [String] {
        guard let request else { return [] }
        return request.operatorLists.flatMap { $0.1 }.flatMap { $0.arguments.sources.map(\.value) }
    }
}
