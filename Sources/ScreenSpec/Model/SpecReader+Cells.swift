import SpecRuntime

/// `viewModels:` and `cells:` (see CellsDecl.swift).
extension SpecReader {
    mutating func readCells(_ top: [String: YAMLNode], into spec: inout Spec) {
        if let node = top["viewModels"] {
            for (name, value) in entries(node, of: "viewModels") {
                if let decl = readViewModel(name, value) { spec.viewModels.append(decl) }
            }
        }
        if let node = top["cells"] {
            for (name, value) in entries(node, of: "cells") {
                if let decl = readCellsEntry(name, value) { spec.cells.append(decl) } else { spec.unreadable.insert(name.value) }
            }
        }
        readChildren(top, into: &spec)
    }

    private mutating func readViewModel(_ name: Located<String>, _ node: YAMLNode) -> ViewModelDecl? {
        guard let f = fields(node, of: "view model '\(name.value)'", allowed: ["params", "inputs", "state", "outputs", "handlers", "actions", "view"]) else { return nil }
        var decl = ViewModelDecl(name: name, params: [], range: node.range)
        if let params = f["params"] {
            for (param, value) in entries(params, of: "params") {
                if let type = typeName(value) { decl.params.append(ParamDecl(name: param, type: type)) }
            }
        }
        // Its element first; then its position, `index` and `count`, which the cells pass checks.
        // A view model used by itself (`children:`) may have none: the cells pass asks for the
        // element when `cells:` makes rows of it.
        if let inputs = f["inputs"] {
            for (input, value) in entries(inputs, of: "inputs") {
                if let d = readInput(input, value) { decl.inputs.append(d) }
            }
        }
        if let state = f["state"] {
            for (entry, value) in entries(state, of: "state") {
                if let d = readState(entry, value) { decl.state.append(d) }
            }
        }
        if let outputs = f["outputs"] {
            for (output, value) in entries(outputs, of: "outputs") {
                // `{ value: … }` is the expression; another mapping is a stream of the row (SpecReader+RowStreams.swift).
                if let mapping = value.mapping, mapping.contains(where: { $0.key.string == "value" }) {
                    if let e = readRowValue(output, value) { decl.outputs.append((output, e)) }
                    continue
                }
                if value.mapping != nil {
                    if let stream = readRowStream(output, value) { decl.streams.append((output, stream)) }
                    continue
                }
                if let e = expression(value) { decl.outputs.append((output, e)) }
            }
        }
        if let handlers = f["handlers"] { decl.handlers = list(handlers, of: "handlers").compactMap { readHandler($0) } }
        if let actions = f["actions"] {
            for (action, value) in entries(actions, of: "actions") {
                if let d = readAction(action, value) { decl.actions.append(d) }
            }
        }
        if let view = f["view"] {
            for (component, value) in entries(view, of: "view") {
                if let d = readComponent(component, value) { decl.view.append(d) }
            }
        }
        return decl
    }

    private mutating func readCellsEntry(_ name: Located<String>, _ node: YAMLNode) -> CellsDecl? {
        guard let f = fields(node, of: "cells '\(name.value)'", allowed: ["viewModel", "for", "id", "with"]) else { return nil }
        guard let modelNode = f["viewModel"], let forNode = f["for"] else {
            diagnostics.error(.missingKey, "cells '\(name.value)' need a 'viewModel:' and the list they are 'for:'", at: node.range,
                              fixIt: "write '{ viewModel: CartRow, for: items }'")
            return nil
        }
        guard let model = identifier(modelNode, what: "view model name"), let source = identifier(forNode, what: "list name", allowDots: true) else { return nil }
        var id: Located<String>?
        if let idNode = f["id"] {
            guard let field = identifier(idNode, what: "field name") else { return nil }
            id = field
        }
        var decl = CellsDecl(name: name, viewModel: model, source: source, id: id, range: node.range)
        if let with = f["with"] {
            for (paramName, paramValue) in entries(with, of: "with") {
                if let e = expression(paramValue) { decl.with.append((paramName, e)) }
            }
        }
        return decl
    }
}
