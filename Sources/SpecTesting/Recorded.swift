import ScreenSpec
import SpecRuntime

/// One event of a node at a virtual time, as RxTest's `Recorded<Event<T>>`: the time in
/// milliseconds of the virtual clock, and an element, the completion or the failure of a stream.
///
/// Tests compare whole arrays of them: `#expect(recorded == [next(210, 2), completed(250)])`.
package struct Recorded: Equatable, Sendable, CustomStringConvertible {
    /// What happened, after RxSwift's `Event`: `next* (error | completed)`.
    package enum Event: Equatable, Sendable {
        case next(Value)
        case completed
        case error(ErrorValue)
    }

    package var time: Int
    package var event: Event

    package init(_ time: Int, _ event: Event) {
        self.time = time
        self.event = event
    }

    /// The element when this is a `next`.
    package var value: Value? {
        if case .next(let value) = event { return value }
        return nil
    }

    /// An element at `time`, for array literals: `[.next(210, .int(2)), .completed(250)]`.
    package static func next(_ time: Int, _ value: Value) -> Recorded { Recorded(time, .next(value)) }

    /// The completion at `time`.
    package static func completed(_ time: Int) -> Recorded { Recorded(time, .completed) }

    /// The failure `error` at `time`.
    package static func error(_ time: Int, _ error: ErrorValue) -> Recorded { Recorded(time, .error(error)) }

    package var description: String {
        switch event {
        case .next(let value): return ".next(\(time), \(value))"
        case .completed: return ".completed(\(time))"
        case .error(let error): return ".error(\(time), \(Value.error(error)))"
        }
    }
}

/// An element at `time`.
package func next(_ time: Int, _ value: Value) -> Recorded { Recorded(time, .next(value)) }

/// An `Int` element at `time`.
package func next(_ time: Int, _ value: Int) -> Recorded { Recorded(time, .next(.int(value))) }

/// A `String` element at `time`.
package func next(_ time: Int, _ value: String) -> Recorded { Recorded(time, .next(.string(value))) }

/// A `Bool` element at `time`.
package func next(_ time: Int, _ value: Bool) -> Recorded { Recorded(time, .next(.bool(value))) }

/// The completion at `time`.
package func completed(_ time: Int) -> Recorded { Recorded(time, .completed) }

/// The failure `error` at `time`.
package func error(_ time: Int, _ error: ErrorValue) -> Recorded { Recorded(time, .error(error)) }
