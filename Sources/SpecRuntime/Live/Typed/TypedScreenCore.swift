import Foundation

/// What the Swift that `specrun generate` writes is built on: a ``LiveScreen`` running the
/// embedded program, and typed reads, writes, events, actions, observation and services over it.
///
/// An app uses the generated types (`LoginScreen`, `LoginModel`), not this; it is public because
/// the generated code lives in the app's module (docs/generated-code.md). Every name it is given
/// comes from the same checked spec as the program it runs, and ``node(_:type:)`` checks them
/// once, when the screen is made; after that, what a typed property cannot throw (a write before
/// ``LiveScreen/start()`` or after ``LiveScreen/stop()``) is reported, never a trap:
/// to ``onMisuse(_:)``'s handler, or to standard error when there is none.
public final class TypedScreenCore: @unchecked Sendable {
    /// The live screen that runs the program.
    public let screen: LiveScreen
    /// The value each node has once the screen starts, computed when the core is made, so that
    /// a typed property reads what `start()` will show before it is called.
    private let initial: [Value?]
    private let lock = NSLock()
    private var misuseHandler: (@Sendable (String) -> Void)?

    /// A screen running the compiled `program` (the JSON `specrun compile` writes) with the
    /// values of its `params:` by name, each encoded as its parameter's type.
    public convenience init(program: String, params: [String: any Encodable & Sendable] = [:]) throws {
        let spec = try CompiledSpec.load(json: Data(program.utf8))
        var values: [String: Value] = [:]
        for (name, given) in params {
            guard let index = spec.node(named: name), case .param = spec.nodes[index].kind else {
                throw LiveScreenError.unknown("parameter", name, among: spec.params.map { spec.nodes[$0].name })
            }
            values[name] = try Self.encode(given, as: spec.nodes[index].type, of: name, spec.types)
        }
        try self.init(screen: LiveScreen(spec: spec, params: values))
    }

    /// A screen running the compiled `program`, opened by `navigation` (another screen's
    /// `navigate:`, its parameters already values): throws when it names another screen.
    public convenience init(program: String, navigation: ScreenNavigation) throws {
        let spec = try CompiledSpec.load(json: Data(program.utf8))
        guard navigation.value.screen == spec.screen else {
            throw LiveScreenError("the navigation opens '\(navigation.value.screen)', not '\(spec.screen)'")
        }
        let params = Dictionary(zip(navigation.value.paramNames, navigation.value.params)) { first, _ in first }
        try self.init(screen: LiveScreen(spec: spec, params: params))
    }

    private init(screen: LiveScreen) {
        self.screen = screen
        // A graph of its own, started on a clock nobody advances: the values `start()` computes
        // at time 0, with no service answered and no timer run.
        let scratch = ScreenGraph(program: ScreenProgram(screen.spec), clock: VirtualClock(), params: screen.graphParams, reportsNone: true)
        scratch.start()
        initial = screen.spec.nodes.indices.map { scratch.value(of: $0) }
    }

    // MARK: names

    /// The node `name`, checked to have the type the generated code was written for (`type` is
    /// the spec's spelling: `String`, `[Event]`, `Goal?`).
    public func node(_ name: String, type: String) throws -> ScreenNode {
        let node = try screen.node(name)
        guard node.type.description == type else {
            throw LiveScreenError("'\(name)' is '\(node.type)' in the program, the generated code expects '\(type)': generate the code again")
        }
        return node
    }

    /// Checks that the program has the action `name` (an action's members are nodes too).
    public func action(_ name: String) throws -> String {
        guard screen.spec.actionIndex(named: name) != nil else {
            throw LiveScreenError.unknown("action", name, among: screen.spec.actions.map(\.name))
        }
        return name
    }

    /// Checks that the program has the service `name`.
    public func service(_ name: String) throws -> String {
        guard screen.spec.services.contains(where: { $0.name == name }) else {
            throw LiveScreenError.unknown("service", name, among: screen.spec.services.map(\.name))
        }
        return name
    }

    // MARK: reading

    /// The node's current value as `T`: its live value once started, before that the value
    /// `start()` gives it. A node with no value (an expression that failed at start, such as an
    /// overflow) reads as `empty`, the value the generated code gives its type (false, 0, "",
    /// [], nil, a record of those).
    public func read<T: Decodable>(_ node: ScreenNode, as type: T.Type, empty: @autoclosure () -> T) -> T {
        latest(node, as: T.self) ?? empty()
    }

    /// The latest element of a stream (an event, a stream output, an action's elements or
    /// errors) as `T`; nil before its first.
    public func latest<T: Decodable>(_ node: ScreenNode, as type: T.Type) -> T? {
        guard let value = current(node) else { return nil }
        do {
            return try Self.decode(value, as: T.self)
        } catch {
            report("'\(node.name)' does not decode as \(T.self): \(error)")
            return nil
        }
    }

    /// The latest navigation of a stream of type `Navigation`; nil before its first.
    public func latestNavigation(_ node: ScreenNode) -> ScreenNavigation? {
        guard case .navigation(let navigation) = current(node) else { return nil }
        return ScreenNavigation(navigation)
    }

    private func current(_ node: ScreenNode) -> Value? {
        if screen.hasStartedNow { return screen.value(of: node) }
        return node.index < initial.count ? initial[node.index] : nil
    }

    // MARK: writing

    /// Writes an input property or state (``LiveScreen/set(_:to:)-(ScreenNode,_)``); a write the
    /// screen refuses is reported.
    public func write<T: Encodable>(_ node: ScreenNode, _ value: T) {
        do {
            try screen.set(node, to: try Self.encode(value, as: node.type, of: node.name, screen.spec.types))
        } catch {
            report("\(node.name) = …: \(error)")
        }
    }

    /// Fires an event input.
    public func fire(_ node: ScreenNode) {
        do {
            try screen.send(node, .void)
        } catch {
            report("\(node.name)(): \(error)")
        }
    }

    /// Fires a value input with `value`.
    public func fire<T: Encodable>(_ node: ScreenNode, _ value: T) {
        do {
            try screen.send(node, try Self.encode(value, as: node.type, of: node.name, screen.spec.types))
        } catch {
            report("\(node.name)(…): \(error)")
        }
    }

    /// Executes the action `name` as its trigger would, with no input.
    public func execute(_ action: String) {
        do {
            try screen.execute(action)
        } catch {
            report("\(action).execute(): \(error)")
        }
    }

    /// Executes the action `name` with `input`.
    public func execute<T: Encodable>(_ action: String, _ input: T) {
        do {
            guard let index = screen.spec.actionIndex(named: action) else { throw LiveScreenError.unknown("action", action, among: []) }
            try screen.execute(action, input: try Self.encode(input, as: screen.spec.actions[index].input, of: action, screen.spec.types))
        } catch {
            report("\(action).execute(…): \(error)")
        }
    }

    // MARK: observing

    /// The node's values as `T`: its value now (once started, when it has one), then each
    /// value it emits, none dropped. The sequence finishes when the stream completes or the screen
    /// stops, and throws the spec's ``ErrorValue`` when the stream ends with an error.
    public func values<T: Decodable & Sendable>(_ node: ScreenNode, as type: T.Type) -> AsyncThrowingStream<T, any Error> {
        let (stream, continuation) = AsyncThrowingStream<T, any Error>.makeStream(bufferingPolicy: .unbounded)
        let token = screen.addTypedObserver(node, onValue: { value in
            do {
                continuation.yield(try Self.decode(value, as: T.self))
            } catch {
                continuation.finish(throwing: LiveScreenError.undecodable(node.name, T.self, "\(error)"))
            }
        }, onEnd: ending(node) { error in
            if let error { continuation.finish(throwing: error) } else { continuation.finish() }
        })
        continuation.onTermination = { _ in token.cancel() }
        return stream
    }

    /// The navigations of a node of type `Navigation`, as ``values(_:as:)`` gives values, each
    /// made a `D` by `transform` (a generated screen's `Destination`; nil skips it).
    public func navigations<D: Sendable>(_ node: ScreenNode, _ transform: @escaping @Sendable (ScreenNavigation) -> D?) -> AsyncThrowingStream<D, any Error> {
        let (stream, continuation) = AsyncThrowingStream<D, any Error>.makeStream(bufferingPolicy: .unbounded)
        let token = screen.addTypedObserver(node, onValue: { value in
            if case .navigation(let navigation) = value, let made = transform(ScreenNavigation(navigation)) { continuation.yield(made) }
        }, onEnd: ending(node) { error in
            if let error { continuation.finish(throwing: error) } else { continuation.finish() }
        })
        continuation.onTermination = { _ in token.cancel() }
        return stream
    }

    /// Calls `onValue` with the node's value now (once started, when it has one) and each value
    /// it emits, as graph work (see ``LiveScreen``'s threads), then `onEnd` once with the error
    /// the stream ended with, or nil: the synchronous observation an RxSwift shape is made of.
    public func observe<T: Decodable & Sendable>(
        _ node: ScreenNode, as type: T.Type, _ onValue: @escaping @Sendable (T) -> Void, onEnd: @escaping @Sendable (ErrorValue?) -> Void
    ) -> ObservationToken {
        return screen.addTypedObserver(node, onValue: { [weak self] value in
            do {
                onValue(try Self.decode(value, as: T.self))
            } catch {
                self?.report("'\(node.name)' does not decode as \(T.self): \(error)")
            }
        }, onEnd: ending(node, onEnd))
    }

    /// ``observe(_:as:_:onEnd:)`` for an event or a `Void` stream.
    public func observeSignals(_ node: ScreenNode, _ onSignal: @escaping @Sendable () -> Void, onEnd: @escaping @Sendable (ErrorValue?) -> Void) -> ObservationToken {
        return screen.addTypedObserver(node, onValue: { _ in onSignal() }, onEnd: ending(node, onEnd))
    }

    /// ``observe(_:as:_:onEnd:)`` for a node of type `Navigation`, each made a `D` by `transform`.
    public func observeNavigations<D: Sendable>(
        _ node: ScreenNode, _ transform: @escaping @Sendable (ScreenNavigation) -> D?, _ onValue: @escaping @Sendable (D) -> Void,
        onEnd: @escaping @Sendable (ErrorValue?) -> Void
    ) -> ObservationToken {
        return screen.addTypedObserver(node, onValue: { value in
            if case .navigation(let navigation) = value, let made = transform(ScreenNavigation(navigation)) { onValue(made) }
        }, onEnd: ending(node, onEnd))
    }

    /// What to run when `node`'s stream ends: `finish` with the error it ended with, or nil.
    private func ending(_ node: ScreenNode, _ finish: @escaping @Sendable (ErrorValue?) -> Void) -> () -> Void {
        let graph = UncheckedBox(screen.graph)
        return {
            if case .error(let error) = graph.value.streamEnd(of: node.index) { finish(error) } else { finish(nil) }
        }
    }

    /// Calls `onChange` on `queue` after each transaction that changed any of `nodes` (an
    /// `@Observable` model refreshes its properties there). Until the token is cancelled or the
    /// screen stops.
    public func onChange(of nodes: [ScreenNode], on queue: DispatchQueue, _ onChange: @escaping @Sendable () -> Void) -> ObservationToken {
        let tokens = nodes.compactMap { node in try? screen.observe(node.name, on: queue) { _ in onChange() } }
        return ObservationToken { for token in tokens { token.cancel() } }
    }

    // MARK: services

    /// Serves `service` with typed arguments and answer (``LiveScreen/provide(_:_:)-(String,(Arguments)->Answer)``).
    public func provide<Arguments: Decodable & SendableMetatype, Answer: Encodable & SendableMetatype>(
        _ service: String, _ body: @escaping @Sendable (Arguments) async throws -> Answer
    ) {
        do { try screen.provide(service, body) } catch { report("provide \(service): \(error)") }
    }

    /// Serves a service that answers nothing.
    public func provide<Arguments: Decodable & SendableMetatype>(_ service: String, _ body: @escaping @Sendable (Arguments) async throws -> Void) {
        do { try screen.provide(service, body) } catch { report("provide \(service): \(error)") }
    }

    /// Serves a service that takes no arguments.
    public func provide<Answer: Encodable & SendableMetatype>(_ service: String, _ body: @escaping @Sendable () async throws -> Answer) {
        do { try screen.provide(service, body) } catch { report("provide \(service): \(error)") }
    }

    /// Serves a service that takes no arguments and answers nothing.
    public func provide(_ service: String, _ body: @escaping @Sendable () async throws -> Void) {
        do { try screen.provide(service, body) } catch { report("provide \(service): \(error)") }
    }

    /// Answers `service` from the spec's fake again.
    public func removeProvider(_ service: String) {
        do { try screen.removeProvider(service) } catch { report("remove the provider of \(service): \(error)") }
    }

    // MARK: misuse

    /// Called with a message when a typed property or method could not do what it was asked (a
    /// write before `start()` or after `stop()`); nil prints the message to standard error.
    public func onMisuse(_ handler: (@Sendable (String) -> Void)?) {
        lock.lock()
        misuseHandler = handler
        lock.unlock()
    }

    /// Reports a misuse to the handler, or to standard error.
    public func report(_ message: String) {
        lock.lock()
        let handler = misuseHandler
        lock.unlock()
        let line = "\(screen.spec.screen): \(message)"
        if let handler {
            handler(line)
        } else {
            FileHandle.standardError.write(Data(("specrun: " + line + "\n").utf8))
        }
    }

    /// Signals of an event or a `Void` stream (an action's completions): one `()` each time it
    /// fires, ending as ``values(_:as:)`` does.
    public func signals(_ node: ScreenNode) -> AsyncThrowingStream<Void, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Void, any Error>.makeStream(bufferingPolicy: .unbounded)
        let token = screen.addTypedObserver(node, onValue: { _ in continuation.yield(()) }, onEnd: ending(node) { error in
            if let error { continuation.finish(throwing: error) } else { continuation.finish() }
        })
        continuation.onTermination = { _ in token.cancel() }
        return stream
    }

    /// `value` as `T`: an error or a colour (or an optional one) directly, anything else through
    /// its `Codable` shape.
    package static func decode<T: Decodable>(_ value: Value, as type: T.Type) throws -> T {
        if let direct = T.self as? any DirectSpecValue.Type {
            guard let made = direct.init(specValue: value) as? T else {
                throw LiveScreenError("\(ValueFormatter.text(value)) is not a \(T.self)")
            }
            return made
        }
        return try value.decoded(as: T.self)
    }

    package static func encode<T: Encodable>(_ value: T, as type: SpecType, of name: String, _ types: TypeTable) throws -> Value {
        if let direct = value as? any DirectSpecValue { return direct.specValue }
        do throws(ServiceFailure) {
            return try Value(encoding: value, as: type, types: types, path: "the value")
        } catch {
            throw LiveScreenError.wrongType(name, type, error.error.message ?? "")
        }
    }
}

/// Another screen's `navigate:` as an app receives it: the screen it opens and its parameters,
/// which the generated screen of that spec takes (`UserScreen(navigation)`).
public struct ScreenNavigation: Sendable, Hashable {
    /// The navigation value as the spec has it.
    public let value: NavigationValue

    /// The screen the navigation opens (its spec's `screen:` name).
    public var screen: String { value.screen }

    /// A navigation from the spec's value.
    public init(_ value: NavigationValue) {
        self.value = value
    }

    /// The parameters decoded as a `Codable` struct with one property per parameter.
    public func parameters<T: Decodable>(as type: T.Type) throws -> T {
        let record = Value.record(RecordValue(type: value.screen, fieldNames: value.paramNames, fields: value.params))
        return try record.decoded(as: T.self)
    }
}

/// A value whose spec form is not its `Codable` one: taken and given directly.
protocol DirectSpecValue {
    init?(specValue: Value)
    var specValue: Value { get }
}

extension ErrorValue: DirectSpecValue {
    init?(specValue: Value) {
        guard case .error(let error) = specValue else { return nil }
        self = error
    }

    var specValue: Value { .error(self) }
}

extension ColorValue: DirectSpecValue {
    init?(specValue: Value) {
        guard case .color(let color) = specValue else { return nil }
        self = color
    }

    var specValue: Value { .color(self) }
}

extension Optional: DirectSpecValue where Wrapped: DirectSpecValue {
    init?(specValue: Value) {
        if case .none = specValue {
            self = .none
        } else if let wrapped = Wrapped(specValue: specValue) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }

    var specValue: Value { map(\.specValue) ?? .none }
}

extension ErrorValue {
    /// `unknown`, what a typed `Error` property reads when its node has no value.
    public static let unknownError = ErrorValue(.unknown)

    /// `notEnabled`: what an action's errors get when it is executed while disabled, as the
    /// `Action` library's `ActionError.notEnabled` (a view model written by hand emits it too).
    public static let notEnabled = ErrorValue(.notEnabled)
}

extension ColorValue {
    /// Black, what a typed `Color` property reads when its node has no value.
    public static let black = ColorValue(white: 0, alpha: 1)

    /// A grey as `UIColor(white:alpha:)` makes it (components from 0 to 1).
    public init(white: Double, alpha: Double = 1) {
        self = .white(white, alpha: alpha)
    }

    /// A colour as `UIColor(red:green:blue:alpha:)` makes it (components from 0 to 1).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self = .rgb(red, green, blue, alpha: alpha)
    }
}

/// The spec's error values are Swift errors: a typed sequence throws the error its stream ended
/// with, and a provider may throw one (as ``ServiceFailure`` does).
extension ErrorValue: Error {}

extension ErrorValue: CustomStringConvertible {
    /// As the spec writes it and a string interpolates it (`http(404)`, `decode`, `notEnabled`).
    public var description: String { ValueFormatter.text(.error(self)) }
}
