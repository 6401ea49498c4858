/// A view component as the checker wired it, for tools that draw or list the view; the runtime
/// itself reads component nodes through handlers and gestures only.
public struct ComponentPlan: Sendable {
    /// A property cell, such as `email.text`.
    public struct Property: Sendable {
        public var name: String
        public var node: Int
        /// The hidden stream of the person's edits (a `ControlProperty`'s values); nil when only
        /// bindings write the property.
        public var edits: Int?

        /// Memberwise, at `package` access: the front end builds the program.
        package init(name: String, node: Int, edits: Int? = nil) {
            self.name = name
            self.node = node
            self.edits = edits
        }
    }

    /// An event or delegate callback, such as `confirm.tap`, and what it feeds.
    public struct Event: Sendable {
        public var name: String
        public var node: Int
        /// Input events and value streams it fires.
        public var feeds: [Int]
        /// Indices into ``CheckedSpec/actions`` it executes.
        public var actions: [Int]

        /// Memberwise, at `package` access: the front end builds the program.
        package init(name: String, node: Int, feeds: [Int], actions: [Int]) {
            self.name = name
            self.node = node
            self.feeds = feeds
            self.actions = actions
        }
    }

    public var name: String
    /// The kind as written: `textField`, `button`, `component` ...
    public var kind: String
    public var properties: [Property]
    public var events: [Event]
    /// The titles the spec gives: a segmented control's segments (`segments: [Red, Green]`), an
    /// alert's buttons (`buttons:`); nil when it gives none (a segment count).
    public var titles: [String]?
    /// A slider's or stepper's `minimumValue:` and `maximumValue:` (the defaults when not
    /// written) and a stepper's `stepValue:`; nil for other components.
    public var minimum: Double?
    public var maximum: Double?
    public var step: Double?

    /// Memberwise, at `package` access: the front end builds the program.
    package init(name: String, kind: String, properties: [Property], events: [Event], titles: [String]? = nil,
                 minimum: Double? = nil, maximum: Double? = nil, step: Double? = nil) {
        self.name = name
        self.kind = kind
        self.properties = properties
        self.events = events
        self.titles = titles
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
    }
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension ComponentPlan: Codable {}
extension ComponentPlan.Property: Codable {}
extension ComponentPlan.Event: Codable {}
