import SpecRuntime

/// An action whose work is a stream (`work: { call: api.sendCode, ops: [ { retry: 3 } ] }`,
/// `work: { timer: 1s }`): two hidden nodes, the executions (each one's input) and the pipeline
/// that subscribes to the work per execution, as `flatMap` would; the dataflow pass types it and
/// the action's elements with it. Neither node has a name a spec can read.
extension DeclarationsPass {
    mutating func declareStreamWork(_ action: ActionDecl, _ request: RequestDecl, _ index: Int, elements: Int, errors: Int, input: SpecType) {
        let name = action.name.value
        let range = action.work.range
        let run = cx.addNode(name + ".work.executions", input, .stream, role: .actionWork(index), visible: false, range: range,
                             what: "action executions")
        let work = cx.addNode(name + ".work", .void, .stream, role: .actionWork(index), visible: false, range: range, what: "action work")
        cx.symbols[name + ".work.executions"] = nil
        cx.symbols[name + ".work"] = nil
        cx.edges[run].append(work)
        cx.edges[work].append(elements)
        cx.edges[work].append(errors)
        let flatMap = OperatorDecl(name: "flatMap", arguments: OperatorArgumentsDecl(request: request), range: range)
        let decl = StreamDecl(source: action.trigger ?? Located("", range), operators: [flatMap], range: range)
        out.streams.append(PendingStream(node: work, decl: decl, errors: nil,
                                         action: PendingActionWork(action: index, name: name, inputUnresolved: out.unresolvedInputs.contains(name), run: run,
                                                                   elements: elements, trigger: action.trigger, input: input)))
    }
}
