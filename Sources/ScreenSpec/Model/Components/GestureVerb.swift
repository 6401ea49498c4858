import SpecRuntime

/// A scenario verb with which a person acts on a component (`tap:`, `type:`, `slide:` …): the
/// language's vocabulary of gestures, which component entries name. A kind takes the verbs its
/// properties and events name; the reader, the schema and the preview's page take every verb
/// listed here. A misspelt verb in an entry is a compile error.
package struct GestureVerb: Sendable, Hashable {
    package let name: String
    /// What it does, after "A person": the schema's description and the message for a component
    /// that does not take it.
    let what: String
    /// Whether a person can make it from the preview's page: all but `fire`, which calls a
    /// declared delegate callback.
    package let fromPage: Bool
    /// The timeline's text for a person changing a property with it.
    let wording: @Sendable (_ component: String, _ value: Value) -> String

    init(_ name: String, _ what: String, fromPage: Bool = true,
         wording: (@Sendable (_ component: String, _ value: Value) -> String)? = nil) {
        self.name = name
        self.what = what
        self.fromPage = fromPage
        self.wording = wording ?? { component, value in "\(name) \(component) to \(value)" }
    }

    package static func == (a: GestureVerb, b: GestureVerb) -> Bool { a.name == b.name }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Every verb, in the order the schema lists them.
    package static let all: [GestureVerb] = [
        .type, .slide, .press, .release, .drag, .step, .pick, .toggle, .tap, .focus, .blur, .select, .delete, .move, .refresh, .scrollToEnd, .scrollToTop, .search, .cancel, .page, .choose, .back, .fire,
    ]

    static let type = GestureVerb("type", "types into a text field, text view or search bar") { "type \($1) into \($0)" }
    static let slide = GestureVerb("slide", "moves a slider")
    static let press = GestureVerb("press", "touches a slider's thumb and holds it (UIKit's touchDown)")
    static let release = GestureVerb("release", "lets go of a slider it holds (UIKit's touchUpInside)")
    /// A drag is played as its gestures: `press:`, a `slide:` per value, `release:`.
    static let drag = GestureVerb("drag", "drags a slider: touches it, moves it through the values in order, lets go", fromPage: false)
    static let step = GestureVerb("step", "sets a stepper's value")
    static let pick = GestureVerb("pick", "picks a segment, a date or a picker view's row")
    static let toggle = GestureVerb("toggle", "flips a switch")
    static let tap = GestureVerb("tap", "taps a button or a navigation bar's right button")
    static let focus = GestureVerb("focus", "starts editing a text field or text view")
    static let blur = GestureVerb("blur", "ends editing a text field or text view")
    static let select = GestureVerb("select", "selects a table row or collection item")
    static let delete = GestureVerb("delete", "swipes a table row and taps Delete")
    static let move = GestureVerb("move", "drags a table row to another place")
    static let refresh = GestureVerb("refresh", "pulls a table or refresh control to refresh")
    static let scrollToEnd = GestureVerb("scrollToEnd", "scrolls a table or collection view to its end")
    /// Paging up, as a chat's older messages: RxCocoa has no `reachedTop`, which apps write over
    /// `rx.contentOffset` as they write `reachedBottom`.
    static let scrollToTop = GestureVerb("scrollToTop", "scrolls a table or collection view to its top")
    static let search = GestureVerb("search", "taps a search bar's search button")
    static let cancel = GestureVerb("cancel", "taps a search bar's cancel button")
    static let page = GestureVerb("page", "moves a page control to a page")
    static let choose = GestureVerb("choose", "chooses an alert's button")
    static let back = GestureVerb("back", "taps a navigation bar's back button")
    static let fire = GestureVerb("fire", "calls a component's delegate callback", fromPage: false)

    /// The gestures that edit a table's rows, each offered only where the spec binds its events.
    static let rowEdits: [GestureVerb] = [.delete, .move]

    /// The verb named `name`, nil for a word that is no gesture.
    package static func named(_ name: String) -> GestureVerb? { all.first { $0.name == name } }
}
