import RxRelay
import RxSwift

/// Seeds 000/001's `@SubjectProperty`: a property the view model reads and writes as a plain value,
/// whose projected value (`$email`) the view binds both ways, and which tells the view model of
/// every change through its stream (the seed's `didChanged(key:)` delegate becomes a
/// subscription). Backed by a `BehaviorRelay`, so a subscriber gets the current value first.
@propertyWrapper
public final class SubjectProperty<Element> {
    private let relay: BehaviorRelay<Element>

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Element) {
        relay = BehaviorRelay(value: wrappedValue)
    }

    /// The current value; setting it emits it.
    public var wrappedValue: Element {
        get { relay.value }
        set { relay.accept(newValue) }
    }

    /// The relay a view binds to: an observer it writes, an observable it reads.
    public var projectedValue: BehaviorRelay<Element> { relay }
}
