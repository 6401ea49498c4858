@_spi(Engine) import SpecProgram

/// A `cells:` entry compiled once with its program: each row output's expression, and per input
/// the writes its handlers make (see `ScreenGraph+Cells.swift`, ``CellsPlan``).
struct CompiledCells {
    /// A handler of the view model: its target fields and their compiled values.
    struct Handler {
        let targets: [Int]
        let values: [CompiledExpr]
    }

    let outputs: [(field: Int, value: CompiledExpr)]
    /// Per input of the view model, its handlers in declaration order.
    let handlers: [[Handler]]

    init(_ plan: CellsPlan, instrumentation: (any ScreenInstrumentation)?) {
        outputs = plan.outputs.map { ($0.field, ExpressionCompiler.compile($0.value, instrumentation: instrumentation)) }
        var handlers = [[Handler]](repeating: [], count: plan.inputs.count)
        for handler in plan.handlers where handlers.indices.contains(handler.input) {
            handlers[handler.input].append(Handler(targets: handler.targets,
                                                   values: handler.values.map { ExpressionCompiler.compile($0, instrumentation: instrumentation) }))
        }
        self.handlers = handlers
    }
}
