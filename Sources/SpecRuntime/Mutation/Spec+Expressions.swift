import ScreenSpec

extension Spec {
    /// Calls `body` on every expression the author wrote outside scenarios, in a fixed order, with
    /// the slot's number and the declaration it belongs to; `body` may change it.
    mutating func rewriteExpressions(_ body: (_ slot: Int, _ declaration: String, inout Expr) -> Void) {
        var slot = 0
        func visit(_ declaration: String, _ e: inout Expr) { body(slot, declaration, &e); slot += 1 }
        func visitArguments(_ declaration: String, _ args: inout [(name: Located<String>, value: Expr)]) {
            for k in args.indices { visit(declaration, &args[k].value) }
        }
        for o in outputs.indices {
            let name = outputs[o].name.value
            switch outputs[o].kind {
            case .derived(var e):
                visit(name, &e)
                outputs[o].kind = .derived(e)
            case .stream(var stream):
                for k in stream.operators.indices {
                    switch stream.operators[k].kind {
                    case .map(var e): visit(name, &e); stream.operators[k].kind = .map(e)
                    case .filter(var e): visit(name, &e); stream.operators[k].kind = .filter(e)
                    case .catchError(var e): visit(name, &e); stream.operators[k].kind = .catchError(e)
                    case .startWith(var es):
                        for j in es.indices { visit(name, &es[j]) }
                        stream.operators[k].kind = .startWith(es)
                    case .scan(var seed, var acc):
                        visit(name, &seed); visit(name, &acc)
                        stream.operators[k].kind = .scan(seed: seed, accumulator: acc)
                    case .combineLatest(let other, var combine):
                        if var e = combine { visit(name, &e); combine = e }
                        stream.operators[k].kind = .combineLatest(with: other, combine: combine)
                    case .withLatestFrom(let other, var combine):
                        if var e = combine { visit(name, &e); combine = e }
                        stream.operators[k].kind = .withLatestFrom(other, combine: combine)
                    case .flatMapLatest(var request):
                        visitArguments(name, &request.arguments)
                        stream.operators[k].kind = .flatMapLatest(request)
                    case .flatMap(var request):
                        visitArguments(name, &request.arguments)
                        stream.operators[k].kind = .flatMap(request)
                    case .navigate(var navigate):
                        visitArguments(name, &navigate.params)
                        stream.operators[k].kind = .navigate(navigate)
                    case .distinctUntilChanged, .skip, .take, .merge, .sample, .debounce, .throttle, .delay: break
                    }
                }
                outputs[o].kind = .stream(stream)
            }
        }
        for a in actions.indices {
            let name = actions[a].name.value
            if var e = actions[a].enabledIf { visit(name, &e); actions[a].enabledIf = e }
            visitArguments(name, &actions[a].work.arguments)
        }
        for h in handlers.indices {
            let name = handlers[h].on.value
            for k in handlers[h].assignments.indices { visit(name, &handlers[h].assignments[k].value) }
        }
        for c in view.indices {
            let name = view[c].name.value
            for p in view[c].properties.indices {
                if var e = view[c].properties[p].value { visit(name, &e); view[c].properties[p].value = e }
                if var e = view[c].properties[p].get { visit(name, &e); view[c].properties[p].get = e }
                if var e = view[c].properties[p].set { visit(name, &e); view[c].properties[p].set = e }
            }
        }
        for b in bindings.indices {
            guard case .map(var es, let perTarget) = bindings[b].transform else { continue }
            let name = bindings[b].source.value
            for k in es.indices { visit(name, &es[k]) }
            bindings[b].transform = .map(es, perTarget: perTarget)
        }
    }
}
