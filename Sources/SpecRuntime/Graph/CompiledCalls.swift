@_spi(Engine) import SpecProgram

/// A compiled expression held by an object the program owns, so that a graph calls it through
/// `Unmanaged` with no retain.
///
/// A closure read out of an array is copied before it is called: its context is retained and
/// released around the call (the array could change during it, as far as the compiler knows).
/// The program keeps each closure in one of these boxes for as long as it lives, and the graph,
/// which holds its program, calls through an unowned reference to the box
/// (`_withUnsafeGuaranteedRef`), whose `let` closure is then lent, not copied: an Int/Bool change
/// retains nothing. What propagation calls per change goes through these (a derived node's
/// expression, a condition, a handler's values); the rest keeps the closures.
final class ExprCall {
    let f: CompiledExpr
    init(_ f: @escaping CompiledExpr) { self.f = f }
}

/// A compiled condition (see ``ScreenProgram/conditions``), held as ``ExprCall`` is.
final class ConditionCall {
    let f: CompiledCondition
    init(_ f: @escaping CompiledCondition) { self.f = f }
}

/// ``ScreenGraph/onEmit`` in a box, called as ``ExprCall`` is.
final class EmitCall {
    let f: (Emission) -> Void
    init(_ f: @escaping (Emission) -> Void) { self.f = f }
}

extension Unmanaged where Instance == EmitCall {
    @inline(__always)
    func callAsFunction(_ emission: Emission) {
        _withUnsafeGuaranteedRef { $0.f(emission) }
    }
}

extension Unmanaged where Instance == ExprCall {
    /// Evaluates the expression; the caller guarantees the box is alive (its program is).
    @inline(__always)
    func callAsFunction(_ context: EvalContext) throws(EvalError) -> Value {
        let result: Result<Value, EvalError> = _withUnsafeGuaranteedRef { call in
            do throws(EvalError) { return .success(try call.f(context)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

extension Unmanaged where Instance == ConditionCall {
    /// Evaluates the condition; the caller guarantees the box is alive (its program is).
    @inline(__always)
    func callAsFunction(_ context: EvalContext) throws(EvalError) -> Bool {
        let result: Result<Bool, EvalError> = _withUnsafeGuaranteedRef { call in
            do throws(EvalError) { return .success(try call.f(context)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

/// What propagation does with a node: ``ScreenProgram/Behavior`` with no closure in it, so that
/// reading it copies nothing that is counted.
enum NodeKind {
    case source
    case stream
    case derived
    case pipeline(Int)

    init(_ behavior: ScreenProgram.Behavior) {
        switch behavior {
        case .source: self = .source
        case .stream: self = .stream
        case .derived: self = .derived
        case .pipeline(let p): self = .pipeline(p)
        }
    }
}

/// The calls of a program: boxes it owns, and the unowned references propagation calls through.
struct ProgramCalls {
    /// Keeps every box alive as long as the program.
    private(set) var owners: [AnyObject] = []
    var kinds: [NodeKind]
    var derived: [Unmanaged<ExprCall>?]
    var conditions: [Unmanaged<ConditionCall>?]
    var handlerValues: [[Unmanaged<ExprCall>]]

    init(behaviors: [ScreenProgram.Behavior], conditions: [CompiledCondition?], handlerValues: [[CompiledExpr]]) {
        kinds = behaviors.map(NodeKind.init)
        derived = Array(repeating: nil, count: behaviors.count)
        self.conditions = Array(repeating: nil, count: behaviors.count)
        self.handlerValues = []
        for (node, behavior) in behaviors.enumerated() {
            if case .derived(let f) = behavior { derived[node] = own(ExprCall(f)) }
            if let c = conditions[node] { self.conditions[node] = own(ConditionCall(c)) }
        }
        self.handlerValues = handlerValues.map { $0.map { own(ExprCall($0)) } }
    }

    /// These calls with node `node`'s expression and condition replaced (a mutant's program).
    func changing(_ node: Int, to f: @escaping CompiledExpr, condition: CompiledCondition?) -> ProgramCalls {
        var calls = self
        calls.derived[node] = calls.own(ExprCall(f))
        calls.conditions[node] = condition.map { calls.own(ConditionCall($0)) }
        return calls
    }

    private mutating func own<T: AnyObject>(_ box: T) -> Unmanaged<T> {
        owners.append(box)
        return Unmanaged.passUnretained(box)
    }
}
