extension CellsPlan {
    /// Whether `field` holds a bound property of the row's view (`priceLabel.textColor`, see
    /// ``Output``) rather than an output of the view model.
    package func isViewField(_ field: Int) -> Bool {
        guard fieldNames.indices.contains(field), let view else { return false }
        let name = fieldNames[field]
        return view.contains { component in component.properties.contains { name == component.name + "." + $0.name } }
            && outputs.contains { $0.field == field }
    }

    /// Whether property `property` of component `component` is a field of the row (a program
    /// compiled before a row's view was part of the row has none).
    package func hasViewField(_ component: String, _ property: String) -> Bool {
        let name = component + "." + property
        guard let field = fieldNames.firstIndex(of: name) else { return false }
        return outputs.contains { $0.field == field }
    }
}
