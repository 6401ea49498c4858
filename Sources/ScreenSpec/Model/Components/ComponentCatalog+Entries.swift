import SpecRuntime

/// The kinds, after UIKit's controls; each view kind also has UIView's `isHidden` and `alpha`
/// (``ComponentProperty/uiView``). An entry is the kind's properties (type, first value, the
/// gesture that changes it, its range), events (payload, gesture), settings, and how the preview
/// draws it; `docs/components.md` shows each in a played example.
extension ComponentCatalog {
    /// Every kind, in the order messages and the schema list them; `component` last.
    package static let all: [ComponentEntry] = [
        ComponentEntry("view", "view", "A plain view (UIView): 'backgroundColor'.",
                       properties: [ComponentProperty("backgroundColor", .color, .color(.white(1)))], drawing: "group"),
        ComponentEntry("label", "label", "A label (UILabel, 'rx.text'): 'text', 'textColor'.",
                       properties: [ComponentProperty("text", .string, .string("")), .textColor], settings: [.font]),

        // Text entry: the person's typing writes `text`.
        ComponentEntry("textField", "text field", "A text field (UITextField, 'rx.text' ControlProperty): a person types into it with 'type:'.",
                       properties: [ComponentProperty("text", .string, .string(""), verb: .type), ComponentProperty("placeholder", .string, .string("")),
                                    .textColor, .enabled],
                       events: [.changed("text", as: "editingChanged"), ComponentEvent("editingDidBegin", .void, verb: .focus),
                                ComponentEvent("editingDidEnd", .void, verb: .blur)], settings: [.font]),
        ComponentEntry("textView", "text view", "A text view (UITextView, 'rx.text', 'rx.didBeginEditing'): a person types into it with 'type:'.",
                       properties: [ComponentProperty("text", .string, .string(""), verb: .type), .textColor],
                       events: [.changed("text", as: "didChange"), ComponentEvent("didBeginEditing", .void, verb: .focus),
                                ComponentEvent("didEndEditing", .void, verb: .blur)], settings: [.font]),
        ComponentEntry("searchBar", "search bar",
                       "A search bar (UISearchBar, 'rx.text', 'rx.searchButtonClicked', 'rx.cancelButtonClicked'): 'type:', 'search:', 'cancel:'.",
                       properties: [ComponentProperty("text", .string, .string(""), verb: .type), ComponentProperty("placeholder", .string, .string(""))],
                       events: [ComponentEvent("searchButtonClicked", .void, verb: .search), ComponentEvent("cancelButtonClicked", .void, verb: .cancel)]),

        // Controls.
        ComponentEntry("button", "button", "A button (UIButton, 'rx.tap'): a person taps it with 'tap:'; 'action:' binds an Action.",
                       properties: [ComponentProperty("title", .string, .string("")), .enabled],
                       events: [ComponentEvent("tap", .void, verb: .tap)], settings: [.action, .font]),
        // UISlider clamps its value into minimumValue...maximumValue (0...1 by default).
        // A drag is a touch down, the value's changes, then a touch up ('rx.controlEvent(.touchDown)',
        // '.touchUpInside'); 'isTracking' is true in between.
        ComponentEntry("slider", "slider",
                       "A slider (UISlider, 'rx.value', 'rx.controlEvent(.touchDown)'): a person moves it with 'slide:', holds it with 'press:' and 'release:', or 'drag:'s it.",
                       properties: [ComponentProperty("value", .double, .double(0), verb: .slide, range: .bounds(minimum: 0, maximum: 1, stepped: false)),
                                    .enabled, ComponentProperty(ComponentEntry.trackingProperty, .bool, .bool(false))],
                       events: [.changed("value"), ComponentEvent("touchDown", .void, verb: .press, tracks: true),
                                ComponentEvent("touchUpInside", .void, verb: .release, tracks: false)],
                       settings: [.minimumValue, .maximumValue]),
        ComponentEntry("stepper", "stepper",
                       "A stepper (UIStepper, 'rx.value'): a person sets it with 'step:'; 'minimumValue:' and 'maximumValue:' bound it.",
                       properties: [ComponentProperty("value", .double, .double(0), verb: .step, range: .bounds(minimum: 0, maximum: 100, stepped: true)),
                                    .enabled],
                       events: [.changed("value")], settings: [.minimumValue, .maximumValue, .stepValue]),
        // UISegmentedControl.noSegment: nothing is selected until the person or a binding picks.
        ComponentEntry("segmentedControl", "segmented control",
                       "A segmented control (UISegmentedControl, 'rx.selectedSegmentIndex'): a person picks with 'pick:'.",
                       properties: [ComponentProperty("selectedIndex", .int, .int(-1), verb: .pick,
                                                      range: .index(IndexRange(first: -1, setting: "segments", text: "-1 (none) up to the number of segments - 1",
                                                                               missing: ", a count or a list of titles", example: "[Red, Green, Blue]")),
                                                      wording: { "pick segment \($1) of \($0)" }),
                                    .enabled],
                       events: [.changed("selectedIndex")], settings: [.segments], titles: "segments"),
        // A day written YYYY-MM-DD; the wall clock is never read, so it starts on 2001-01-01 (the
        // reference date of Foundation's Date) unless the spec gives 'initial:'.
        ComponentEntry("datePicker", "date picker", "A date picker (UIDatePicker, 'rx.date'): a day written YYYY-MM-DD, picked with 'pick:'.",
                       properties: [ComponentProperty("date", .string, .string("2001-01-01"), verb: .pick, range: .day), .enabled],
                       events: [.changed("date")]),

        // UIPickerView with one component, its rows titled as 'rx.itemTitles' binds them; it
        // shows a row whenever it has rows, so the first is selected until the person picks.
        ComponentEntry("pickerView", "picker view",
                       "A picker view (UIPickerView, 'rx.itemTitles', 'rx.itemSelected'): 'rows:' titles its rows, a person picks one with 'pick:'.",
                       properties: [ComponentProperty("selectedRow", .int, .int(0), verb: .pick,
                                                      range: .index(IndexRange(first: 0, setting: "rows", text: "from 0 to the number of rows - 1",
                                                                               missing: ", a list of row titles", example: "[Small, Medium, Large]")),
                                                      wording: { "pick row \($1) of \($0)" }),
                                    .enabled],
                       events: [.changed("selectedRow", as: "itemSelected")],
                       settings: [ComponentSetting(name: "rows",
                                                   reading: .titles(TitlesReading(what: "the picker view's row titles", example: "[Small, Medium, Large]", item: "row",
                                                                                  takesExpression: true)),
                                                   description: "The picker view's row titles, in order (RxCocoa's 'rx.itemTitles'): a list, or a [String] expression over the screen's names bound one way (the selected row then clamps into the new rows); a person picks one with 'pick:'.",
                                                   schema: ["anyOf": [["type": "array", "items": ["type": "string"], "minItems": 1], SpecSchema.ref("expression")]])],
                       titles: "rows", drawing: "picker"),

        // Lists: `rows`/`items` take their type from their binding.
        // Swipe to delete and reorder as RxCocoa's `rx.itemDeleted`, `rx.modelDeleted` and
        // `rx.itemMoved`: the gestures only report, and a table offers each only when the spec
        // binds it (a data source that commits edits).
        ComponentEntry("table", "table",
                       "A table view (UITableView, 'rx.items', 'rx.modelSelected', 'rx.itemDeleted', 'rx.itemMoved'): 'select:', 'refresh:', 'scrollToEnd:', 'scrollToTop:', 'delete:' and 'move:'.",
                       properties: [ComponentProperty("rows", nil, .list([])), ComponentProperty("refreshing", .bool, .bool(false))],
                       events: [ComponentEvent("rowSelected", .row, verb: .select), ComponentEvent("refresh", .void, verb: .refresh),
                                ComponentEvent("reachedBottom", .void, verb: .scrollToEnd), ComponentEvent("reachedTop", .void, verb: .scrollToTop),
                                ComponentEvent("itemDeleted", .rowIndex, verb: .delete), ComponentEvent("modelDeleted", .row, verb: .delete),
                                ComponentEvent("itemMoved", .rowMove, verb: .move)],
                       drawing: "list"),
        ComponentEntry("collectionView", "collection view",
                       "A collection view (UICollectionView, 'rx.items', 'rx.modelSelected', 'rx.itemMoved'): 'select:', 'scrollToEnd:', 'scrollToTop:' and 'move:'.",
                       properties: [ComponentProperty("items", nil, .list([]))],
                       events: [ComponentEvent("itemSelected", .row, verb: .select), ComponentEvent("reachedBottom", .void, verb: .scrollToEnd),
                                ComponentEvent("reachedTop", .void, verb: .scrollToTop), ComponentEvent("itemMoved", .rowMove, verb: .move)],
                       drawing: "list"),

        ComponentEntry("switch", "switch", "A switch (UISwitch, 'rx.isOn'): a person flips it with 'toggle:'.",
                       properties: [ComponentProperty("isOn", .bool, .bool(false), verb: .toggle), .enabled], events: [.changed("isOn")]),

        // Status.
        ComponentEntry("activityIndicator", "activity indicator", "An activity indicator (UIActivityIndicatorView, 'rx.isAnimating').",
                       properties: [ComponentProperty("isAnimating", .bool, .bool(false))]),
        ComponentEntry("refreshControl", "refresh control",
                       "A refresh control (UIRefreshControl, 'rx.isRefreshing', 'rx.controlEvent(.valueChanged)'): a person pulls it with 'refresh:'.",
                       properties: [ComponentProperty("isRefreshing", .bool, .bool(false))],
                       events: [ComponentEvent("valueChanged", .void, verb: .refresh)]),
        ComponentEntry("progressView", "progress view", "A progress view (UIProgressView, 'rx.progress'): 'progress' from 0 to 1.",
                       properties: [ComponentProperty("progress", .double, .double(0), range: .fixed(minimum: 0, maximum: 1))]),
        ComponentEntry("pageControl", "page control",
                       "A page control (UIPageControl, 'rx.currentPage'): a person moves it with 'page:'; 'numberOfPages:' bounds it.",
                       properties: [ComponentProperty("currentPage", .int, .int(0), verb: .page,
                                                      range: .index(IndexRange(first: 0, setting: "numberOfPages", text: "from 0 to 'numberOfPages' - 1",
                                                                               missing: "", example: "3")))],
                       events: [.changed("currentPage")], settings: [.numberOfPages]),
        // The image's name in the asset catalogue; nil shows no image.
        ComponentEntry("imageView", "image view", "An image view (UIImageView, 'rx.image'): 'image' names an image, nil for none.",
                       properties: [ComponentProperty("image", .optional(.string), .none)]),

        // Presented over the screen and around it.
        ComponentEntry("alert", "alert",
                       "An alert (UIAlertController) shown while 'message' is not nil, its 'buttons:' chosen with 'choose:' (a signal in, an event out).",
                       properties: [ComponentProperty("title", .string, .string("")), ComponentProperty("message", .optional(.string), .none)],
                       events: [ComponentEvent("buttonTapped", .value(.string), verb: .choose, choices: "buttons")],
                       settings: [.buttons], titles: "buttons", shownWhile: "message", isView: false),
        ComponentEntry("navigationBar", "navigation bar",
                       "A navigation bar (UINavigationItem 'rx.title', UIBarButtonItem 'rx.tap'): 'title', 'back:' and 'tap:' on its right button.",
                       properties: [ComponentProperty("title", .string, .string("")), ComponentProperty("rightButtonEnabled", .bool, .bool(true))],
                       events: [ComponentEvent("backTap", .void, verb: .back), ComponentEvent("rightButtonTap", .void, verb: .tap)], isView: false),

        // Anything else, with declared `properties:` and delegate `callbacks:` (a DelegateProxy).
        ComponentEntry("component", "component",
                       "Any other object, with declared 'properties:' and delegate 'callbacks:' (a DelegateProxy), fired with 'fire:'.",
                       settings: [.properties, .callbacks], drawing: "properties", isView: false),
    ]
}
