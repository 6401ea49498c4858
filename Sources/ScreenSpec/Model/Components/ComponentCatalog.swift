/// Every kind of view component a spec can declare, one ``ComponentEntry`` each, in the order
/// messages and the schema list them (`ComponentCatalog+Entries.swift`). The reader, the view
/// pass, the scenario steps, the JSON Schema and the preview's page all read the entries: a kind
/// added there is read, checked, played, described and drawn with nothing else to change but its
/// drawing in the page.
///
/// It lives in the front end: the engine never needs a kind (a ``ComponentPlan`` keeps the kind
/// as written, for the tools that draw the view), and the preview sits above the front end.
package enum ComponentCatalog {
    private static let byName: [String: ComponentEntry] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The entry of the kind written `name`, nil for a kind the catalogue does not have.
    package static func entry(named name: String) -> ComponentEntry? { byName[name] }

    /// The verb of the gesture that fires event `event` of a component of kind `kind` with no
    /// value (a button's `tap`), nil when none does: the step a tool writes for that gesture.
    package static func gestureVerb(kind: String, event: String) -> String? {
        guard let declared = entry(named: kind)?.events.first(where: { $0.name == event }), declared.payload == .void else { return nil }
        return declared.verb?.name
    }

    /// Every kind's name, for "did you mean" and the list in messages.
    package static var names: [String] { all.map(\.name) }
}
