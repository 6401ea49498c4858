import SpecRuntime

/// A row's position: the parameters of a view model after its element, `index: Int` (the row's
/// offset in the list, `indexPath.row`, from 0) and `count: Int` (how many rows the list has),
/// as an RxSwift cell view model is built with `RowViewModel(item: item, index: indexPath.row,
/// count: items.count)`. `cells:` fills them (``CellsPlan/Position``); they are fields of the
/// row, read by its outputs, view, handlers and actions, and by the screen through a row
/// (`upNext.moveUp.index`); no handler sets them.
extension CellsPass {
    /// The names a parameter after the element may have, and what each holds.
    static let positionParameters: [String: String] = [
        "index": "the row's offset in the list, from 0",
        "count": "how many rows the list has",
    ]

    /// Declares the view model's position parameters as fields after its element; nil when it
    /// declares none. A parameter of another name or type is reported, with its fix.
    mutating func declarePosition(_ decl: ViewModelDecl, to model: inout CheckedViewModel,
                                  _ fields: inout [String: (field: Int, type: SpecType)]) -> CellsPlan.Position? {
        var position = CellsPlan.Position(index: nil, count: nil)
        for param in decl.params.dropFirst() {
            guard let meaning = Self.positionParameters[param.name.value] else {
                // Another parameter is one the screen hands the row (`cells:`' `with:`).
                guard let type = resolver.resolve(param.type, diagnostics: &cx.diagnostics) else { continue }
                guard let field = addField(param.name, type, .none, of: decl, to: &model, &fields) else { continue }
                model.given.append((param.name, type, field))
                continue
            }
            guard let type = resolver.resolve(param.type, diagnostics: &cx.diagnostics) else { continue }
            guard type == .int else {
                cx.diagnostics.error(.typeMismatch, "'\(param.name.value)' is \(meaning), an 'Int'; found '\(type)'", at: param.type.range,
                                     fixIt: "write '\(param.name.value): Int'")
                continue
            }
            guard let field = addField(param.name, .int, .int(0), of: decl, to: &model, &fields) else { continue }
            if param.name.value == "index" { position.index = field } else { position.count = field }
        }
        return position.fields.isEmpty ? nil : position
    }
}
