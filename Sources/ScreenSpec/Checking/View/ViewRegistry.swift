import SpecRuntime

/// The components of `view:` as the checker resolved them: the nodes behind each property and
/// event, for `bindings:` and for the scenario steps that act on components.
struct ViewRegistry {
    struct Property {
        var name: String
        /// What the component shows: a visible cell named `<component>.<property>`.
        var node: Int
        var type: SpecType
        /// Fires when the person changes the property (a `ControlProperty`'s values); nil when
        /// only bindings write it.
        var userStream: Int?
        var verb: String?
        var constraint: ValueConstraint?
    }

    struct Event {
        var name: String
        var node: Int
        var payload: SpecType
        var verb: String?
        /// The property whose user change fires it (`valueChanged`, `editingChanged`).
        var userProperty: String?
        var isRow = false
        /// A table's `itemMoved`, whose record type comes from what it feeds (``ViewPass/moveRecord(_:_:_:)``).
        var isMove = false
        var feeds: [Int] = []
        var actions: [Int] = []
    }

    struct Component {
        var name: String
        var kind: ComponentEntry
        var properties: [Property] = []
        var events: [Event] = []
        /// What ``ComponentPlan`` carries for tools that draw the view: titles and bounds.
        var titles: [String]?
        var minimum: Double?
        var maximum: Double?
        var step: Double?
        /// Bounds an expression gives: the cells' first values (the numbers written, or the kind's
        /// defaults) and whether the control steps, until ``bounds`` holds the cells.
        var firstBounds: (minimum: Double, maximum: Double, stepped: Bool)?
        var bounds: ComponentPlan.Bounds?
        /// Titles an expression gives (ViewPass+TitleExpressions.swift).
        var choices: ComponentPlan.Choices?

        func property(_ name: String) -> Int? { properties.firstIndex { $0.name == name } }
        func event(_ name: String) -> Int? { events.firstIndex { $0.name == name } }
        var memberNames: [String] { properties.map(\.name) + events.map(\.name) }
        var plan: ComponentPlan {
            ComponentPlan(name: name, kind: kind.name,
                          properties: properties.map { .init(name: $0.name, node: $0.node, edits: $0.userStream) },
                          events: events.map { .init(name: $0.name, node: $0.node, feeds: $0.feeds, actions: $0.actions) },
                          titles: titles, minimum: minimum, maximum: maximum, step: step, bounds: bounds, choices: choices)
        }
        var verbs: [String] {
            (properties.compactMap(\.verb) + events.compactMap(\.verb) + (kind.tracksTouches ? [GestureVerb.drag.name] : []))
                .reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }
    }

    var components: [Component] = []
    var index: [String: Int] = [:]

    /// `colorPicker.selectedIndex` split into a declared component and a member name.
    func split(_ name: String) -> (component: Int, member: String)? {
        guard let dot = name.firstIndex(of: "."), let c = index[String(name[..<dot])] else { return nil }
        return (c, String(name[name.index(after: dot)...]))
    }
}

extension NodeDecl.Role {
    var isComponent: Bool {
        if case .component = self { return true }
        return false
    }
}

/// Mistakes about components, which the view pass and scenario steps report alike.
extension CheckContext {
    mutating func rangeError(_ value: Value, _ name: String, _ constraint: ValueConstraint, at range: SpecRange) {
        diagnostics.error(.bindingRange, "'\(name)' cannot take \(value); it takes \(constraint.range)", at: range)
    }

    mutating func unknownMember(_ member: String, of component: ViewRegistry.Component, at range: SpecRange, propertiesOnly: Bool = false) {
        let names = propertiesOnly ? component.properties.map(\.name) : component.memberNames
        var notes = [DiagnosticNote("a \(component.kind.name) has " + (names.isEmpty ? "none" : names.map { "'\($0)'" }.joined(separator: ", ")))]
        if propertiesOnly, component.event(member) != nil {
            notes = [DiagnosticNote("'\(member)' is an event; bind from it with 'bind: \(component.name).\(member)'")]
        }
        diagnostics.error(.unknownMember, "\(component.kind.name) '\(component.name)' has no \(propertiesOnly ? "property" : "property or event") '\(member)'"
                          + diagnostics.didYouMean(member, in: names), at: range, notes: notes)
    }
}
