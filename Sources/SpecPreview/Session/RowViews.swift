@_spi(Engine) import SpecProgram
import ScreenSpec
import SpecRuntime

/// The rows of a table bound to a `cells:` entry whose view model has a `view:` (a row's own
/// components), as the page draws them: each row's components with their properties computed
/// from the row, and a gesture on one sent as the step a scenario writes,
/// `tap: { cart.plusButton: { row: 2 } }`. The row expressions are compiled once per graph the
/// session starts, not per state message.
struct RowViews {
    struct Table {
        /// The `cells:` entry the table's rows are bound to.
        let cells: Int
        /// Per component of the row's view, its bound properties compiled.
        let properties: [[(name: String, value: CompiledExpr)]]
    }

    /// By the table component's name.
    private(set) var tables: [String: Table] = [:]
    /// The views of the view models used by themselves (`children:`) that have one, by the
    /// child's name, in the spec's order: each drawn as a box of the screen, its one row's
    /// components in it.
    private(set) var children: [(name: String, table: Table)] = []

    init() {}

    init(spec: CheckedSpec) {
        for component in spec.components {
            guard let rows = ComponentCatalog.entry(named: component.kind)?.rowsProperty,
                  let property = component.properties.first(where: { $0.name == rows }) else { continue }
            // The binding `rows: cart` is a handler on the rows' node that writes the property.
            guard let c = spec.cells.indices.first(where: { c in
                spec.cells[c].view != nil && spec.handlers.contains { $0.on == spec.cells[c].node && $0.targets.contains(property.node) }
            }) else { continue }
            tables[component.name] = Self.table(c, spec)
        }
        for c in spec.cells.indices where spec.cells[c].instance != nil && spec.cells[c].view != nil {
            children.append((spec.cells[c].name, Self.table(c, spec)))
        }
    }

    private static func table(_ c: Int, _ spec: CheckedSpec) -> Table {
        Table(cells: c, properties: (spec.cells[c].view ?? []).map { $0.properties.map { ($0.name, ExpressionCompiler.compile($0.value)) } })
    }

    /// What the layout says of table `name`: the entry its rows belong to and each component of
    /// a row with its drawing, its verbs and the events wired to an input.
    func layout(_ name: String, _ spec: CheckedSpec) -> [String: Any]? {
        tables[name].map { layout($0, spec) }
    }

    /// What the layout says of each child with a view: a component of its own, drawn as a box
    /// titled with the child's name whose gestures are steps that name no row (`type: {
    /// shipping.nameField: Ada }`).
    func childLayouts(_ spec: CheckedSpec) -> [[String: Any]] {
        children.map { child in
            ["name": child.name, "kind": "child", "drawing": "child", "verbs": [String: String](), "properties": [String](), "events": [String](),
             "rowView": layout(child.table, spec)]
        }
    }

    private func layout(_ table: Table, _ spec: CheckedSpec) -> [String: Any] {
        let plan = spec.cells[table.cells]
        let components: [[String: Any]] = (plan.view ?? []).map { c in
            let entry = ComponentCatalog.entry(named: c.kind)
            var layout: [String: Any] = ["name": c.name, "kind": c.kind, "drawing": entry?.drawing ?? "properties", "verbs": entry?.verbsByMember ?? [:],
                                         "wired": c.events.filter { $0.input != nil }.map(\.name)]
            // A stepper a person steps on the row: its value written back or reported.
            if let minimum = c.minimum, let maximum = c.maximum, let step = c.step, c.property("value") != nil,
               c.twoWay != nil || c.events.contains(where: { $0.input != nil && $0.name == "valueChanged" }) {
                layout["stepper"] = ["minimum": minimum, "maximum": maximum, "step": step]
            } else if let property = c.valueProperty, c.property(property) != nil, let verb = entry?.verbsByMember[property],
                      c.twoWay != nil || c.events.contains(where: { $0.input != nil && entry?.changeEvents.contains($0.name) == true }) {
                // Any other control a person changes on the row (a switch, a slider, a segmented
                // control, a text field): the property it shows and the gesture that changes it.
                var control: [String: Any] = ["property": property, "verb": verb]
                if let minimum = c.minimum, let maximum = c.maximum { control["minimum"] = minimum; control["maximum"] = maximum }
                if let titles = c.titles { control["titles"] = titles }
                if let count = c.count { control["count"] = count }
                layout["control"] = control
            }
            return layout
        }
        return ["cells": plan.name, "components": components]
    }

    /// Each row of table `name` as the page draws it: its identity as a step writes it, and per
    /// component its bound properties' values (a property whose expression fails is left out),
    /// `now` reading `now`, the screen's time in milliseconds.
    func rows(_ name: String, _ spec: CheckedSpec, now: Int, value: (Int) -> Value?) -> [[String: Any]]? {
        tables[name].map { rows($0, spec, now: now, value: value) }
    }

    /// Each child with a view, by name, as a one-row table's rows.
    func childRows(_ spec: CheckedSpec, now: Int, value: (Int) -> Value?) -> [(name: String, rows: [[String: Any]])] {
        children.map { ($0.name, rows($0.table, spec, now: now, value: value)) }
    }

    private func rows(_ table: Table, _ spec: CheckedSpec, now: Int, value: (Int) -> Value?) -> [[String: Any]] {
        let plan = spec.cells[table.cells]
        guard case .list(let rows)? = value(plan.node) else { return [] }
        let context = EvalContext(values: [])
        context.clockNow = { now }
        return rows.map { row -> [String: Any] in
            guard case .record(let record) = row, case .record(let element)? = record.fields.first, plan.key < element.fields.count else { return [:] }
            context.payload = row
            var components: [String: Any] = [:]
            for (k, component) in (plan.view ?? []).enumerated() where k < table.properties.count {
                var shown: [String: Any] = [:]
                for (property, compiled) in table.properties[k] {
                    do throws(EvalError) {
                        shown[property] = PageMessages.jsonValue(try compiled(context))
                    } catch {
                        continue
                    }
                }
                components[component.name] = shown
            }
            return ["row": YAMLValueText.text(element.fields[plan.key]), "components": components]
        }
    }
}
