import ScreenSpec
import SpecRuntime

/// The inputs of the rows of `cells:` entries, as members of the entries' groups.
extension ShapeBuilder {
    /// `groups` with each `cells:` and `children:` entry's row inputs (``ScreenShape/RowInput``) and row actions
    /// (``ScreenShape/RowAction``) in the entry's group. An input whose stream became no member (its name is no Swift name: reported
    /// already) gets none either.
    func withRowInputs(_ groups: [ScreenShape.Group]) -> [ScreenShape.Group] {
        var groups = groups
        for plan in spec.cells {
            guard let g = groups.firstIndex(where: { $0.specName == plan.name }),
                  let (field, identity) = identityField(of: plan) else { continue }
            // The streams a row's action feeds (`settings.save.errors`) are read, never sent.
            for (i, input) in plan.inputs.enumerated() where !plan.isActionStream(i) {
                let specName = plan.name + "." + input.name
                guard let member = groups[g].children.first(where: { $0.specName == specName }) else { continue }
                groups[g].rowInputs.append(.init(
                    specName: specName, swiftName: member.swiftName, identityField: field, identity: swiftType(identity),
                    identitySpecType: identity.description, valueSpecType: input.type.description,
                    value: input.type == .void ? nil : swiftType(input.type), isChild: plan.instance != nil))
                // A child's event is a method that takes nothing, `shipping.clear()`, which a
                // property of the same name (the latest child it fired with) would redeclare in
                // Swift: the child is `shipping.value`, and the stream is left out.
                if plan.instance != nil, input.type == .void { groups[g].children.removeAll { $0.specName == specName } }
            }
            for action in plan.actions ?? [] where plan.inputs.indices.contains(action.trigger) {
                guard let member = SwiftNames.type(action.name) else { continue }
                let input = plan.inputs[action.trigger].type
                groups[g].rowActions.append(.init(
                    specName: plan.name + "." + action.name, swiftName: "execute" + member, identityField: field, identity: swiftType(identity),
                    identitySpecType: identity.description, inputSpecType: input.description, input: input == .void ? nil : swiftType(input),
                    isChild: plan.instance != nil))
            }
        }
        return groups
    }

    /// The `id:` field of the entry's elements and its type.
    private func identityField(of plan: CellsPlan) -> (String, SpecType)? {
        var list = spec.nodes[plan.source].type
        if case .optional(let wrapped) = list { list = wrapped }
        guard case .list(.record(let element)) = list, let fields = spec.types.records[element], plan.key < fields.count else { return nil }
        return (fields[plan.key].name, fields[plan.key].type)
    }
}
