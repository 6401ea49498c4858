import SpecRuntime

/// `view:` — the screen's components and how each is wired to the view model, as written.
public struct ComponentDecl: Sendable {
    public var name: Located<String>
    public var kind: Located<ComponentKind>
    /// Properties given a value: one-way from the view model, two-way, or an initial value.
    public var properties: [PropertyWiring] = []
    /// Events routed to inputs or actions.
    public var events: [EventWiring] = []
    /// `segments:` of a segmented control: a count or titles.
    public var segments: Located<Int>?
    /// Whether `segments:` was written, even when it was invalid (and reported): no second report.
    public var segmentsWritten = false
    /// The titles of `segments: [Red, Green, Blue]`; nil for a count.
    public var segmentTitles: [String]?
    /// Numeric settings: `minimumValue:`, `maximumValue:` (slider, stepper), `numberOfPages:`
    /// (page control).
    public var numbers: [String: Located<Double>] = [:]
    /// `buttons:` of an alert: the titles a person can choose.
    public var buttons: [Located<String>]?
    /// `action:` of a button: tapping executes it, and the button is enabled exactly when it is.
    public var action: Located<String>?
    /// `properties:` of a generic component: `{ name: Type }`.
    public var declaredProperties: [(name: Located<String>, type: Located<String>)] = []
    /// `callbacks:` of a generic component: delegate methods and their parameters.
    public var callbacks: [CallbackDecl] = []
    public var range: SpecRange
}

/// A component property given a value.
public struct PropertyWiring: Sendable {
    public var name: Located<String>
    /// `text: expr` — a binder: the component shows the expression's value.
    public var value: Expr?
    /// `text: { twoWay: email }` — a control property: the user's edits write `email` (through
    /// `set:`), and the component shows `email` (through `get:`).
    public var twoWay: Located<String>?
    public var get: Expr?
    public var set: Expr?
    /// `value: { initial: 0.5 }` — what the component shows before anything is bound or done.
    public var initial: YAMLNode?
    public var range: SpecRange
}

/// `tap: confirm`, `editingDidEnd: [validate, save]` — an event feeding inputs or actions.
public struct EventWiring: Sendable {
    public var name: Located<String>
    public var targets: [Located<String>]
}

/// A delegate callback of a generic component, such as `didUpdateLocations: { locations: "[Location]" }`.
public struct CallbackDecl: Sendable {
    public var name: Located<String>
    public var parameters: [(name: Located<String>, type: Located<String>)]
}

/// `bindings:` — one source bound to one or more component properties, as RxCocoa's
/// `bind(to: a, b)`, through an optional transform.
public struct BindingDecl: Sendable {
    public enum Transform: Sendable {
        /// The source's value as it is.
        case none
        /// `map: expr` for every target, or `map: [expr, ...]` one per target.
        case map([Expr], perTarget: Bool)
        /// `table: { key: value, ..., default: value }`; a value is a list with one entry per
        /// target when there are several targets.
        case table([(key: YAMLNode, value: YAMLNode)], default: YAMLNode?, range: SpecRange)
    }

    public var source: Located<String>
    public var targets: [Located<String>]
    public var transform: Transform
    public var range: SpecRange
}
