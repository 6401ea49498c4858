/// What a view model of a screen offers, member by member under the spec's names: the contract
/// through which `SpecConformance` plays a spec's scenarios against a view model someone wrote
/// (docs/conformance.md).
///
/// `specrun generate` writes one per spec over the spec's protocol (`LoginScreen.contract`, a
/// `ScreenContract<any LoginViewModeling>`), so a view model that conforms to `LoginViewModeling`
/// needs nothing else; an adapter (an RxSwift view model's relays and drivers) builds its own with
/// these methods. Each member is a closure on the main actor: the view model is read and driven
/// where a view would drive it.
public struct ScreenContract<Model>: Sendable {
    /// How the conformance runner drives and reads one member.
    package enum Member: Sendable {
        /// An input property or a value input: given the spec's value.
        case input(@MainActor @Sendable (Model, Value) throws -> Void)
        /// An event input (`Void`).
        case event(@MainActor @Sendable (Model) -> Void)
        /// An action executed directly (a button bound to it), with its input when it takes one.
        case action(@MainActor @Sendable (Model, Value) throws -> Void)
        /// An output read now: its value, nil for a stream that has not emitted.
        case output(@MainActor @Sendable (Model) -> (any Encodable)?)
        /// An output that pushes each element to the given closure from the moment it is subscribed.
        case stream(@MainActor @Sendable (Model, @escaping @MainActor @Sendable (any Encodable) -> Void) -> Void)
        /// An input of a row's view model: given the row's identity and the spec's value (`()`
        /// for an event).
        case row(@MainActor @Sendable (Model, _ row: Value, _ value: Value) throws -> Void)
    }

    /// The compiled program of the spec (the generated screen's `program`).
    package let program: String
    /// The members by the spec's node or action names, in the order they were given.
    package private(set) var members: [(name: String, member: Member)] = []

    /// A contract of the compiled `program` (`LoginScreen.program`), with no member yet.
    public init(program: String) {
        self.program = program
    }

    private func adding(_ name: String, _ member: Member) -> Self {
        var copy = self
        copy.members.append((name, member))
        return copy
    }

    /// The input property `name` (the spec's name): the runner sets it as a view would.
    public func input<T: Decodable>(_ name: String, set: @escaping @MainActor @Sendable (Model, T) -> Void) -> Self {
        adding(name, .input { model, value in set(model, try TypedScreenCore.decode(value, as: T.self)) })
    }

    /// The event input `name`: the runner fires it as a view would.
    public func event(_ name: String, fire: @escaping @MainActor @Sendable (Model) -> Void) -> Self {
        adding(name, .event(fire))
    }

    /// The value input `name`: the runner sends it each value.
    public func valueInput<T: Decodable>(_ name: String, send: @escaping @MainActor @Sendable (Model, T) -> Void) -> Self {
        adding(name, .input { model, value in send(model, try TypedScreenCore.decode(value, as: T.self)) })
    }

    /// The action `name`, executed directly as a button bound to it does (`button: { action: login }`).
    public func action(_ name: String, execute: @escaping @MainActor @Sendable (Model) -> Void) -> Self {
        adding(name, .action { model, _ in execute(model) })
    }

    /// The action `name` that takes an input, executed directly with it.
    public func action<T: Decodable>(_ name: String, executeWith execute: @escaping @MainActor @Sendable (Model, T) -> Void) -> Self {
        adding(name, .action { model, value in execute(model, try TypedScreenCore.decode(value, as: T.self)) })
    }

    /// The event `name` of a `cells:` entry's rows (`cart.remove`): the runner sends it to the
    /// row with the identity a step gives (the `id:` field's value), as the row's cell would.
    public func rowEvent<Row: Decodable>(_ name: String, send: @escaping @MainActor @Sendable (Model, _ row: Row) -> Void) -> Self {
        adding(name, .row { model, row, _ in send(model, try TypedScreenCore.decode(row, as: Row.self)) })
    }

    /// The value input `name` of a `cells:` entry's rows (`cart.quantity`): the runner sends each
    /// value to the row with the identity a step gives.
    public func rowInput<Row: Decodable, T: Decodable>(_ name: String, send: @escaping @MainActor @Sendable (Model, _ row: Row, _ value: T) -> Void) -> Self {
        adding(name, .row { model, row, value in
            send(model, try TypedScreenCore.decode(row, as: Row.self), try TypedScreenCore.decode(value, as: T.self))
        })
    }

    /// The output `name` (an output, an action's `enabled` or `executing`, or a stream's latest
    /// element), read after every step and whenever time passes; nil while a stream has not emitted.
    public func output<T: Encodable>(_ name: String, read: @escaping @MainActor @Sendable (Model) -> T?) -> Self {
        adding(name, .output { model in read(model).map { $0 as any Encodable } })
    }

    /// The output `name` as a stream the view model pushes (an RxSwift `Observable`): `subscribe`
    /// is called once, before the first step, and passes each element to the closure it is given.
    /// Of a stream, every element counts, equal ones in a row too; of an output the spec holds as
    /// a value (state, a derived output, an action's flags), only changes, as the spec shows it.
    public func stream<T: Encodable>(_ name: String, subscribe: @escaping @MainActor @Sendable (Model, _ emit: @escaping @MainActor @Sendable (T) -> Void) -> Void) -> Self {
        adding(name, .stream { model, emit in subscribe(model) { emit($0) } })
    }
}
