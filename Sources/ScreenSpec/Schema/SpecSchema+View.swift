/// Components, derived from ``ComponentCatalog``: a kind added there appears here with its
/// summary, properties (with their ranges), events and settings (each with its own schema), so
/// the schema cannot fall behind the checker.
extension SpecSchema {
    static func propertyDescription(_ kind: ComponentEntry, _ p: ComponentProperty) -> String {
        var text = "'\(kind.name).\(p.name)'"
        text += p.type.map { ": \($0)" } ?? ": a list, typed by its binding"
        if let range = p.range { text += ", " + range.text }
        text += ", first value \(p.initial)"
        guard let verb = p.verb else {
            return text + ". An expression binds it (a Binder); '{ initial: value }' sets its first value."
        }
        return text + "; a person changes it with '\(verb.name):'. An expression binds it (a Binder); '{ twoWay: name, get:, set: }' "
            + "makes it a ControlProperty editing a view-model input property; '{ initial: value }' sets its first value."
    }

    static func eventDescription(_ kind: ComponentEntry, _ e: ComponentEvent) -> String {
        var text = "'\(kind.name).\(e.name)' (a ControlEvent"
        switch e.payload {
        case .void: text += ")"
        case .property(let p): text += " carrying '\(p)')"
        case .row: text += " carrying the row's model)"
        case .rowIndex: text += " carrying the row's index, from 0)"
        case .rowMove: text += " carrying a record the spec declares with 'from: Int' and 'to: Int', the row's old and new index)"
        case .value(let type): text += " carrying a \(type))"
        }
        if let verb = e.verb { text += ", fired by '\(verb.name):'" }
        return text + ". The inputs it feeds and the actions it executes: a name or a list."
    }

    static var viewDefinitions: [(key: String, value: JSONValue)] {
        let kinds = ComponentCatalog.all
        var defs: [(key: String, value: JSONValue)] = [
            (key: "component", value: ifString("A component: its kind alone ('label') or its kind with its wiring ('{ label: { text: title } }').",
                ["enum": .array(kinds.map { .string($0.name) })],
                else: oneKey("A kind with its wiring.", kinds.map { kind in
                    (name: kind.name, description: kind.summary,
                     schema: choose(kind.summary, ["type": "null"], [:], ref("component.\(kind.name)")))
                }))),
            (key: "propertyWiring", value: choose("A component property's value.", ["type": "object"],
                object("A ControlProperty or a first value.", [
                    ("twoWay", describe(ref("dottedName"), "The view-model input property the person's edits write and the component shows.")),
                    ("get", describe(ref("expression"), "View model to component: converts the view-model property.")),
                    ("set", describe(ref("expression"), "Component to view model: reads '<component>.<property>'.")),
                    ("initial", describe(ref("value"), "What the component shows before anything is bound or done.")),
                ]),
                describe(ref("expression"), "A Binder: the component shows the expression's value, at start and on change."))),
            (key: "boundProperty", value: choose("A value of a property only bindings write (the person does not change it).", ["type": "object"],
                object("A first value.", [
                    ("initial", describe(ref("value"), "What the component shows before anything is bound or done.")),
                ]),
                describe(ref("expression"), "A Binder: the component shows the expression's value, at start and on change."))),
        ]
        for kind in kinds {
            var properties: [(String, JSONValue)] = []
            for p in kind.properties {
                properties.append((p.name, describe(ref(p.verb == nil ? "boundProperty" : "propertyWiring"), propertyDescription(kind, p))))
            }
            for e in kind.events {
                properties.append((e.name, describe(ref("names"), eventDescription(kind, e))))
            }
            for setting in kind.settings {
                properties.append((setting.name, describe(setting.schema, setting.description)))
            }
            var body = object("The wiring of a \(kind.name).", properties)
            if kind.declaresMembers, case .object(var pairs) = body {
                // Declared properties and callbacks are wired under their own names.
                pairs.removeAll { $0.key == "additionalProperties" }
                pairs.append((key: "additionalProperties", value: anyOf("A declared property's value or a callback's targets.", [ref("boundProperty"), ref("names")])))
                body = .object(pairs)
            }
            defs.append((key: "component.\(kind.name)", value: body))
        }
        defs.append((key: "binding", value: object("A binding: one source to one or more component properties.", [
            ("bind", describe(ref("dottedName"), "The source: a view-model name, a property the person changes, or an event.")),
            ("to", describe(ref("names"), "Component properties such as 'valueLabel.text', or view-model input properties from an event.")),
            ("map", anyOf("One expression for all targets, or a list with one per target; the source's value is read by its name.",
                          [ref("expression"), ["type": "array", "items": ref("expression")]])),
            ("table", describe(["type": "object", "additionalProperties": ref("value")],
                               "Source value to target values, like a Swift 'switch'; 'default:' for the rest.")),
        ], required: ["bind", "to"])))
        return defs
    }
}
