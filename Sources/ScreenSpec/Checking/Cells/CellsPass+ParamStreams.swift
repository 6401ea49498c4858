import SpecRuntime

/// A parameter the screen gives a row read as a stream (``CellsPlan/ParamStream``): a view model
/// whose stream output starts from a parameter (`countdown: { stream: isCurrent, … }`), whose
/// handler is `on:` it, whose action is triggered by it or whose work's `ops:` listen to it
/// (`takeUntil: isCurrent`) has it as an input after its own, with the parameter's field, which
/// no step and no gesture sends to; the screen hears it as `<cells>.<param>`, firing with the row.
extension CellsPass {
    /// Declares an input for each given parameter of `model` that `decl` names as a stream.
    mutating func declareParamStreams(_ decl: ViewModelDecl, _ model: inout CheckedViewModel) {
        for param in model.given {
            let name = param.name.value
            guard decl.namesAsStream(name), !model.inputs.contains(where: { $0.name == name }) else { continue }
            model.inputs.append((name, param.type, param.field))
            model.paramStreams.append(CellsPlan.ParamStream(input: model.inputs.count - 1, field: param.field))
        }
    }
}
