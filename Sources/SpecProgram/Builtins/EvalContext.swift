// What a compiled expression runs in and fails with. It sits with the checked program, below the
// engine that compiles expressions, because a builtin's implementation (``BuiltinEntry``) is a
// compiled expression over compiled arguments: the catalogue describes a builtin and says what it
// computes, the engine's `ExpressionCompiler` builds the closures and owns the context's values.

/// What an expression reads while it runs: the graph's current values, the event being handled
/// and the arguments of enclosing closures.
@_spi(Engine) public final class EvalContext {
    // Unchecked for speed, as the graph's own state (see ScreenGraph): every access is a plain read
    // or write that calls no other code while it lasts. The engine reads these in every compiled
    // expression, from another module, and Swift 6.3 honours `@exclusivity(unchecked)` only in the
    // module that declares the property: a direct access from the engine is a dynamic check
    // (`swift_beginAccess`, +34 % instructions on a login change). So each is stored under a
    // `stored…` name and used through an `@inlinable` property, whose body (with its unchecked
    // access) is compiled into the engine as written here. Swift serialises those bodies only for
    // a public type, hence `@_spi(Engine) public`: outside the package it stays unseen, and each
    // engine file that uses it says so with `@_spi(Engine) import SpecProgram`.
    @usableFromInline @exclusivity(unchecked) var storedValues: [Value]
    @usableFromInline @exclusivity(unchecked) var storedPayload: Value = .void
    @usableFromInline @exclusivity(unchecked) var storedClosureArguments: [Value] = []
    @usableFromInline @exclusivity(unchecked) var storedOperatorArguments: [Value] = []
    @usableFromInline @exclusivity(unchecked) var storedValueless: [Bool] = []
    @usableFromInline @exclusivity(unchecked) var storedMaximumValueSize = Int.max
    @usableFromInline @exclusivity(unchecked) var storedWork = 0
    @usableFromInline @exclusivity(unchecked) var storedMaximumWork = Int.max
    @usableFromInline @exclusivity(unchecked) var storedExceeded: String?

    /// Every node's current value, by node index.
    @inlinable package var values: [Value] {
        get { storedValues }
        set { storedValues = newValue }
        _modify { yield &storedValues }
    }

    /// The event being handled.
    @inlinable package var payload: Value {
        get { storedPayload }
        set { storedPayload = newValue }
        _modify { yield &storedPayload }
    }

    /// The arguments of the enclosing closures (`map { $0 … }`), innermost last.
    @inlinable package var closureArguments: [Value] {
        get { storedClosureArguments }
        set { storedClosureArguments = newValue }
        _modify { yield &storedClosureArguments }
    }

    /// `$0`, `$1` of the operator expression being evaluated.
    @inlinable package var operatorArguments: [Value] {
        get { storedOperatorArguments }
        set { storedOperatorArguments = newValue }
        _modify { yield &storedOperatorArguments }
    }

    /// Per node, whether it has no value (see `ScreenGraph.markValueless`); empty while every node
    /// has one, so that a read costs one test of `isEmpty`.
    @inlinable package var valueless: [Bool] {
        get { storedValueless }
        set { storedValueless = newValue }
        _modify { yield &storedValueless }
    }

    /// Node names, for the message of a read of a node with no value.
    package let names: [String]

    /// The clock's time in milliseconds, which `now` reads: the graph sets it to its clock's
    /// (virtual in a scenario, real time on a live screen); 0 in a context with no graph (a
    /// state's first value, read before anything starts).
    package var clockNow: () -> Int = { 0 }

    /// The most characters (UTF-8 bytes) in a string or elements in a list an expression may
    /// build; see ``ScenarioRunner/maximumValueSize``.
    @inlinable package var maximumValueSize: Int {
        get { storedMaximumValueSize }
        set { storedMaximumValueSize = newValue }
    }

    /// List elements and characters the expressions went through so far (copied, mapped,
    /// searched, printed); see ``ScenarioRunner/maximumWork``.
    @inlinable package var work: Int {
        get { storedWork }
        set { storedWork = newValue }
    }

    /// The most work the expressions may do; see ``ScenarioRunner/maximumWork``.
    @inlinable package var maximumWork: Int {
        get { storedMaximumWork }
        set { storedMaximumWork = newValue }
    }

    /// Set when an expression went past ``maximumValueSize`` or ``maximumWork``: the scenario stops.
    @inlinable package var exceeded: String? {
        get { storedExceeded }
        set { storedExceeded = newValue }
    }

    package init(values: [Value], names: [String] = []) {
        self.storedValues = values
        self.names = names
    }

    /// The error for a string or list that would grow past ``maximumValueSize``; records it so
    /// the graph's owner can stop the scenario.
    package func tooLarge(_ what: String, _ size: Int) -> EvalError {
        let message = what == "value"
            ? "a value too large to print as text (more than \(maximumValueSize) elements and characters)"
            : "a \(what) of \(size) \(what == "string" ? "characters" : "elements") is larger than the limit of \(maximumValueSize)"
        if exceeded == nil { exceeded = message }
        return EvalError(message: message)
    }

    /// Counts `elements` of work; past ``maximumWork`` the expression fails and the scenario stops.
    @inlinable
    package func spend(_ elements: Int) throws(EvalError) {
        storedWork &+= elements
        if storedWork > storedMaximumWork { throw overBudget() }
    }

    /// The error past the work budget, recorded so that the scenario stops.
    @usableFromInline @inline(never)
    package func overBudget() -> EvalError {
        let message = "the expressions went through more than \(maximumWork) list elements and characters (the work budget)"
        if exceeded == nil { exceeded = message }
        return EvalError(message: message)
    }

    /// Throws ``noValue(_:)`` when `node` has no value. Out of line: the compiled read of a node
    /// calls it only for a `.none` while some node has no value.
    @inline(never)
    package func checkHasValue(_ node: Int) throws(EvalError) {
        if valueless[node] { throw noValue(node) }
    }

    /// How `v` reads inside string interpolation (strings without quotes), refusing a value too
    /// large to print within the value-size limit (a list of shared parts can be small in memory
    /// and terabytes as text).
    package func describe(_ v: Value) throws(EvalError) -> String {
        if case .string(let s) = v { return s }
        let size = v.size(upTo: maximumValueSize)
        if size > maximumValueSize { throw tooLarge("value", size) }
        try spend(size)
        return ValueFormatter.text(v)
    }

    /// A read of a node with no value fails, rather than passing a placeholder on.
    package func noValue(_ node: Int) -> EvalError {
        EvalError(message: "'\(node < names.count ? names[node] : "?")' has no value (its expression failed)")
    }
}

/// An expression failed while running; the graph reports it and keeps going, and a stream ends
/// with it (an error event).
@usableFromInline package struct EvalError: Error {
    package var message: String
    /// The error `fail(…)` raised; nil for a failure of the evaluation itself (overflow, division
    /// by zero), which a stream ends with as an `evaluation` error carrying ``message``.
    package var raised: ErrorValue?

    package init(message: String) {
        self.message = message
    }

    /// `fail(error)`.
    package init(raising error: ErrorValue) {
        self.message = "'fail(.\(ValueFormatter.text(.error(error))))'"
        self.raised = error
    }

    /// The error a stream ends with when its expression fails so.
    package var streamError: ErrorValue { raised ?? ErrorValue(.evaluation, message: message) }
}

package typealias CompiledExpr = (EvalContext) throws(EvalError) -> Value
