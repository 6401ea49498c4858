import SpecRuntime

/// One kind of view component, after a UIKit control: its properties and events, the settings its
/// body takes, the gestures a person makes on it and how the preview draws it. The reader, the
/// view pass, the scenario steps, the JSON Schema and the preview read the entry; none of them
/// names a kind (see ``ComponentCatalog``).
package struct ComponentEntry: Sendable {
    /// The kind as a spec writes it: `slider`, `segmentedControl`.
    package let name: String
    /// What a message calls one: "segmented control".
    let title: String
    /// One line on what the kind is, with its UIKit and RxCocoa names: the schema's hover text.
    let summary: String
    let properties: [ComponentProperty]
    let events: [ComponentEvent]
    /// Keys its body takes besides its properties and events, in the order the schema lists them.
    let settings: [ComponentSetting]
    /// The setting whose titles the program keeps for the tools that draw the view (a segmented
    /// control's segments, an alert's buttons).
    let titlesSetting: String?
    /// The property while which the component is shown, not nil (an alert's `message`): a gesture
    /// on one of its events needs it shown, and dismisses it, as UIAlertController does.
    let shownWhile: String?
    /// How the preview's page draws it: the name of a drawing function of `preview.js`.
    package let drawing: String

    /// `isView`: a UIView, so it also has UIView's own `isHidden` and `alpha`
    /// (``ComponentProperty/uiView``) after its properties; an alert, a navigation bar and a
    /// custom component (a delegate such as a location manager) are not.
    init(_ name: String, _ title: String, _ summary: String, properties: [ComponentProperty] = [], events: [ComponentEvent] = [],
         settings: [ComponentSetting] = [], titles: String? = nil, shownWhile: String? = nil, drawing: String? = nil, isView: Bool = true) {
        self.name = name
        self.title = title
        self.summary = summary
        self.properties = properties + (isView ? ComponentProperty.uiView : [])
        self.events = events
        self.settings = settings
        self.titlesSetting = titles
        self.shownWhile = shownWhile
        self.drawing = drawing ?? name
    }

    /// The list property whose element a row event carries (`rows`, `items`): the one typed by
    /// its binding.
    package var rowsProperty: String? { properties.first { $0.type == nil }?.name }

    /// The gestures it takes, each once, properties' first; a control that tracks a finger takes
    /// `drag:` too.
    var verbs: [GestureVerb] {
        (properties.compactMap(\.verb) + events.compactMap(\.verb) + (tracksTouches ? [GestureVerb.drag] : [])).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// UIControl's `isTracking`: true from a touch down on the control to its touch up (a
    /// slider's, while a person drags it). Only touches set it; nothing binds it.
    static let trackingProperty = "isTracking"

    /// Whether it follows a finger: it has touch events that set ``trackingProperty``.
    var tracksTouches: Bool { events.contains { $0.tracks != nil } }

    /// Whether its members are declared by the spec (`properties:`, `callbacks:`) besides its own.
    var declaresMembers: Bool { settings.contains { $0.reading == .declaredProperties || $0.reading == .callbacks } }

    /// Every member's verb by member name (`text` -> `type`, `tap` -> `tap`): what the preview's
    /// drawings send.
    package var verbsByMember: [String: String] {
        var out: [String: String] = [:]
        for p in properties { if let v = p.verb { out[p.name] = v.name } }
        for e in events { if let v = e.verb { out[e.name] = v.name } }
        return out
    }

    /// The property a person's gesture changes (a switch's `isOn`, which `toggle:` flips), nil for
    /// a kind no gesture changes (a label, a button).
    package var changedProperty: String? { properties.first { $0.verb != nil && $0.type != nil }?.name }

    /// The events that fire with the new value when a person changes ``changedProperty`` (a
    /// switch's `valueChanged`, a text field's `editingChanged`).
    package var changeEvents: [String] {
        guard let changed = changedProperty else { return [] }
        return events.filter { $0.payload == .property(changed) }.map(\.name)
    }

    /// The event that carries a row's model (`rowSelected`, `itemSelected`).
    package var rowEvent: String? { events.first { $0.payload == .row }?.name }
}

/// A property of a kind of component: a visible cell `<component>.<property>`.
struct ComponentProperty: Sendable {
    let name: String
    /// nil for a list whose type comes from its binding (a table's `rows`).
    let type: SpecType?
    let initial: Value
    /// The gesture with which a person changes it; nil when only bindings write it.
    let verb: GestureVerb?
    /// The values it takes, where UIKit limits them.
    let range: ComponentRange?
    /// How a step that changes it reads in the timeline, when not as its verb says it
    /// ("pick segment 1 of colors").
    let wording: (@Sendable (_ component: String, _ value: Value) -> String)?

    init(_ name: String, _ type: SpecType?, _ initial: Value, verb: GestureVerb? = nil, range: ComponentRange? = nil,
         wording: (@Sendable (_ component: String, _ value: Value) -> String)? = nil) {
        self.name = name
        self.type = type
        self.initial = initial
        self.verb = verb
        self.range = range
        self.wording = wording
    }

    static let enabled = ComponentProperty("enabled", .bool, .bool(true))
    static let textColor = ComponentProperty("textColor", .color, .color(.white(0)))
    /// UIView's `isHidden` (RxCocoa's `rx.isHidden`): the preview does not draw a hidden view;
    /// false until bound. A scenario's gesture on a hidden control is still played (only
    /// `enabled` and an alert's `message` refuse gestures).
    static let isHidden = ComponentProperty("isHidden", .bool, .bool(false))
    /// UIView's `alpha` (RxCocoa's `rx.alpha`), from 0 (transparent) to 1 (opaque); 1 until bound.
    static let alpha = ComponentProperty("alpha", .double, .double(1), range: .fixed(minimum: 0, maximum: 1))
    /// What every view kind has from UIView.
    static let uiView: [ComponentProperty] = [.isHidden, .alpha]

    /// The timeline's text for a person changing it to `value`.
    func stepText(_ component: String, _ value: Value) -> String {
        if let wording { return wording(component, value) }
        return verb?.wording(component, value) ?? "\(component) to \(value)"
    }
}

/// An event of a kind of component: a hidden stream `<component>.<event>`.
struct ComponentEvent: Sendable {
    enum Payload: Sendable, Equatable {
        case void
        /// The new value of the property the person changed.
        case property(String)
        /// The selected (or deleted) row's model.
        case row
        /// The index of the row a person acts on, from 0 (`itemDeleted`, an `IndexPath`'s `row`).
        case rowIndex
        /// A row moved from one index to another (`itemMoved`): a record the spec declares with
        /// the fields `from: Int` and `to: Int`, as the input it feeds is typed.
        case rowMove
        /// A value of this type given by the gesture (an alert button's title).
        case value(SpecType)
    }

    let name: String
    let payload: Payload
    /// The gesture that fires it; nil for one that follows a person's change of a property.
    let verb: GestureVerb?
    /// The setting whose titles a `.value` payload must be one of (an alert's `buttons`).
    let choices: String?
    /// A touch of a control that follows a finger (a slider's `touchDown`, `touchUpInside`): what
    /// its gesture sets the control's ``ComponentEntry/trackingProperty`` to. The gesture is not
    /// made when it is already so, as UIKit sends no touch up without a touch down first.
    let tracks: Bool?

    init(_ name: String, _ payload: Payload, verb: GestureVerb? = nil, choices: String? = nil, tracks: Bool? = nil) {
        self.name = name
        self.payload = payload
        self.verb = verb
        self.choices = choices
        self.tracks = tracks
    }

    /// `valueChanged` and the like: fired with the new value when the person changes `property`.
    static func changed(_ property: String, as name: String = "valueChanged") -> ComponentEvent { ComponentEvent(name, .property(property)) }
}

/// The values a component property takes where UIKit limits them; the view pass turns it into a
/// ``ValueConstraint`` from the component's settings.
enum ComponentRange: Sendable {
    /// From the `minimumValue:` to the `maximumValue:` setting, these unless given; the value
    /// starts at 0 clamped into them, as UIKit clamps it. `stepped`: a person reaches only the
    /// minimum plus whole `stepValue:`s, tapping + and -.
    case bounds(minimum: Double, maximum: Double, stepped: Bool)
    /// Fixed bounds, such as a progress view's 0...1.
    case fixed(minimum: Double, maximum: Double)
    /// A day written YYYY-MM-DD.
    case day
    /// An index into the parts a setting counts.
    case index(IndexRange)

    /// The schema's words for it.
    var text: String {
        switch self {
        case .bounds(let minimum, let maximum, _):
            return "from 'minimumValue' to 'maximumValue' (\(Int(minimum))...\(Int(maximum)) unless given)"
        case .fixed(let minimum, let maximum): return "from \(Int(minimum)) to \(Int(maximum))"
        case .day: return "a day written YYYY-MM-DD"
        case .index(let index): return index.text
        }
    }
}

/// An index from `first` (-1: none selected) to the count a setting gives, less one: a segment, a
/// page. The component needs the setting.
struct IndexRange: Sendable {
    let first: Int
    /// The setting that counts the parts: `segments`, `numberOfPages`.
    let setting: String
    /// The schema's words for the range.
    let text: String
    /// What the missing-setting error adds after "needs 'setting:'", and the value its fix-it writes.
    let missing: String
    let example: String
}
