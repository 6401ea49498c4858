import ScreenSpec
import SpecRuntime

extension Spec {
    /// Calls `body` on every expression the author wrote outside scenarios, in a fixed order, with
    /// the slot's number and the declaration it belongs to; `body` may change it.
    mutating func rewriteExpressions(_ body: (_ slot: Int, _ declaration: String, inout Expr) -> Void) {
        var slot = 0
        func visit(_ declaration: String, _ e: inout Expr) { body(slot, declaration, &e); slot += 1 }
        func visitArguments(_ declaration: String, _ args: inout [(name: Located<String>, value: Expr)]) {
            for k in args.indices { visit(declaration, &args[k].value) }
        }
        func visitRequest(_ name: String, _ request: inout RequestDecl) {
            visitArguments(name, &request.arguments)
            if var choice = request.choice {
                // Every condition, nested ones too, then each branch after the first, as written.
                for t in choice.tests.indices { visit(name, &choice.tests[t].condition) }
                for b in choice.branches.indices { visitArguments(name, &choice.branches[b].arguments) }
                visitOperators(name, &choice.firstOperators)
                for b in choice.branches.indices { visitOperators(name, &choice.branches[b].operators) }
                request.choice = choice
            }
            visitOperators(name, &request.operators)
        }
        func visitOperators(_ name: String, _ operators: inout [OperatorDecl]) {
            for k in operators.indices {
                for j in operators[k].arguments.expressions.indices { visit(name, &operators[k].arguments.expressions[j]) }
                if var request = operators[k].arguments.request {
                    visitRequest(name, &request)
                    operators[k].arguments.request = request
                }
                if var navigation = operators[k].arguments.navigation {
                    visitArguments(name, &navigation.params)
                    operators[k].arguments.navigation = navigation
                }
            }
        }
        for o in outputs.indices {
            let name = outputs[o].name.value
            switch outputs[o].kind {
            case .derived(var e):
                visit(name, &e)
                outputs[o].kind = .derived(e)
            case .stream(var stream):
                visitOperators(name, &stream.operators)
                outputs[o].kind = .stream(stream)
            }
        }
        for a in actions.indices {
            let name = actions[a].name.value
            if var e = actions[a].enabledIf { visit(name, &e); actions[a].enabledIf = e }
            visitArguments(name, &actions[a].work.arguments)
            if var request = actions[a].work.request {
                visitRequest(name, &request)
                actions[a].work.request = request
            }
        }
        for h in handlers.indices {
            let name = handlers[h].on.value
            // Its `if:` first; a handler without one numbers its slots as before.
            if var e = handlers[h].condition { visit(name, &e); handlers[h].condition = e }
            for k in handlers[h].assignments.indices { visit(name, &handlers[h].assignments[k].value) }
        }
        for c in view.indices {
            let name = view[c].name.value
            for p in view[c].properties.indices {
                if var e = view[c].properties[p].value { visit(name, &e); view[c].properties[p].value = e }
                if var e = view[c].properties[p].get { visit(name, &e); view[c].properties[p].get = e }
                if var e = view[c].properties[p].set { visit(name, &e); view[c].properties[p].set = e }
            }
            // Bounds given by expressions (`maximumValue: Double(duration)`), in the settings' order.
            for setting in view[c].boundExpressions.keys.sorted() {
                guard var e = view[c].boundExpressions[setting] else { continue }
                visit(name, &e)
                view[c].boundExpressions[setting] = e
            }
            // Titles given by expressions (`rows: names`), in the settings' order.
            for setting in view[c].titleExpressions.keys.sorted() {
                guard var e = view[c].titleExpressions[setting] else { continue }
                visit(name, &e)
                view[c].titleExpressions[setting] = e
            }
        }
        for b in bindings.indices {
            guard case .map(var es, let perTarget) = bindings[b].transform else { continue }
            let name = bindings[b].source.value
            for k in es.indices { visit(name, &es[k]) }
            bindings[b].transform = .map(es, perTarget: perTarget)
        }
        // A row view model's outputs, handlers and actions, after everything of the screen so that a spec
        // without rows numbers its slots as before. Named by the `cells:` entry that makes its
        // rows (the name its rows are read by and `equivalentMutants:` gives), or by its own name
        // when no entry uses it.
        for v in viewModels.indices {
            let model = viewModels[v].name.value
            let name = cells.first { $0.viewModel.value == model }?.name.value ?? model
            for k in viewModels[v].outputs.indices { visit(name, &viewModels[v].outputs[k].value) }
            for h in viewModels[v].handlers.indices {
                // Its `if:` first, as a screen handler's; one without numbers its slots as before.
                if var e = viewModels[v].handlers[h].condition { visit(name, &e); viewModels[v].handlers[h].condition = e }
                for k in viewModels[v].handlers[h].assignments.indices { visit(name, &viewModels[v].handlers[h].assignments[k].value) }
            }
            // Its actions' conditions and arguments, after its handlers (slots numbered as before).
            for a in viewModels[v].actions.indices {
                if var e = viewModels[v].actions[a].enabledIf { visit(name, &e); viewModels[v].actions[a].enabledIf = e }
                visitArguments(name, &viewModels[v].actions[a].work.arguments)
                // A row's work written as a stream: its arguments, its choice and its `ops:`.
                if var request = viewModels[v].actions[a].work.request {
                    visitRequest(name, &request)
                    viewModels[v].actions[a].work.request = request
                }
            }
            // Its streams' `ops:`, after its actions (a view model without streams numbers its slots as before).
            for s in viewModels[v].streams.indices { visitOperators(name, &viewModels[v].streams[s].stream.operators) }
            // Its view's expressions, after its actions: what the row shows is part of the row
            // (a field its timeline prints, CellsPass+ViewFields.swift), and its controls'
            // `enabled:` and two-way `get:` and `set:` decide what a gesture on the row does.
            for c in viewModels[v].view.indices {
                for p in viewModels[v].view[c].properties.indices {
                    if var e = viewModels[v].view[c].properties[p].value { visit(name, &e); viewModels[v].view[c].properties[p].value = e }
                    if var e = viewModels[v].view[c].properties[p].get { visit(name, &e); viewModels[v].view[c].properties[p].get = e }
                    if var e = viewModels[v].view[c].properties[p].set { visit(name, &e); viewModels[v].view[c].properties[p].set = e }
                }
            }
        }
        // What each `cells:` entry hands its rows (`with: { isCurrent: "$0.id == currentId" }`),
        // named by the entry; after the view models, so that a spec without `with:` numbers its
        // slots as before.
        for c in cells.indices {
            let name = cells[c].name.value
            for k in cells[c].with.indices { visit(name, &cells[c].with[k].value) }
        }
        // Each function's body, once however many calls inline it, named by the function; last,
        // so that a spec without functions numbers its slots as before.
        for f in functions.indices { visit(functions[f].name.value, &functions[f].body) }
    }
}
