/// The values a component property can take, such as a slider's `0.0...1.0` or a segmented
/// control's `-1...2`: a binding that delivers anything else is a binding error.
package struct ValueConstraint: Sendable, Hashable {
    package var minimum: Double
    package var maximum: Double
    /// Whether the bounds are integers (a segment index) or not (a slider value).
    package var integral: Bool
    /// A day written `YYYY-MM-DD` (a date picker's date) instead of a number in bounds.
    package var isDay = false

    package init(minimum: Double, maximum: Double, integral: Bool) {
        self.minimum = minimum
        self.maximum = maximum
        self.integral = integral
    }

    /// A day of the proleptic Gregorian calendar, written `YYYY-MM-DD`.
    package static let day: ValueConstraint = {
        var c = ValueConstraint(minimum: 0, maximum: 0, integral: true)
        c.isDay = true
        return c
    }()

    /// `0.0...1.0` or `-1...2`.
    package var range: String {
        if isDay { return "a day written YYYY-MM-DD" }
        return integral ? "\(Int(minimum))...\(Int(maximum))" : "\(ValueFormatter.formatDouble(minimum))...\(ValueFormatter.formatDouble(maximum))"
    }

    /// Whether `value` lies within the bounds; values of other types are not this check's business.
    package func allows(_ value: Value) -> Bool {
        switch value {
        case .string(let s) where isDay: return Self.isDay(s)
        case .int(let i): return isDay || Double(i) >= minimum && Double(i) <= maximum
        case .double(let d): return isDay || d >= minimum && d <= maximum
        default: return true
        }
    }

    static func isDay(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), (1...12).contains(m), d >= 1 else { return false }
        let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return d <= days[m - 1]
    }
}

/// A person acting on a component in a scenario: one transaction that shows the new value,
/// fires the component's streams and the inputs they feed, and executes the actions they trigger.
package struct GesturePlan: Sendable {
    package enum Payload: Sendable {
        case value(Value)
        /// Row `index` of the list in node `rows`, looked up when the step runs.
        case row(rows: Int, index: Int)
        /// Swipe to delete row `index` of the list in node `rows`: ``GesturePlan/events`` carry
        /// the index (`itemDeleted`), ``GesturePlan/modelEvents`` the row's model
        /// (`modelDeleted`). Only reported: the list changes when the view model changes it.
        case deleteRow(rows: Int, index: Int)
        /// Drags row `from` of the list in node `rows` to index `to` (both rows that exist when
        /// the step runs): the events carry `move`, the record `{ from, to }` of the type they
        /// feed (`itemMoved`). Only reported, as `deleteRow`.
        case moveRow(rows: Int, from: Int, to: Int, move: Value)
    }

    /// The component's name and kind, for the timeline.
    package var component: String
    package var kind: String
    package var payload: Payload
    /// The component's `enabled` node: while it is false the gesture does nothing, as UIKit
    /// sends no events from a disabled control.
    package var enabled: Int?
    /// The component's `isHidden` node, when something binds it: while it is true the gesture
    /// does nothing, as UIKit's hit-testing skips a hidden view and a person cannot touch it.
    package var hidden: Int? = nil
    /// Nodes that show the new value (the property the person changed).
    package var writes: [Int]
    /// Streams fired with the payload.
    package var events: [Int]
    package var actions: [Int]
    /// Streams fired with the row's model, and actions executed with it, beside the payload's
    /// (a `deleteRow`'s `modelDeleted`, which fires with `itemDeleted` in one transaction).
    package var modelEvents: [Int] = []
    package var modelActions: [Int] = []
    /// Nodes set to nil by the gesture: choosing an alert's button dismisses it.
    package var clears: [Int] = []
    /// A node that must not be nil for the gesture to reach the component (an alert's message:
    /// a person cannot choose a button of an alert that is not shown).
    package var shownWhile: Int?
    /// The step's verb and target as written (`tap`, `confirm`; `type`, `email`), so that
    /// `specrun explore` can write the gesture back as a step.
    package var verb: String = ""
    package var target: String = ""
    /// The component (an index into ``CheckedSpec/components``) whose bounds are expressions,
    /// for a gesture that changes its value: the value must lie in the bounds in force when the
    /// step plays (numbers written as bounds are checked with the spec). `stepValue` is the
    /// component's ``ComponentPlan/step``.
    package var bounds: Int? = nil
    /// A touch of a control that follows a finger (a slider's `press:` and `release:`): the
    /// control's `isTracking` node and what the touch sets it to. The gesture is not made when
    /// the node already holds it (UIKit sends no touch up without a touch down, and no second
    /// touch down while a finger holds the control).
    package var tracking: Tracking? = nil

    /// See ``tracking``.
    package struct Tracking: Sendable, Hashable, Codable {
        /// The control's `isTracking` node.
        package var node: Int
        /// What the touch sets it to: true for a touch down, false for a touch up.
        package var to: Bool

        package init(node: Int, to: Bool) {
            self.node = node
            self.to = to
        }
    }

    /// Memberwise, at `package` access: the front end builds the program.
    package init(
        component: String,
        kind: String,
        payload: Payload,
        enabled: Int? = nil,
        hidden: Int? = nil,
        writes: [Int],
        events: [Int],
        actions: [Int],
        clears: [Int] = [],
        shownWhile: Int? = nil,
        verb: String = "",
        target: String = "",
        bounds: Int? = nil
    ) {
        self.component = component
        self.kind = kind
        self.payload = payload
        self.enabled = enabled
        self.hidden = hidden
        self.writes = writes
        self.events = events
        self.actions = actions
        self.clears = clears
        self.shownWhile = shownWhile
        self.verb = verb
        self.target = target
        self.bounds = bounds
    }
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension ValueConstraint: Codable {}
extension GesturePlan: Codable {}
extension GesturePlan.Payload: Codable {}
