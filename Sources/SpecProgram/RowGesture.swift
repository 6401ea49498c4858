/// A person's gesture on a component of a row (`tap: { cart.plusButton: { row: 2 } }`,
/// `step: { cart.quantityStepper: { row: 2, value: 3 } }`, `toggle: { settings.wifiSwitch: { row:
/// wifi, value: true } }`): what a `sendRow` step made from a
/// gesture carries beside the input it fires, so that the engine plays it as the same gesture
/// on a control of the screen plays. A disabled component (its `enabled` property false on that
/// row) ignores it; a value gesture that leaves the shown value as it is fires nothing; else it
/// writes the ``CellsPlan/Component/twoWay`` input (a value gesture) and fires the inputs of
/// ``events``, all on that row in one transaction.
package struct RowGesture: Sendable, Codable, Hashable {
    /// The component, an index into the entry's ``CellsPlan/view``.
    package var component: Int
    /// The component's events the gesture fires (indices into its ``CellsPlan/Component/events``),
    /// each sending its input the gesture's value (nothing to an event input).
    package var events: [Int]
    /// Whether the gesture changes the component's ``CellsPlan/Component/valueProperty`` (a
    /// stepper's `step:`, a switch's `toggle:`, a slider's `slide:`, a segmented control's
    /// `pick:`, a text field's `type:`) to the step's value.
    package var writes: Bool
    /// The gesture's verb as a scenario writes it (`tap`, `step`, `toggle` ...), for the tools that write a
    /// step back; the engine does not read it.
    package var verb: String

    /// Memberwise, at `package` access: the front end builds the program.
    package init(component: Int, events: [Int], writes: Bool = false, verb: String) {
        self.component = component
        self.events = events
        self.writes = writes
        self.verb = verb
    }
}
