import SpecRuntime

/// What a row's view shows is part of the row, as a screen component's bound property is a node
/// of the screen: each property of a row's component bound to a value (`textColor: 'change > 0 ?
/// green : red'`, a literal, or the value a two-way binding shows) is a field of the row named
/// `<component>.<property>` (`priceLabel.textColor`), computed after the row's outputs as one
/// more output (``CellsPlan/Output``). So the timeline prints it with the row, a scenario reads
/// it through the rows as it reads an output (`rows.first?.priceLabel.textColor`,
/// `rows.map(\.priceLabel.textColor)`), coverage counts it and mutation changes it. A row's
/// expressions never read these fields: a row's view reads the row, not itself. They are
/// derived, so no value a spec writes has to give them: the type table keeps where they start
/// (``TypeTable/viewFields``), a row literal may leave them out (ValueReader.swift), an
/// `expect:` compares those it gives and an input carries none (Value+ViewFields.swift).
///
/// The fields are declared before the view is checked, with the type the kind gives the
/// property, so that the value a two-way `set:` reads stays in the field after the row's last
/// (CellsPass+RowStepper.swift). A control's bounds and titles (`minimumValue:`, `segments:`)
/// are settings, not fields.
extension CellsPass {
    /// Declares a field per bound property of `decl`'s view, keyed `<component>.<property>`, with
    /// where the property is written and the values it takes when the kind limits them (a
    /// progress view's `progress`, an `alpha:`).
    mutating func reserveViewFields(_ decl: ViewModelDecl, _ model: inout CheckedViewModel, _ fields: inout [String: (field: Int, type: SpecType)])
        -> [String: ViewField] {
        var reserved: [String: ViewField] = [:]
        for component in decl.view {
            let kind = component.kind.value
            let changed = Self.changedProperty(kind)?.name
            for wiring in component.properties where wiring.value != nil || wiring.initial != nil || wiring.twoWay != nil {
                guard let property = kind.properties.first(where: { $0.name == wiring.name.value }), let type = property.type else { continue }
                // Refused in the view's check (another property than the changed one two-way).
                if wiring.twoWay != nil && property.name != changed { continue }
                let name = component.name.value + "." + property.name
                guard reserved[name] == nil else { continue }  // a component declared twice is reported there
                guard let field = addField(Located(name, wiring.name.range), type, .none, of: decl, to: &model, &fields) else { continue }
                var constraint: ValueConstraint?
                if property.name != changed, case .fixed(let minimum, let maximum)? = property.range {
                    constraint = ValueConstraint(minimum: minimum, maximum: maximum, integral: false)
                }
                reserved[name] = ViewField(field: field, range: wiring.name.range, constraint: constraint)
            }
        }
        return reserved
    }

    /// The outputs computing the reserved fields from the checked components' properties.
    static func viewOutputs(_ components: [CellsPlan.Component], _ reserved: [String: ViewField]) -> [CellsPlan.Output] {
        var outputs: [CellsPlan.Output] = []
        for component in components {
            for property in component.properties {
                guard let field = reserved[component.name + "." + property.name] else { continue }
                outputs.append(CellsPlan.Output(field: field.field, value: property.value, range: field.range, constraint: field.constraint))
            }
        }
        return outputs.sorted { $0.field < $1.field }
    }

    /// A name of the row to show in an example of a fix, one the author wrote: a field of
    /// `type` when the row has one, else any of its state or outputs.
    static func exampleName(of decl: ViewModelDecl, _ scope: [String: (field: Int, type: SpecType)], type: SpecType?) -> String {
        let named = scope.filter { !$0.key.contains(".") }.sorted { $0.value.field < $1.value.field }
        if let type, let match = named.dropFirst().first(where: { $0.value.type == type }) { return match.key }
        return decl.state.first?.name.value ?? decl.outputs.first?.0.value ?? named.first?.key ?? "value"
    }
}

/// A row field that holds a bound property of the row's view (``CellsPass/reserveViewFields(_:_:_:)``).
struct ViewField {
    var field: Int
    var range: SpecRange
    var constraint: ValueConstraint?
}
