import SpecRuntime

/// A view model used by itself (`children:`), as RxSwift's `let shipping =
/// AddressFormViewModel(api)`: one row that always exists. It is a `cells:` entry whose list is
/// a hidden state of one element, its instance, so that the engine and the tools run it as
/// they run rows; the screen reads it through a derived node of its name, the row itself
/// (`shipping.valid`, never optional), and its inputs are streams of the screen
/// (`shipping.postcode`), as a row's are. Its parameters are all given, by `params:` (the
/// entry's `with:`), expressions over the screen's names.
extension CellsPass {
    /// The record type of an instance's element: its one field, `id`, is 0. No spec can write
    /// the name, so it clashes with nothing.
    static func instanceElementType(_ model: String) -> String { model + "$Instance" }

    /// The name of an instance's element in its row, field 0, which no spec can write either.
    static let instanceField = "$instance"

    /// The identity of an instance's one row.
    static let instanceRow = Value.int(0)

    /// Whether `type` is the element of a view model used by itself.
    static func isInstanceElement(_ type: SpecType) -> Bool {
        if case .record(let name) = type { name.hasSuffix("$Instance") } else { false }
    }

    /// The view models checked as used by themselves: those `children:` uses and no `cells:`
    /// entry makes rows of, and those used by nothing yet whose first parameter is no record (or
    /// that have none), which no list could make rows of. One that `cells:` makes rows of is
    /// checked as a row's, and its uses under `children:` are refused (``refusesRowModel(_:_:)``).
    func standaloneModels() -> Set<String> {
        let rows = Set(spec.cells.filter { !$0.instance }.map(\.viewModel.value))
        let children = Set(spec.cells.filter(\.instance).map(\.viewModel.value))
        var quiet = cx.diagnostics.scratch
        let unused = spec.viewModels.filter { decl in
            guard !rows.contains(decl.name.value), !children.contains(decl.name.value) else { return false }
            guard let first = decl.params.first else { return true }
            if case .record? = resolver.resolve(first.type, diagnostics: &quiet) { return false }
            return true
        }
        return children.subtracting(rows).union(unused.map(\.name.value))
    }

    /// Declares the element of view model `decl` used by itself: a record of one field, `id`.
    mutating func declareInstanceElement(_ decl: ViewModelDecl) -> (name: Located<String>, type: SpecType) {
        let type = Self.instanceElementType(decl.name.value)
        cx.table.records[type] = [(name: "id", type: .int)]
        return (Located(Self.instanceField, decl.name.range), .record(type))
    }

    /// The parameters of a view model used by itself, all given by its instances' `params:`: a
    /// field each, which no handler sets. It has no position: `index` and `count` are refused.
    mutating func declareInstanceParams(_ decl: ViewModelDecl, to model: inout CheckedViewModel,
                                        _ fields: inout [String: (field: Int, type: SpecType)]) {
        for param in decl.params {
            if let meaning = Self.positionParameters[param.name.value] {
                cx.diagnostics.error(.unknownParam, "'\(param.name.value)' is \(meaning), but view model '\(decl.name.value)' is used by itself under 'children:', in no list",
                                     at: param.name.range, fixIt: "rename the parameter and give it in the child's 'params:'")
                continue
            }
            guard let type = resolver.resolve(param.type, diagnostics: &cx.diagnostics) else { continue }
            guard let field = addField(param.name, type, .none, of: decl, to: &model, &fields) else { continue }
            model.given.append((param.name, type, field))
        }
    }

    /// Whether child `decl` is refused because `cells:` makes rows of its view model (reported):
    /// a view model is a row's or used by itself, not both.
    mutating func refusesRowModel(_ decl: CellsDecl, _ model: CheckedViewModel) -> Bool {
        guard !Self.isInstanceElement(model.element) else { return false }
        let rows = spec.cells.first { !$0.instance && $0.viewModel.value == decl.viewModel.value }
        cx.diagnostics.error(.typeMismatch, "view model '\(decl.viewModel.value)' makes the rows of 'cells \(rows?.name.value ?? "")', so it is not also used by itself",
                             at: decl.viewModel.range,
                             notes: [DiagnosticNote("a row's view model takes its element first; one used by itself takes only what its 'params:' give")],
                             fixIt: "declare a view model of its own for 'children \(decl.name.value)'")
        poison(decl, model)
        return true
    }

    /// Whether `cells:` entry `decl` is refused because its view model is used by itself (never:
    /// such a view model is checked as a row's, ``standaloneModels()``); kept so that each entry
    /// is checked against the mode its view model was checked in.
    mutating func refusesStandaloneModel(_ decl: CellsDecl, _ model: CheckedViewModel) -> Bool {
        guard Self.isInstanceElement(model.element) else { return false }
        poison(decl, model)
        return true
    }

    private mutating func poison(_ decl: CellsDecl, _ model: CheckedViewModel) {
        cx.poisoned.insert(decl.name.value)
        for input in model.inputs { cx.poisoned.insert(decl.name.value + "." + input.name) }
    }

    /// Child `decl`'s nodes: the hidden list of its one element, the hidden node of its rows,
    /// the node of its name (the row, read by the screen) and a stream per input of its view
    /// model (`shipping.postcode`, firing with the row).
    mutating func declareInstance(_ decl: CellsDecl, _ model: CheckedViewModel) -> DeclaredCells? {
        guard case .record(let elementType) = model.element else { return nil }
        let names = [decl.name.value] + model.inputs.map { decl.name.value + "." + $0.name }
        for name in names {
            guard let clash = cx.symbols[name] else { continue }
            let line = cx.nodes.indices.contains(clash.node) ? cx.nodes[clash.node].range.start.line : 0
            cx.diagnostics.error(.duplicateName, "'\(name)' is declared twice: view model '\(model.name)' used by itself under 'children:', and \(withArticle(clash.what)) at line \(line)",
                                 at: decl.name.range, fixIt: "rename one of them")
            cx.poisoned.insert(decl.name.value)
            return nil
        }
        let element = Value.record(RecordValue(type: elementType, fieldNames: ["id"], fields: [Self.instanceRow]))
        let source = cx.addNode(decl.name.value + "$instance", .list(model.element), .state(initial: .list([element])), role: .state,
                                visible: false, range: decl.name.range, what: "view model used by itself")
        let rows = cx.addNode(decl.name.value + "$rows", .list(.record(model.name)), .state(initial: .list([])), role: .output, visible: false,
                              range: decl.name.range, what: "view model used by itself")
        cx.edges[source].append(rows)
        // The row, which always exists: `first` is never nil here, so the read is no optional.
        let node = cx.addNode(decl.name.value, .record(model.name), .derived(.member(.node(rows), .listFirst, chained: false)), role: .output,
                              visible: true, range: decl.name.range, what: "view model used by itself")
        cx.edges[rows].append(node)
        var inputNodes: [Int] = []
        for (k, input) in model.inputs.enumerated() {
            let n = cx.addNode(decl.name.value + "." + input.name, .record(model.name), .stream, role: .output, visible: true,
                               range: decl.name.range,
                               what: model.actionOfInput[k] != nil ? "action stream of a child" : model.streamOfInput[k] != nil ? "stream of a child" : "child's input")
            cx.edges[n].append(rows)
            if input.field != nil { cx.firedFields[decl.name.value + "." + input.name] = (input.name, input.type) }
            inputNodes.append(n)
        }
        return DeclaredCells(decl: decl, model: model, node: rows, inputNodes: inputNodes, key: 0, source: source)
    }
}
