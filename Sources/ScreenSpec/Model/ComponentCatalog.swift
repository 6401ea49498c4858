/// The kinds of view component a spec can declare, after UIKit's controls.
public enum ComponentKind: String, CaseIterable, Sendable {
    /// A plain view, such as the screen's root; it has a `backgroundColor`.
    case view
    case label, textField, button, slider, segmentedControl, table
    case `switch`
    /// Anything else, with declared `properties:` and delegate `callbacks:` (a `DelegateProxy`).
    case component
}

/// What a kind of component offers: its properties and events, fixed per kind.
struct ComponentCatalog {
    struct Property {
        var name: String
        /// nil for a table's `rows`, whose type comes from its binding.
        var type: SpecType?
        var initial: Value
        /// The scenario verb with which a person changes it (`type`, `slide` ...); nil when only
        /// bindings write it.
        var verb: String?
    }

    struct Event {
        enum Payload {
            case void
            /// The new value of the property the user changed.
            case property(String)
            /// The selected row's model.
            case row
        }

        var name: String
        var payload: Payload
        /// The scenario verb that fires it; nil for `valueChanged`, which follows a user change.
        var verb: String?
    }

    static func properties(_ kind: ComponentKind) -> [Property] {
        let enabled = Property(name: "enabled", type: .bool, initial: .bool(true), verb: nil)
        switch kind {
        case .view:
            return [Property(name: "backgroundColor", type: .color, initial: .color(.white(1)), verb: nil)]
        case .label:
            return [Property(name: "text", type: .string, initial: .string(""), verb: nil),
                    Property(name: "textColor", type: .color, initial: .color(.white(0)), verb: nil)]
        case .textField:
            return [Property(name: "text", type: .string, initial: .string(""), verb: "type"),
                    Property(name: "placeholder", type: .string, initial: .string(""), verb: nil),
                    Property(name: "textColor", type: .color, initial: .color(.white(0)), verb: nil), enabled]
        case .button:
            return [Property(name: "title", type: .string, initial: .string(""), verb: nil), enabled]
        case .slider:
            return [Property(name: "value", type: .double, initial: .double(0), verb: "slide"), enabled]
        case .segmentedControl:
            // UISegmentedControl.noSegment: nothing is selected until the user or a binding picks.
            return [Property(name: "selectedIndex", type: .int, initial: .int(-1), verb: "pick"), enabled]
        case .switch:
            return [Property(name: "isOn", type: .bool, initial: .bool(false), verb: "toggle"), enabled]
        case .table:
            return [Property(name: "rows", type: nil, initial: .list([]), verb: nil),
                    Property(name: "refreshing", type: .bool, initial: .bool(false), verb: nil)]
        case .component:
            return []
        }
    }

    static func events(_ kind: ComponentKind) -> [Event] {
        switch kind {
        case .view, .label, .component: return []
        case .textField:
            return [Event(name: "editingChanged", payload: .property("text"), verb: nil),
                    Event(name: "editingDidBegin", payload: .void, verb: "focus"),
                    Event(name: "editingDidEnd", payload: .void, verb: "blur")]
        case .button: return [Event(name: "tap", payload: .void, verb: "tap")]
        case .slider: return [Event(name: "valueChanged", payload: .property("value"), verb: nil)]
        case .segmentedControl: return [Event(name: "valueChanged", payload: .property("selectedIndex"), verb: nil)]
        case .switch: return [Event(name: "valueChanged", payload: .property("isOn"), verb: nil)]
        case .table:
            return [Event(name: "rowSelected", payload: .row, verb: "select"), Event(name: "refresh", payload: .void, verb: "refresh")]
        }
    }

    /// Keys a component body takes besides its properties and events.
    static func settings(_ kind: ComponentKind) -> [String] {
        switch kind {
        case .button: return ["action"]
        case .segmentedControl: return ["segments"]
        case .component: return ["properties", "callbacks"]
        default: return []
        }
    }

    /// Scenario verbs that address components, with the kind of thing each acts on.
    static let verbs: [(verb: String, what: String)] = [
        ("type", "types into a text field"), ("slide", "moves a slider"), ("pick", "picks a segment"),
        ("toggle", "flips a switch"), ("tap", "taps a button"), ("focus", "starts editing a text field"),
        ("blur", "ends editing a text field"), ("select", "selects a table row"), ("refresh", "pulls a table to refresh"),
        ("fire", "calls a component's delegate callback"),
    ]
}
