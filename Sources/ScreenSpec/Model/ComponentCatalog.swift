import SpecRuntime

/// The kinds of view component a spec can declare, after UIKit's controls.
package enum ComponentKind: String, CaseIterable, Sendable {
    /// A plain view, such as the screen's root; it has a `backgroundColor`.
    case view
    case label, textField, textView, searchBar, button, slider, stepper, segmentedControl, datePicker, table, collectionView
    case `switch`
    case activityIndicator, refreshControl, progressView, pageControl, imageView, alert, navigationBar
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
            /// A value of this type given by the gesture (an alert button's title).
            case value(SpecType)
        }

        var name: String
        var payload: Payload
        /// The scenario verb that fires it; nil for `valueChanged`, which follows a user change.
        var verb: String?
    }

    static func properties(_ kind: ComponentKind) -> [Property] {
        let enabled = Property(name: "enabled", type: .bool, initial: .bool(true), verb: nil)
        let textColor = Property(name: "textColor", type: .color, initial: .color(.white(0)), verb: nil)
        switch kind {
        case .view:
            return [Property(name: "backgroundColor", type: .color, initial: .color(.white(1)), verb: nil)]
        case .label:
            return [Property(name: "text", type: .string, initial: .string(""), verb: nil), textColor]
        case .textField:
            return [Property(name: "text", type: .string, initial: .string(""), verb: "type"),
                    Property(name: "placeholder", type: .string, initial: .string(""), verb: nil), textColor, enabled]
        case .textView:
            return [Property(name: "text", type: .string, initial: .string(""), verb: "type"), textColor]
        case .searchBar:
            return [Property(name: "text", type: .string, initial: .string(""), verb: "type"),
                    Property(name: "placeholder", type: .string, initial: .string(""), verb: nil)]
        case .button:
            return [Property(name: "title", type: .string, initial: .string(""), verb: nil), enabled]
        case .slider:
            // UISlider clamps its value into minimumValue...maximumValue (0...1 by default).
            return [Property(name: "value", type: .double, initial: .double(0), verb: "slide"), enabled]
        case .stepper:
            return [Property(name: "value", type: .double, initial: .double(0), verb: "step"), enabled]
        case .segmentedControl:
            // UISegmentedControl.noSegment: nothing is selected until the user or a binding picks.
            return [Property(name: "selectedIndex", type: .int, initial: .int(-1), verb: "pick"), enabled]
        case .datePicker:
            // A day written YYYY-MM-DD; the wall clock is never read, so it starts on 2001-01-01
            // (the reference date of Foundation's Date) unless the spec gives 'initial:'.
            return [Property(name: "date", type: .string, initial: .string("2001-01-01"), verb: "pick"), enabled]
        case .switch:
            return [Property(name: "isOn", type: .bool, initial: .bool(false), verb: "toggle"), enabled]
        case .table:
            return [Property(name: "rows", type: nil, initial: .list([]), verb: nil),
                    Property(name: "refreshing", type: .bool, initial: .bool(false), verb: nil)]
        case .collectionView:
            return [Property(name: "items", type: nil, initial: .list([]), verb: nil)]
        case .activityIndicator:
            return [Property(name: "isAnimating", type: .bool, initial: .bool(false), verb: nil)]
        case .refreshControl:
            return [Property(name: "isRefreshing", type: .bool, initial: .bool(false), verb: nil)]
        case .progressView:
            return [Property(name: "progress", type: .double, initial: .double(0), verb: nil)]
        case .pageControl:
            return [Property(name: "currentPage", type: .int, initial: .int(0), verb: "page")]
        case .imageView:
            // The image's name in the asset catalogue; nil shows no image.
            return [Property(name: "image", type: .optional(.string), initial: .none, verb: nil)]
        case .alert:
            // Shown while 'message' is not nil.
            return [Property(name: "title", type: .string, initial: .string(""), verb: nil),
                    Property(name: "message", type: .optional(.string), initial: .none, verb: nil)]
        case .navigationBar:
            return [Property(name: "title", type: .string, initial: .string(""), verb: nil),
                    Property(name: "rightButtonEnabled", type: .bool, initial: .bool(true), verb: nil)]
        case .component:
            return []
        }
    }

    static func events(_ kind: ComponentKind) -> [Event] {
        switch kind {
        case .view, .label, .component, .activityIndicator, .progressView, .imageView: return []
        case .textField:
            return [Event(name: "editingChanged", payload: .property("text"), verb: nil),
                    Event(name: "editingDidBegin", payload: .void, verb: "focus"),
                    Event(name: "editingDidEnd", payload: .void, verb: "blur")]
        case .textView:
            return [Event(name: "didChange", payload: .property("text"), verb: nil),
                    Event(name: "didBeginEditing", payload: .void, verb: "focus"),
                    Event(name: "didEndEditing", payload: .void, verb: "blur")]
        case .searchBar:
            return [Event(name: "searchButtonClicked", payload: .void, verb: "search"),
                    Event(name: "cancelButtonClicked", payload: .void, verb: "cancel")]
        case .button: return [Event(name: "tap", payload: .void, verb: "tap")]
        case .slider, .stepper: return [Event(name: "valueChanged", payload: .property("value"), verb: nil)]
        case .segmentedControl: return [Event(name: "valueChanged", payload: .property("selectedIndex"), verb: nil)]
        case .datePicker: return [Event(name: "valueChanged", payload: .property("date"), verb: nil)]
        case .switch: return [Event(name: "valueChanged", payload: .property("isOn"), verb: nil)]
        case .pageControl: return [Event(name: "valueChanged", payload: .property("currentPage"), verb: nil)]
        case .table:
            return [Event(name: "rowSelected", payload: .row, verb: "select"), Event(name: "refresh", payload: .void, verb: "refresh"),
                    Event(name: "reachedBottom", payload: .void, verb: "scrollToEnd")]
        case .collectionView:
            return [Event(name: "itemSelected", payload: .row, verb: "select"), Event(name: "reachedBottom", payload: .void, verb: "scrollToEnd")]
        case .refreshControl: return [Event(name: "valueChanged", payload: .void, verb: "refresh")]
        case .alert: return [Event(name: "buttonTapped", payload: .value(.string), verb: "choose")]
        case .navigationBar:
            return [Event(name: "backTap", payload: .void, verb: "back"), Event(name: "rightButtonTap", payload: .void, verb: "tap")]
        }
    }

    /// Keys a component body takes besides its properties and events.
    static func settings(_ kind: ComponentKind) -> [String] {
        switch kind {
        case .button: return ["action"]
        case .slider: return ["minimumValue", "maximumValue"]
        case .stepper: return ["minimumValue", "maximumValue", "stepValue"]
        case .segmentedControl: return ["segments"]
        case .pageControl: return ["numberOfPages"]
        case .alert: return ["buttons"]
        case .component: return ["properties", "callbacks"]
        default: return []
        }
    }

    /// Scenario verbs that address components, with the kind of thing each acts on.
    static let verbs: [(verb: String, what: String)] = [
        ("type", "types into a text field, text view or search bar"), ("slide", "moves a slider"), ("step", "sets a stepper's value"),
        ("pick", "picks a segment or a date"), ("toggle", "flips a switch"), ("tap", "taps a button or a navigation bar's right button"),
        ("focus", "starts editing a text field or text view"), ("blur", "ends editing a text field or text view"),
        ("select", "selects a table row or collection item"), ("refresh", "pulls a table or refresh control to refresh"),
        ("scrollToEnd", "scrolls a table or collection view to its end"), ("search", "taps a search bar's search button"),
        ("cancel", "taps a search bar's cancel button"), ("page", "moves a page control to a page"),
        ("choose", "chooses an alert's button"), ("back", "taps a navigation bar's back button"),
        ("fire", "calls a component's delegate callback"),
    ]

    /// The list property whose element a `.row` event carries (`rows`, `items`).
    static func rowsProperty(_ kind: ComponentKind) -> String? {
        properties(kind).first { $0.type == nil }?.name
    }

    /// The first value of a numeric control's bounds when the spec gives none.
    static func defaultBounds(_ kind: ComponentKind) -> (minimum: Double, maximum: Double) {
        kind == .stepper ? (0, 100) : (0, 1)
    }
}
