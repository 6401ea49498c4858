import ScreenSpec
import SpecRuntime

/// Where a name the generator refuses is written: the key that declares it, found in the spec's
/// YAML by its path (`viewModels` › `Row` › `inputs` › `self`), so that a row's input, field or
/// action is reported at its own declaration, not at the `cells:` entry that makes its stream.
extension ShapeBuilder {
    /// The sections of a view model whose keys become fields, inputs or actions of its rows.
    static let viewModelSections = ["params", "inputs", "state", "outputs", "actions"]

    /// Where the key at `path` is written (each element a mapping key under the one before); nil
    /// when the file has no such key.
    func locate(key path: [String]) -> SpecRange? {
        var diagnostics = DiagnosticBag()
        guard var node = YAMLParser.parse(source, diagnostics: &diagnostics) else { return nil }
        var found: SpecRange?
        for segment in path {
            guard let entry = node.mapping?.first(where: { $0.key.string == segment }) else { return nil }
            found = entry.key.range
            node = entry.value
        }
        return found
    }

    /// Where `name` is declared in the view model `model`: under its params, inputs, state,
    /// outputs or actions.
    func locate(_ name: String, inViewModel model: String) -> SpecRange? {
        for section in Self.viewModelSections {
            if let range = locate(key: ["viewModels", model, section, name]) { return range }
        }
        return nil
    }

    /// Where a field of the record `record` is declared: under `types:`, or, for the record of a
    /// view model's rows, under the view model.
    func locate(field: String, ofRecord record: String) -> SpecRange {
        locate(key: ["types", record, field]) ?? locate(field, inViewModel: record) ?? locate(field)
    }

    /// Where the member `specName` of the screen is declared: a row's input or action
    /// (`rows.open`, `settings.save.errors`) under its view model, anything else at `fallback`.
    func locate(member specName: String, fallback: SpecRange) -> SpecRange {
        let segments = specName.split(separator: ".").map(String.init)
        guard segments.count > 1, let plan = spec.cells.first(where: { $0.name == segments[0] }) else { return fallback }
        return locate(segments[1], inViewModel: plan.model) ?? fallback
    }

    /// Where `text` (a name, quoted or not) is first written as a key in the spec; its first line
    /// when it is not found.
    func locate(_ text: String) -> SpecRange {
        let name = text.split(separator: "'").count > 1 ? String(text.split(separator: "'")[1]) : text
        for (i, line) in source.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "-" }
            if trimmed.hasPrefix(name + ":") || trimmed.hasPrefix("\"\(name)\":") || trimmed.hasPrefix("- " + name) {
                let column = line.count - trimmed.count + 1
                return SpecRange(file: source.path, at: SpecLocation(line: i + 1, column: column), length: name.count)
            }
        }
        for (i, line) in source.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let found = line.range(of: name) {
                let column = line.distance(from: line.startIndex, to: found.lowerBound) + 1
                return SpecRange(file: source.path, at: SpecLocation(line: i + 1, column: column), length: name.count)
            }
        }
        return SpecRange(file: source.path, at: SpecLocation(line: 1, column: 1))
    }
}
