import SpecRuntime

/// The items of a `cells:` entry's row outputs, which a ``CoverageRecorder`` checks each time the
/// entry's rows are written: a Bool output is true in some row and false in some row (a row's
/// first value counts, as a derived output's does), any other output changes in a row that was
/// already there (a new row's first value is no change). A bound property of the row's view
/// (`priceLabel.textColor`) is an output of the row, with the same items, unless it is a literal.
struct RowItems: Sendable {
    struct Output: Sendable {
        /// The row field holding it.
        var field: Int
        var isTrue: Int?
        var isFalse: Int?
        var changed: Int?
    }

    /// The field of an element that identifies its row.
    var key: Int
    var outputs: [Output]

    /// The identity of `row`, as the engine finds a row (its element's key field).
    func identity(of row: RecordValue) -> Value {
        guard case .record(let element)? = row.fields.first, key < element.fields.count else { return .none }
        return element.fields[key]
    }
}

extension CoverageMap {
    /// The items of row field `field`, named `name` (`cart.many`): a Bool is true in some row and
    /// false in some row, any other value changes in a row that was already there.
    private mutating func addRowValueItems(_ field: Int, _ name: String, _ fieldTypes: [SpecType], _ range: SpecRange,
                                           _ inRow: String) -> RowItems.Output {
        var items = RowItems.Output(field: field)
        if fieldTypes.indices.contains(field) && fieldTypes[field] == .bool {
            items.isTrue = add(.output, "'\(name)' is true\(inRow)", range)
            items.isFalse = add(.output, "'\(name)' is false\(inRow)", range)
        } else {
            items.changed = add(.output, "'\(name)' changes\(inRow)", range)
        }
        return items
    }

    /// The items of entry `c`'s rows, located where its view model writes them under
    /// `viewModels:` and belonging to the entry (`cart`): its outputs (``RowItems``), each handler
    /// that sets something (it runs when its input's stream, `cart.increment`, fires, which it
    /// does once the row's handlers ran) and the branches of every row expression.
    mutating func addRowItems(_ c: Int, _ spec: CheckedSpec) {
        let entry = spec.cells[c]
        owner = entry.name
        let inRow = Self.inRow(entry)
        let fieldTypes = spec.types.records[entry.model]?.map(\.type) ?? []
        var outputs: [RowItems.Output] = []
        // What never changes (a literal, a constant given, what reads only those) can neither
        // change nor be both true and false: no item asks it to.
        let fixed = FixedRowFields.of(entry)
        for output in entry.outputs where entry.fieldNames.indices.contains(output.field) {
            let name = "\(entry.name).\(entry.fieldNames[output.field])"
            let range = output.range ?? entry.range
            // What the row's view shows is an output too (`cart.priceLabel.textColor`), but a
            // literal one (a button's title) can neither change nor be false.
            if fixed.contains(output.field) { continue }
            outputs.append(addRowValueItems(output.field, name, fieldTypes, range, inRow))
            addProbes(output.value)
        }
        // What the screen hands each row (`with: { isCurrent: "$0.id == currentId" }`) has the
        // items of a row output: its values differ from row to row and as what it reads changes.
        for given in entry.given ?? [] where entry.fieldNames.indices.contains(given.field) && !fixed.contains(given.field) {
            outputs.append(addRowValueItems(given.field, "\(entry.name).\(entry.fieldNames[given.field])", fieldTypes, given.range ?? entry.range, inRow))
            addProbes(given.value)
        }
        if !outputs.isEmpty {
            nodeItems[entry.node].rows = rowItems.count
            rowItems.append(RowItems(key: entry.key, outputs: outputs))
        }
        for handler in entry.handlers where entry.inputs.indices.contains(handler.input) {
            if let condition = handler.condition { addProbes(condition) }
            for value in handler.values { addProbes(value) }
            // A handler that sets nothing does nothing a scenario could see.
            guard !handler.values.isEmpty else { continue }
            let input = entry.inputs[handler.input]
            let item = add(.handler, "the row handler on '\(entry.name).\(input.name)' runs", handler.range)
            nodeItems[input.node].rowHandlers.append(item)
        }
        addRowActionItems(entry, spec)
        // A row's stream: the branches of its operators' expressions, and its element in some row,
        // at its name under `viewModels:`.
        for stream in entry.streams ?? [] where entry.inputs.indices.contains(stream.input) {
            addProbes(OperatorPlan(name: stream.request.name, arguments: OperatorArguments(request: stream.request)))
            let input = entry.inputs[stream.input]
            nodeItems[input.node].emitted = add(.output, "'\(entry.name).\(input.name)' emits\(inRow)", stream.range)
            // A request in it: a failure it passes on, on the row's `<name>.errors`, unless caught.
            if let e = stream.errors, entry.inputs.indices.contains(e), Self.canFail(stream.request) {
                let errors = entry.inputs[e]
                nodeItems[errors.node].emitted = add(.output, "'\(entry.name).\(errors.name)' emits\(inRow) (a request fails)", stream.range)
            }
        }
        // The branches of a two-way binding's `set:`, as those of a screen component's; its
        // bound properties are outputs of the row, above (a program compiled before they were
        // lists those a gesture reads here).
        for component in entry.view ?? [] {
            for property in component.properties where !entry.hasViewField(component.name, property.name)
                && (property.name == "enabled" || property.name == component.valueProperty) {
                addProbes(property.value)
            }
            if let set = component.twoWay?.set { addProbes(set) }
        }
    }

    /// A row's action's items, at its name under `viewModels:`: its element (when its service can
    /// answer one), a failure of its call and a refusal, each in some row, heard on the screen's
    /// stream of the action (`settings.save.elements`, which fires with the row).
    private mutating func addRowActionItems(_ entry: CellsPlan, _ spec: CheckedSpec) {
        let inRow = Self.inRow(entry)
        for action in entry.actions ?? [] {
            for e in action.arguments { addProbes(e) }
            if let condition = action.enabledIf { addProbes(condition) }
            // Work written as a stream: the branches of its expressions, in its `with:`, its
            // choice and its `ops:`, as a screen action's.
            if let work = action.work { addProbes(OperatorPlan(name: work.name, arguments: OperatorArguments(request: work))) }
            guard entry.inputs.indices.contains(action.elements), entry.inputs.indices.contains(action.errors) else { continue }
            let elements = entry.inputs[action.elements], errors = entry.inputs[action.errors]
            let answers = action.work.map { Self.canAnswerAnElement(spec, request: $0) } ?? Self.canAnswerAnElement(spec, service: action.service)
            if answers {
                nodeItems[elements.node].emitted = add(.action, "'\(entry.name).\(elements.name)' emits\(inRow) (the work succeeds)", action.range)
            }
            nodeItems[errors.node].rowErrorField = errors.field
            if action.work.map({ Self.canFail($0) }) ?? true {
                nodeItems[errors.node].failed = add(.action, "'\(entry.name).\(errors.name)' emits a failure of the work\(inRow)", action.range)
            }
            nodeItems[errors.node].refused = add(.action, "'\(entry.name).\(errors.name)' emits 'notEnabled'\(inRow) (triggered while disabled)", action.range)
        }
    }

    /// Where a row's item happens, as its text says: ` in a row`, nothing for a view model used
    /// by itself (`children:`), which is one: `'shipping.valid' is true`.
    static func inRow(_ entry: CellsPlan) -> String {
        entry.instance != nil ? "" : " in a row"
    }
}
