import ScreenSpec
import SpecRuntime

/// Makes every mutant of a spec, in source order, from ``MutationCatalog``: expression
/// mutations in every expression outside scenarios, operator mutations of stream outputs, an
/// `enabledIf` dropped, a row of a binding's `table:` removed, a service's or a result's latency halved and
/// doubled, a failure turned to success and a success to a failure.
enum MutantGenerator {
    static func mutants(of draft: SpecDraft) -> [Mutant] {
        var out: [Mutant] = []
        let spec = draft.spec
        func text(_ e: Expr) -> String { draft.text(e.range) }

        var scratch = spec
        scratch.rewriteExpressions { slot, declaration, expr in
            let nodes = expr.preorder()
            let parents = expr.preorderParents()
            for (index, node) in nodes.enumerated() {
                for mutation in MutationCatalog.expressionMutations {
                    for variant in mutation(node, text) {
                        // A constant reads in its comparison: `email.count >= 10 -> email.count >= 3`.
                        var change = "\(text(node)) -> \(variant.text)"
                        if let p = parents[index], case .binary(let op, let a, let b) = nodes[p].kind, node.isConstant {
                            let left = a.range == node.range ? variant.text : text(a)
                            let right = a.range == node.range ? text(b) : variant.text
                            change = "\(text(nodes[p])) -> \(left) \(op.rawValue) \(right)"
                        }
                        out.append(Mutant(declaration: declaration, change: change, range: node.range,
                                          edit: .expression(slot: slot, node: index, replacement: variant.replacement)))
                    }
                }
            }
        }
        // Each variant of an operator, made a change of the model by `edit`.
        func operatorMutants(_ op: OperatorDecl, in declaration: String, _ edit: (MutationCatalog.OperatorEdit) -> MutationEdit) {
            for (variant, change) in MutationCatalog.operatorVariants(op) {
                out.append(Mutant(declaration: declaration, change: change, range: op.range, edit: edit(variant)))
            }
        }
        for (o, output) in spec.outputs.enumerated() {
            guard case .stream(let stream) = output.kind else { continue }
            for (k, op) in stream.operators.enumerated() {
                operatorMutants(op, in: output.name.value) {
                    switch $0 {
                    case .remove: .removeOperator(output: o, op: k)
                    case .replace(let replacement): .replaceOperator(output: o, op: k, replacement)
                    }
                }
                // A request's own `ops:` (an inner `takeUntil: cancel` dropped is killed by a scenario
                // that cancels), and those of a choice's branches.
                for (list, innerOps) in op.arguments.request?.operatorLists ?? [] {
                    for (j, innerOp) in innerOps.enumerated() {
                        operatorMutants(innerOp, in: output.name.value) {
                            switch $0 {
                            case .remove: .removeInnerOperator(output: o, op: k, list: list, inner: j)
                            case .replace(let replacement): .replaceInnerOperator(output: o, op: k, list: list, inner: j, replacement)
                            }
                        }
                        // A request nested there: its own `ops:` (MutantGenerator+Nested.swift).
                        for (nestedList, nestedOps) in innerOp.arguments.request?.operatorLists ?? [] {
                            for (n, nestedOp) in nestedOps.enumerated() {
                                operatorMutants(nestedOp, in: output.name.value) {
                                    MutationEdit.nested($0, output: o, op: k, list: list, inner: j, nestedList: nestedList, nested: n)
                                }
                            }
                        }
                    }
                }
            }
        }
        // The `ops:` of an action's work written as a stream (a `retry` dropped is killed by a
        // scenario whose first call fails).
        for (a, action) in spec.actions.enumerated() {
            for (list, ops) in action.work.request?.operatorLists ?? [] {
                for (j, op) in ops.enumerated() {
                    operatorMutants(op, in: action.name.value) {
                        switch $0 {
                        case .remove: .removeWorkOperator(action: a, list: list, inner: j)
                        case .replace(let replacement): .replaceWorkOperator(action: a, list: list, inner: j, replacement)
                        }
                    }
                }
            }
        }
        // The same of a row's action (declared for the `cells:` entry that shows it, as its
        // expressions are).
        for (v, model) in spec.viewModels.enumerated() {
            let name = spec.cells.first { $0.viewModel.value == model.name.value }?.name.value ?? model.name.value
            for (a, action) in model.actions.enumerated() {
                for (list, ops) in action.work.request?.operatorLists ?? [] {
                    for (j, op) in ops.enumerated() {
                        operatorMutants(op, in: name) {
                            switch $0 {
                            case .remove: .removeRowWorkOperator(viewModel: v, action: a, list: list, inner: j)
                            case .replace(let replacement): .replaceRowWorkOperator(viewModel: v, action: a, list: list, inner: j, replacement)
                            }
                        }
                    }
                }
            }
            // A row's stream's `ops:` (a `debounce` dropped is killed by a scenario that types twice).
            for (s, stream) in model.streams.enumerated() {
                for (j, op) in stream.stream.operators.enumerated() {
                    operatorMutants(op, in: name) {
                        switch $0 {
                        case .remove: .removeRowStreamOperator(viewModel: v, stream: s, op: j)
                        case .replace(let replacement): .replaceRowStreamOperator(viewModel: v, stream: s, op: j, replacement)
                        }
                    }
                }
            }
        }
        for (a, action) in spec.actions.enumerated() {
            guard let condition = action.enabledIf else { continue }
            out.append(Mutant(declaration: action.name.value, change: "enabledIf: \(text(condition)) -> (removed)", range: condition.range,
                              edit: .dropEnabledIf(action: a)))
        }
        for (b, binding) in spec.bindings.enumerated() {
            guard case .table(let rows, _, _) = binding.transform else { continue }
            for (k, row) in rows.enumerated() {
                out.append(Mutant(declaration: binding.source.value,
                                  change: "table row \(draft.text(row.key.range)): \(draft.text(row.value.range)) -> (removed)",
                                  range: row.key.range, edit: .removeTableRow(binding: b, row: k)))
            }
        }
        for (s, service) in spec.services.enumerated() {
            out += serviceMutants(s, service, draft)
        }
        // Each change on one line, as the report prints it and a mark quotes it.
        for i in out.indices { out[i].change = MutantChangeText.oneLine(out[i].change) }
        // Source order; equal places keep the order they were made in.
        return out.enumerated().sorted { a, b in
            (a.element.range.start, a.offset) < (b.element.range.start, b.offset)
        }.map(\.element)
    }

    private static func serviceMutants(_ s: Int, _ service: ServiceDecl, _ draft: SpecDraft) -> [Mutant] {
        var out: [Mutant] = []
        let name = service.name.value
        if let latency = service.latency, latency.value > 0 {
            for changed in [latency.value / 2, latency.value * 2] where latency.value <= Int.max / 2 {
                out.append(Mutant(declaration: name, change: "latency: \(MutationCatalog.durationText(latency.value)) -> \(MutationCatalog.durationText(changed))",
                                  range: latency.range, edit: .serviceLatency(service: s, changed)))
            }
        }
        // A success any failure can become: the service's first success, or `()` for Void.
        let results = service.results + service.cases.map(\.result)
        let success: YAMLNode? = results.lazy.compactMap { r -> YAMLNode? in
            if case .value(let v) = r.kind { return v } else { return nil }
        }.first ?? (service.returns.value == "Void" ? YAMLNode(.scalar(.init(value: "()", style: .plain)), range: service.range) : nil)
        let unknown = YAMLNode(.scalar(.init(value: "unknown", style: .plain)), range: service.range)
        func variants(_ result: ResultDecl, _ r: Int, _ c: Int) {
            if let latency = result.latency, latency.value > 0, latency.value <= Int.max / 2 {
                for changed in [latency.value / 2, latency.value * 2] {
                    out.append(Mutant(declaration: name,
                                      change: "latency: \(MutationCatalog.durationText(latency.value)) -> \(MutationCatalog.durationText(changed))",
                                      range: latency.range, edit: .resultLatency(service: s, result: r, case: c, changed)))
                }
            }
            switch result.kind {
            case .failure(let node):
                guard let success else { return }
                out.append(Mutant(declaration: name, change: "fails: \(draft.text(node.range)) -> succeeds", range: result.range,
                                  edit: .replaceResult(service: s, result: r, case: c, .value(success))))
            case .sequence:
                out.append(Mutant(declaration: name, change: "sequence -> fails: unknown", range: result.range,
                                  edit: .replaceResult(service: s, result: r, case: c, .failure(unknown))))
            case .echo(let parameter):
                out.append(Mutant(declaration: name, change: "echo: \(parameter.value) -> fails: unknown", range: result.range,
                                  edit: .replaceResult(service: s, result: r, case: c, .failure(unknown))))
            case .value(let node):
                let written = draft.text(node.range)
                out.append(Mutant(declaration: name, change: "result \(written.isEmpty ? "()" : written) -> fails: unknown", range: result.range,
                                  edit: .replaceResult(service: s, result: r, case: c, .failure(unknown))))
            }
        }
        for (r, result) in service.results.enumerated() { variants(result, r, -1) }
        for (c, decl) in service.cases.enumerated() { variants(decl.result, 0, c) }
        if service.results.isEmpty && service.cases.isEmpty {
            out.append(Mutant(declaration: name, change: "succeeds -> fails: unknown", range: service.name.range,
                              edit: .addResult(service: s, ResultDecl(kind: .failure(unknown), latency: nil, range: service.name.range))))
        }
        return out
    }
}
