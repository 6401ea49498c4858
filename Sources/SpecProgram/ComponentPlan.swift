/// A view component as the checker wired it, for tools that draw or list the view; the runtime
/// itself reads component nodes through handlers and gestures only.
package struct ComponentPlan: Sendable {
    /// A property cell, such as `email.text`.
    package struct Property: Sendable {
        package var name: String
        package var node: Int
        /// The hidden stream of the person's edits (a `ControlProperty`'s values); nil when only
        /// bindings write the property.
        package var edits: Int?

        /// Memberwise, at `package` access: the front end builds the program.
        package init(name: String, node: Int, edits: Int? = nil) {
            self.name = name
            self.node = node
            self.edits = edits
        }
    }

    /// An event or delegate callback, such as `confirm.tap`, and what it feeds.
    package struct Event: Sendable {
        package var name: String
        package var node: Int
        /// Input events and value streams it fires.
        package var feeds: [Int]
        /// Indices into ``CheckedSpec/actions`` it executes.
        package var actions: [Int]

        /// Memberwise, at `package` access: the front end builds the program.
        package init(name: String, node: Int, feeds: [Int], actions: [Int]) {
            self.name = name
            self.node = node
            self.feeds = feeds
            self.actions = actions
        }
    }

    package var name: String
    /// The kind as written: `textField`, `button`, `component` ...
    package var kind: String
    package var properties: [Property]
    package var events: [Event]
    /// The titles the spec gives: a segmented control's segments (`segments: [Red, Green]`), an
    /// alert's buttons (`buttons:`); nil when it gives none (a segment count).
    package var titles: [String]?
    /// A bounded control's `minimumValue:` and `maximumValue:` (the defaults when not written)
    /// and, when it steps, its `stepValue:`; nil for other components.
    package var minimum: Double?
    package var maximum: Double?
    package var step: Double?
    /// Bounds an expression gives (`maximumValue: Double(duration)`), kept in cells the engine
    /// reads as they change; nil when both are numbers, which ``minimum`` and ``maximum`` hold.
    package var bounds: Bounds?
    /// Titles an expression gives (`rows: names`), kept in a cell the engine reads as it changes
    /// (see ``Choices``); nil when they are written as a list or a count, which ``titles`` holds.
    package var choices: Choices?

    /// A bounded control's bounds as cells (`seek.minimumValue`, `seek.maximumValue`, the one
    /// written as a number never changing), and the value they bound. As UIKit sets a slider's or
    /// stepper's `value` inside new bounds, the engine moves the value into them whenever one
    /// changes, firing nothing (UIKit sends no `.valueChanged` for it); a binding's value outside
    /// them, and bounds the wrong way round, are runtime errors.
    package struct Bounds: Sendable, Hashable {
        package var minimum: Int
        package var maximum: Int
        /// The `value` property's cell.
        package var value: Int
        /// Whether the bounds may be equal: a slider's (`UISlider` then has one value), not a
        /// stepper's (`UIStepper` raises on `maximumValue` not above `minimumValue`).
        package var mayBeEqual: Bool
        /// Where the first bound written as an expression is, for the runtime errors.
        package var range: SpecRange
        /// A stepper's `stepValue` given by an expression (`stepValue: Double(unit)`), a cell the
        /// engine checks above 0 as it changes (UIStepper raises `NSInvalidArgumentException` on
        /// one that is not) and reads for `step:`; nil when it is a number, ``ComponentPlan/step``.
        package var step: Int?

        /// Memberwise, at `package` access: the front end builds the program.
        package init(minimum: Int, maximum: Int, value: Int, mayBeEqual: Bool, range: SpecRange, step: Int? = nil) {
            self.minimum = minimum
            self.maximum = maximum
            self.value = value
            self.mayBeEqual = mayBeEqual
            self.range = range
            self.step = step
        }

        /// Why `minimum` and `maximum` cannot bound a value (bounds the wrong way round, or not
        /// finite), or nil.
        package func problem(minimum: Double, maximum: Double) -> String? {
            Self.problem(minimum: minimum, maximum: maximum, mayBeEqual: mayBeEqual)
        }

        /// ``problem(minimum:maximum:)`` of a control whose bounds may be equal or not (a row's
        /// slider or stepper, which has no cells).
        package static func problem(minimum: Double, maximum: Double, mayBeEqual: Bool) -> String? {
            guard minimum.isFinite, maximum.isFinite else { return "a bound is not a finite number" }
            if minimum < maximum || mayBeEqual && minimum == maximum { return nil }
            return "the minimum must be \(mayBeEqual ? "at most" : "below") the maximum"
        }
    }

    /// Memberwise, at `package` access: the front end builds the program.
    package init(name: String, kind: String, properties: [Property], events: [Event], titles: [String]? = nil,
                 minimum: Double? = nil, maximum: Double? = nil, step: Double? = nil, bounds: Bounds? = nil,
                 choices: Choices? = nil) {
        self.name = name
        self.kind = kind
        self.properties = properties
        self.events = events
        self.titles = titles
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.bounds = bounds
        self.choices = choices
    }
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension ComponentPlan: Codable {}
extension ComponentPlan.Property: Codable {}
extension ComponentPlan.Event: Codable {}
extension ComponentPlan.Bounds: Codable {}
