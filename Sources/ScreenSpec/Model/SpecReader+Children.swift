import SpecRuntime

/// `children:` — view models used by themselves, once or several times on a screen, as RxSwift's
/// `let shipping = AddressFormViewModel(api)` beside `let billing = AddressFormViewModel(api)`:
/// `children: { shipping: AddressForm, billing: { viewModel: AddressForm, params: { kind: '"billing"' } } }`.
/// Each is read as a `cells:` entry marked ``CellsDecl/instance``, its `params:` in `with:`: the
/// cells pass makes it one row that always exists, which the screen reads as a record.
extension SpecReader {
    mutating func readChildren(_ top: [String: YAMLNode], into spec: inout Spec) {
        guard let node = top["children"] else { return }
        for (name, value) in entries(node, of: "children") {
            if let decl = readChild(name, value) { spec.cells.append(decl) } else { spec.unreadable.insert(name.value) }
        }
    }

    private mutating func readChild(_ name: Located<String>, _ node: YAMLNode) -> CellsDecl? {
        // `shipping: AddressForm`: a view model with no parameters.
        if node.mapping == nil {
            guard let model = identifier(node, what: "view model name") else { return nil }
            return CellsDecl(name: name, viewModel: model, source: name, id: nil, instance: true, range: node.range)
        }
        guard let f = fields(node, of: "child '\(name.value)'", allowed: ["viewModel", "params"]) else { return nil }
        guard let modelNode = f["viewModel"] else {
            diagnostics.error(.missingKey, "child '\(name.value)' needs its 'viewModel:'", at: node.range,
                              fixIt: "write '\(name.value): AddressForm', or '{ viewModel: AddressForm, params: { kind: \"billing\" } }'")
            return nil
        }
        guard let model = identifier(modelNode, what: "view model name") else { return nil }
        var decl = CellsDecl(name: name, viewModel: model, source: name, id: nil, instance: true, range: node.range)
        if let params = f["params"] {
            for (paramName, paramValue) in entries(params, of: "params") {
                if let e = expression(paramValue) { decl.with.append((paramName, e)) }
            }
        }
        return decl
    }
}
