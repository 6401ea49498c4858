import SpecRuntime

/// `view:` — the screen's components and how each is wired to the view model, as written.
package struct ComponentDecl: Sendable {
    package var name: Located<String>
    package var kind: Located<ComponentEntry>
    /// Properties given a value: one-way from the view model, two-way, or an initial value.
    package var properties: [PropertyWiring] = []
    /// Events routed to inputs or actions.
    package var events: [EventWiring] = []
    /// Settings that count or name the component's parts, by setting: `segments: 3`,
    /// `segments: [Red, Green]`, `buttons: [OK, Cancel]`. A setting written but invalid (and
    /// reported) is here with neither, so nothing reports it missing.
    package var parts: [String: Parts] = [:]
    /// Numeric settings by name: `minimumValue:`, `maximumValue:`, `stepValue:`, `numberOfPages:`.
    package var numbers: [String: Located<Double>] = [:]
    /// Bounds given as an expression over the screen's names, by setting:
    /// `maximumValue: Double(duration)`. A setting is in ``numbers`` or here, not both.
    package var boundExpressions: [String: Expr] = [:]
    /// Titles given as a `[String]` expression over the screen's names, by setting:
    /// `rows: names` of a picker view, `segments: names` of a segmented control. A setting is in
    /// ``parts`` or here, not both.
    package var titleExpressions: [String: Expr] = [:]
    /// `action:` of a button: tapping executes it, and the button is enabled exactly when it is.
    package var action: Located<String>?
    /// `font:` of a text component, as iOS draws it (the preview's; the engine does not read it).
    package var font: Located<FontDecl>?
    /// `properties:` of a generic component: `{ name: Type }`.
    package var declaredProperties: [(name: Located<String>, type: Located<String>)] = []
    /// `callbacks:` of a generic component: delegate methods and their parameters.
    package var callbacks: [CallbackDecl] = []
    package var range: SpecRange

    /// What a counting or naming setting gives.
    package struct Parts: Sendable {
        package var count: Located<Int>?
        /// The titles as written, one per part; nil for a count.
        package var titles: [String]?
    }
}

/// A component property given a value.
package struct PropertyWiring: Sendable {
    package var name: Located<String>
    /// `text: expr` — a binder: the component shows the expression's value.
    package var value: Expr?
    /// `text: { twoWay: email }` — a control property: the user's edits write `email` (through
    /// `set:`), and the component shows `email` (through `get:`).
    package var twoWay: Located<String>?
    package var get: Expr?
    package var set: Expr?
    /// `value: { initial: 0.5 }` — what the component shows before anything is bound or done.
    package var initial: YAMLNode?
    package var range: SpecRange
}

/// `tap: confirm`, `editingDidEnd: [validate, save]` — an event feeding inputs or actions.
package struct EventWiring: Sendable {
    package var name: Located<String>
    package var targets: [Located<String>]
}

/// A delegate callback of a generic component, such as `didUpdateLocations: { locations: "[Location]" }`.
package struct CallbackDecl: Sendable {
    package var name: Located<String>
    package var parameters: [(name: Located<String>, type: Located<String>)]
}

/// `bindings:` — one source bound to one or more component properties, as RxCocoa's
/// `bind(to: a, b)`, through an optional transform.
package struct BindingDecl: Sendable {
    package enum Transform: Sendable {
        /// The source's value as it is.
        case none
        /// `map: expr` for every target, or `map: [expr, ...]` one per target.
        case map([Expr], perTarget: Bool)
        /// `table: { key: value, ..., default: value }`; a value is a list with one entry per
        /// target when there are several targets.
        case table([(key: YAMLNode, value: YAMLNode)], default: YAMLNode?, range: SpecRange)
    }

    package var source: Located<String>
    package var targets: [Located<String>]
    package var transform: Transform
    package var range: SpecRange
}
