/// What a scenario produced, in order: emissions, the steps between them, failed expectations
/// and runtime errors.
public struct Timeline: Sendable, Hashable {
    package enum Entry: Sendable, Hashable {
        case emission(time: Int, name: String, value: Value)
        case step(time: Int, text: String)
        /// An `expect:` that did not hold; `line` is the step's line in the spec.
        case failure(time: Int, message: String, file: String, line: Int)
        case runtimeError(time: Int, message: String)
        /// A stream ended: `completed` or an error. Nothing of `name` follows.
        case end(time: Int, name: String, end: StreamEnd)
        /// An inner stream of `name` was cancelled before it ended; `call` names the service call.
        case cancel(time: Int, name: String, call: String)
        /// Service `service` was called with `arguments`, named `names` (its `params:`), as RxTest
        /// records a subscription to a test observable.
        case call(time: Int, service: String, names: [String], arguments: [Value])
    }

    /// The screen's name (`screen:`).
    public package(set) var screen: String
    /// The scenario's name.
    public package(set) var scenario: String
    package var entries: [Entry] = []
    /// The width of the name column in text form: the spec's longest visible name.
    package var nameWidth: Int
    /// The spec's `cells:` and `children:` entries, whose rows the text form prints by identity
    /// after their first line (``TimelineRows``); empty prints every value whole.
    package var rowLists: [TimelineRows.List] = []
    /// True when a runaway limit stopped the scenario before its last step; such a timeline is
    /// reported, never recorded as a snapshot.
    public package(set) var stoppedByLimit = false

    package init(screen: String, scenario: String, nameWidth: Int, rowLists: [TimelineRows.List] = []) {
        self.screen = screen
        self.scenario = scenario
        self.nameWidth = nameWidth
        self.rowLists = rowLists
    }

    package var failures: [Entry] {
        entries.filter {
            switch $0 {
            case .failure, .runtimeError: return true
            default: return false
            }
        }
    }

    /// Whether every expectation held and no expression failed at run time.
    public var passed: Bool { failures.isEmpty }

    /// How many entries the scenario recorded (emissions, steps, failures, ends, cancellations);
    /// ``TimelineFormatter`` prints them.
    public var entryCount: Int { entries.count }
}
