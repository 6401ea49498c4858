import SpecRuntime

/// A row state's first value read from the row's element and position (`liked: { type: Bool,
/// initial: photo.liked }`), as a cell view model's `init(photo:)` sets `self.isLiked =
/// photo.liked`: an expression over the element, `index` and `count`, computed when the row is
/// made (``CellsPlan/StateInitial``). A row kept by identity keeps its state. The rest of the
/// row (its inputs, state, outputs and actions) has no value yet then.
extension CellsPass {
    /// The first value of row state `state` of type `type`: a value (`initial: 1`, `initial:
    /// title` for a `String`), or an expression over `madeWith` (the element and position
    /// fields); nil when it is wrong (reported). The reading is the screen state's
    /// (``InitialReading``): a path from a name nearly the element's (`phto.title`) is reported.
    mutating func rowStateInitial(_ state: StateDecl, _ type: SpecType, of decl: ViewModelDecl,
                                  madeWith: [String: (field: Int, type: SpecType)]) -> (value: Value?, expression: TypedExpr?)? {
        let later = Self.laterNames(decl)
        let reading = InitialReading.of(state.firstValue, type, readable: Set(madeWith.keys), declared: { later[$0] != nil },
                                        readsAsValue: {
                                            var quiet = cx.diagnostics.scratch
                                            return values.read(state.initial, as: type, diagnostics: &quiet) != nil
                                        },
                                        didYouMean: { cx.diagnostics.didYouMean($0, in: $1) })
        switch reading {
        case .value:
            guard let value = values.read(state.initial, as: type, diagnostics: &cx.diagnostics) else { return nil }
            return (value, nil)
        case .misspelt(let name, let range, let suggestion):
            InitialReading.reportMisspelt(name, range, suggestion, of: state.firstValue, type, reading: "the row's element or position", into: &cx.diagnostics)
            return nil
        case .expression(let expr):
            var ok = true
            for (name, range) in InitialReading.names(in: expr) where madeWith[name] == nil {
                guard let kind = later[name] else { continue }
                cx.diagnostics.error(.noCurrentValue,
                                     "a row state's 'initial:' is computed when the row is made, from its element and position; '\(name)' is \(kind) of the row, which has no value yet then",
                                     at: range,
                                     notes: [DiagnosticNote("to follow another value of the row, set the state in a handler or make it an output")])
                ok = false
            }
            guard ok else { return nil }
            var checker = rowChecker(madeWith)
            let typed = checker.check(expr, expecting: type)
            cx.diagnostics = checker.diagnostics
            guard let typed else { return nil }
            return (nil, typed)
        }
    }

    /// The names of `decl` that have no value when a row is made, with what each is.
    static func laterNames(_ decl: ViewModelDecl) -> [String: String] {
        var names: [String: String] = [:]
        for input in decl.inputs { names[input.name.value] = "an input" }
        for state in decl.state { names[state.name.value] = "state" }
        for output in decl.outputs { names[output.name.value] = "an output" }
        for action in decl.actions { names[action.name.value] = "an action" }
        return names
    }
}
