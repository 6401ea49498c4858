/// `interval: 1s` (0, 1, 2, … every period) or `timer: 2s` (0 once, then completed; with
/// `period:`, 0, 1, 2, … from the due time every period), on the virtual clock. An inner timer
/// (a request's) may compute either time per element instead (``computed``), as RxSwift's
/// `flatMapLatest { Observable<Int>.timer(.seconds($0 * 60), scheduler: s) }` does.
package struct TimerPlan: Sendable {
    /// Milliseconds from the subscription (a stream's own timer: the screen's start) to the first
    /// element; 0, and unused, when ``computed`` computes it.
    package var dueTime: Int
    /// Milliseconds between elements; nil: one element, then completed. 0, and unused, when
    /// ``computed`` computes it.
    package var period: Int?
    /// The times an inner timer computes per element from its request's arguments; nil when both
    /// are written as durations.
    package var computed: ComputedTimes?

    /// Memberwise, at `package` access: the front end builds the program.
    package init(dueTime: Int, period: Int? = nil, computed: ComputedTimes? = nil) {
        self.dueTime = dueTime
        self.period = period
        self.computed = computed
    }

    /// The longest time a timer waits, as a spec may write it (`DurationParser`): about 31 years,
    /// far from overflowing the clock.
    package static let longest = 1_000_000_000_000

    /// Whether it is an `interval`: its period is its due time (written, or computed by one
    /// argument).
    package var isInterval: Bool {
        period == dueTime && computed?.dueTime == computed?.period
    }

    /// The due time and period of one subscription, in milliseconds: the written ones, or those
    /// computed from the request's `arguments`, evaluated when the element arrived. A negative due
    /// time is 0, as RxSwift's timer, scheduled in the past, fires at once. A period below 1 ms
    /// (which RxSwift's dispatch timer refuses or repeats without end) or a time past ``longest``
    /// is the error the inner stream fails with at its subscription.
    package func times(_ arguments: [Value]) -> Times {
        guard let computed else { return .due(dueTime, period: period) }
        let what = isInterval ? "interval" : "timer"
        func refused(_ time: String, _ d: ComputedDuration, _ why: String?) -> Times {
            let tail = why.map { "is \(d.text(arguments)); \($0)" } ?? "is not an Int"
            return .refused(ErrorValue(.evaluation, message: "the \(time) computed for '\(what)' \(tail)"))
        }
        var due = dueTime
        if let d = computed.dueTime {
            guard let v = d.value(arguments) else { return refused("due time", d, nil) }
            if v <= 0 {
                due = 0
            } else if let ms = d.milliseconds(arguments), ms <= Self.longest {
                due = ms
            } else {
                return refused("due time", d, "a timer waits at most \(Self.text(Self.longest))")
            }
        }
        var every = period
        if let p = computed.period {
            guard let v = p.value(arguments) else { return refused("period", p, nil) }
            guard v > 0 else { return refused("period", p, "a period is above 0ms") }
            guard let ms = p.milliseconds(arguments), ms <= Self.longest else {
                return refused("period", p, "a timer waits at most \(Self.text(Self.longest))")
            }
            every = ms
        }
        return .due(due, period: every)
    }

    /// The times of one subscription (``times(_:)``).
    package enum Times: Sendable, Equatable {
        /// Milliseconds to the first element, and between the next ones (nil: none follows).
        case due(Int, period: Int?)
        /// Times it cannot keep: the inner stream fails with this at its subscription.
        case refused(ErrorValue)
    }

    /// How the timeline names it: `interval(1s)`, `timer(2s, period: 500ms)`, with the times its
    /// request computed from `arguments`.
    package func label(_ arguments: [Value]) -> String {
        let due = computed?.dueTime.map { $0.text(arguments) } ?? Self.text(dueTime)
        if isInterval { return "interval(\(due))" }
        let every = computed?.period.map { $0.text(arguments) } ?? period.map(Self.text)
        return "timer(\(due)" + (every.map { ", period: \($0)" } ?? "") + ")"
    }

    /// A duration as a spec writes it: `1s`, `1500ms`.
    package static func text(_ ms: Int) -> String {
        ms != 0 && ms % 1000 == 0 ? "\(ms / 1000)s" : "\(ms)ms"
    }
}

/// The times an inner timer computes per element: `{ timer: { seconds: "$0 * 60" } }`,
/// `{ interval: { milliseconds: period } }`, `period: { seconds: EXPR }`, each RxSwift's
/// `.seconds(_:)` or `.milliseconds(_:)` of an `Int` expression over the element.
package struct ComputedTimes: Sendable, Equatable {
    /// The due time's argument and unit; nil: the written ``TimerPlan/dueTime``.
    package var dueTime: ComputedDuration?
    /// The period's; nil: the written ``TimerPlan/period``. An `interval`'s is its due time's.
    package var period: ComputedDuration?

    /// Memberwise, at `package` access: the front end builds the program.
    package init(dueTime: ComputedDuration? = nil, period: ComputedDuration? = nil) {
        self.dueTime = dueTime
        self.period = period
    }
}

/// A time computed per element: the value of one of the request's arguments
/// (``ServiceCall/arguments``, an `Int`), in a unit.
package struct ComputedDuration: Sendable, Equatable {
    /// Which of the request's arguments computes it.
    package var argument: Int
    /// Milliseconds per unit: 1000 for `seconds:`, 1 for `milliseconds:`.
    package var unit: Int

    /// Memberwise, at `package` access: the front end builds the program.
    package init(argument: Int, unit: Int) {
        self.argument = argument
        self.unit = unit
    }

    /// The units a spec names, with their milliseconds, as RxSwift's `RxTimeInterval` cases.
    package static let units: [(name: String, milliseconds: Int)] = [("seconds", 1000), ("milliseconds", 1)]

    /// The argument's value; nil when it is missing or not an `Int`.
    func value(_ arguments: [Value]) -> Int? {
        guard arguments.indices.contains(argument), case .int(let v) = arguments[argument] else { return nil }
        return v
    }

    /// The value in milliseconds; nil when there is none or it overflows.
    func milliseconds(_ arguments: [Value]) -> Int? {
        guard let v = value(arguments) else { return nil }
        let (ms, overflow) = v.multipliedReportingOverflow(by: unit)
        return overflow ? nil : ms
    }

    /// As a spec would write it: `120s`, `1500ms`; the unit's name when it has no value yet.
    func text(_ arguments: [Value]) -> String {
        if let ms = milliseconds(arguments) { return TimerPlan.text(ms) }
        let name = Self.units.first { $0.milliseconds == unit }?.name ?? "\(unit)ms"
        return value(arguments).map { "\($0) \(name)" } ?? "\(name): …"
    }
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension TimerPlan: Codable {}
extension ComputedTimes: Codable {}
extension ComputedDuration: Codable {}
