/// Components, derived from ``ComponentCatalog``: a kind added there appears here with its
/// properties, events and settings, so the schema cannot fall behind the checker.
extension SpecSchema {
    /// The schema of each setting a component body takes besides its properties and events
    /// (``ComponentCatalog/settings(_:)``).
    static let settings: [String: (description: String, schema: JSONValue)] = [
        "action": ("Executes this action when tapped; the control is enabled exactly when the action is (Action's 'button.rx.action').",
                   ref("dottedName")),
        "segments": ("The segments: a count from 0 to 1000 or a list of titles.",
                     ["anyOf": [["type": "integer", "minimum": 0, "maximum": 1000], ["type": "array", "items": ["type": "string"]]]]),
        "minimumValue": ("The least value (UIKit's 'minimumValue'; 0 by default).", ["type": "number"]),
        "maximumValue": ("The greatest value (UIKit's 'maximumValue'; 1 for a slider, 100 for a stepper by default).", ["type": "number"]),
        "stepValue": ("How much one tap on the stepper's + or - changes its value (UIKit's 'stepValue'; 1 by default); 'step:' goes to values a person can reach so.",
                      ["type": "number", "exclusiveMinimum": 0]),
        "numberOfPages": ("How many pages the page control shows: 0 to 1000.", ["type": "integer", "minimum": 0, "maximum": 1000]),
        "buttons": ("The alert's button titles; a person chooses one with 'choose:'.", ["type": "array", "items": ["type": "string"], "minItems": 1]),
        "properties": ("Declared properties of a generic component: name to type; bindings write them.", map("Properties by name.", of: ref("type"))),
        "callbacks": ("Delegate callbacks (a DelegateProxy): name to its parameters (name to type); a scenario calls one with 'fire:'.",
                      map("Callbacks by name.", of: map("Parameters by name.", of: ref("type")))),
    ]

    static func propertyDescription(_ kind: ComponentKind, _ p: ComponentCatalog.Property) -> String {
        var text = "'\(kind.rawValue).\(p.name)'"
        text += p.type.map { ": \($0)" } ?? ": a list, typed by its binding"
        if let range = range(kind, p.name) { text += ", " + range }
        text += ", first value \(p.initial)"
        guard let verb = p.verb else {
            return text + ". An expression binds it (a Binder); '{ initial: value }' sets its first value."
        }
        return text + "; a person changes it with '\(verb):'. An expression binds it (a Binder); '{ twoWay: name, get:, set: }' "
            + "makes it a ControlProperty editing a view-model input property; '{ initial: value }' sets its first value."
    }

    /// The values a property takes, where UIKit limits them (the checker's constraints).
    static func range(_ kind: ComponentKind, _ property: String) -> String? {
        switch (kind, property) {
        case (.slider, "value"), (.stepper, "value"):
            let bounds = ComponentCatalog.defaultBounds(kind)
            return "from 'minimumValue' to 'maximumValue' (\(Int(bounds.minimum))...\(Int(bounds.maximum)) unless given)"
        case (.progressView, "progress"): return "from 0 to 1"
        case (.segmentedControl, "selectedIndex"): return "-1 (none) up to the number of segments - 1"
        case (.pageControl, "currentPage"): return "from 0 to 'numberOfPages' - 1"
        case (.datePicker, "date"): return "a day written YYYY-MM-DD"
        default: return nil
        }
    }

    static func eventDescription(_ kind: ComponentKind, _ e: ComponentCatalog.Event) -> String {
        var text = "'\(kind.rawValue).\(e.name)' (a ControlEvent"
        switch e.payload {
        case .void: text += ")"
        case .property(let p): text += " carrying '\(p)')"
        case .row: text += " carrying the row's model)"
        case .value(let type): text += " carrying a \(type))"
        }
        if let verb = e.verb { text += ", fired by '\(verb):'" }
        return text + ". The inputs it feeds and the actions it executes: a name or a list."
    }

    static var viewDefinitions: [(key: String, value: JSONValue)] {
        let kinds = ComponentKind.allCases
        var defs: [(key: String, value: JSONValue)] = [
            (key: "component", value: ifString("A component: its kind alone ('label') or its kind with its wiring ('{ label: { text: title } }').",
                ["enum": .array(kinds.map { .string($0.rawValue) })],
                else: oneKey("A kind with its wiring.", kinds.map { kind in
                    (name: kind.rawValue, description: kind.summary,
                     schema: choose(kind.summary, ["type": "null"], [:], ref("component.\(kind.rawValue)")))
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
            for p in ComponentCatalog.properties(kind) {
                properties.append((p.name, describe(ref(p.verb == nil ? "boundProperty" : "propertyWiring"), propertyDescription(kind, p))))
            }
            for e in ComponentCatalog.events(kind) {
                properties.append((e.name, describe(ref("names"), eventDescription(kind, e))))
            }
            for name in ComponentCatalog.settings(kind) {
                let setting = settings[name] ?? ("", [:])
                properties.append((name, describe(setting.schema, setting.description)))
            }
            var body = object("The wiring of a \(kind.rawValue).", properties)
            if kind == .component, case .object(var pairs) = body {
                // Declared properties and callbacks are wired under their own names.
                pairs.removeAll { $0.key == "additionalProperties" }
                pairs.append((key: "additionalProperties", value: anyOf("A declared property's value or a callback's targets.", [ref("boundProperty"), ref("names")])))
                body = .object(pairs)
            }
            defs.append((key: "component.\(kind.rawValue)", value: body))
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

extension ComponentKind {
    /// One line on what the kind is, for the schema's hover text and the docs.
    var summary: String {
        switch self {
        case .view: return "A plain view (UIView): 'backgroundColor'."
        case .label: return "A label (UILabel, 'rx.text'): 'text', 'textColor'."
        case .textField: return "A text field (UITextField, 'rx.text' ControlProperty): a person types into it with 'type:'."
        case .button: return "A button (UIButton, 'rx.tap'): a person taps it with 'tap:'; 'action:' binds an Action."
        case .slider: return "A slider (UISlider, 'rx.value'): a person moves it with 'slide:'."
        case .segmentedControl: return "A segmented control (UISegmentedControl, 'rx.selectedSegmentIndex'): a person picks with 'pick:'."
        case .table: return "A table view (UITableView, 'rx.items', 'rx.modelSelected'): 'select:' and 'refresh:'."
        case .switch: return "A switch (UISwitch, 'rx.isOn'): a person flips it with 'toggle:'."
        case .textView: return "A text view (UITextView, 'rx.text', 'rx.didBeginEditing'): a person types into it with 'type:'."
        case .searchBar: return "A search bar (UISearchBar, 'rx.text', 'rx.searchButtonClicked', 'rx.cancelButtonClicked'): 'type:', 'search:', 'cancel:'."
        case .stepper: return "A stepper (UIStepper, 'rx.value'): a person sets it with 'step:'; 'minimumValue:' and 'maximumValue:' bound it."
        case .datePicker: return "A date picker (UIDatePicker, 'rx.date'): a day written YYYY-MM-DD, picked with 'pick:'."
        case .collectionView: return "A collection view (UICollectionView, 'rx.items', 'rx.modelSelected'): 'select:' and 'scrollToEnd:'."
        case .activityIndicator: return "An activity indicator (UIActivityIndicatorView, 'rx.isAnimating')."
        case .refreshControl: return "A refresh control (UIRefreshControl, 'rx.isRefreshing', 'rx.controlEvent(.valueChanged)'): a person pulls it with 'refresh:'."
        case .progressView: return "A progress view (UIProgressView, 'rx.progress'): 'progress' from 0 to 1."
        case .pageControl: return "A page control (UIPageControl, 'rx.currentPage'): a person moves it with 'page:'; 'numberOfPages:' bounds it."
        case .imageView: return "An image view (UIImageView, 'rx.image'): 'image' names an image, nil for none."
        case .alert: return "An alert (UIAlertController) shown while 'message' is not nil, its 'buttons:' chosen with 'choose:' (a signal in, an event out)."
        case .navigationBar: return "A navigation bar (UINavigationItem 'rx.title', UIBarButtonItem 'rx.tap'): 'title', 'back:' and 'tap:' on its right button."
        case .component: return "Any other object, with declared 'properties:' and delegate 'callbacks:' (a DelegateProxy), fired with 'fire:'."
        }
    }
}
