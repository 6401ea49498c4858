import SpecRuntime

/// A state's `initial:` read from the screen's parameters (`todos: { type: "[Todo]", initial:
/// saved }`), as `init(todos:) { self.todos = BehaviorRelay(value: todos) }` does, and an input
/// property's `default:` alike (`name: { type: String, default: profile.name }`, as
/// `BehaviorRelay(value: profile.name)`): an expression over the parameters and literals,
/// evaluated once when the screen is built (see ``StateInitialPlan``). Anything else the screen
/// declares has no value yet then.
extension DeclarationsPass {
    /// How a first value is read (see ``InitialReading``): a scalar that mentions a parameter or
    /// something the screen declares is an expression, unless it is also a value of the type
    /// naming no parameter (a `String` state's `initial: ready`, an enum state's `initial: all`
    /// beside an output `all`), which stays the value it always was; a path from a name nearly a
    /// parameter's (`sesion.title`) is a slip.
    func initialReading(of value: FirstValue, _ type: SpecType) -> InitialReading {
        InitialReading.of(value, type, readable: Set(spec.params.map(\.name.value)), declared: { spec.declaredKind(of: $0) != nil },
                          readsAsValue: {
                              var quiet = cx.diagnostics.scratch
                              return values.read(value.node, as: type, diagnostics: &quiet) != nil
                          },
                          didYouMean: { cx.diagnostics.didYouMean($0, in: $1) })
    }

    /// Declares input property `input` of type `type` when its `default:`, `value`, reads the
    /// parameters (its plan computes it when the screen starts) or nearly does (reported); false,
    /// nothing declared, when it is a value.
    mutating func declareInputFromParams(_ input: InputDecl, _ value: FirstValue, _ type: SpecType) -> Bool {
        let reading = initialReading(of: value, type)
        if case .value = reading { return false }
        let node = cx.addNode(input.name.value, type, .property(initial: .none), role: .input, visible: false, range: input.name.range,
                              what: "input property")
        switch reading {
        case .expression(let expr):
            if let plan = checkInitialExpression(expr, of: value, node: node, type) { out.stateInitials.append(plan) }
        case .misspelt(let name, let range, let suggestion):
            InitialReading.reportMisspelt(name, range, suggestion, of: value, type, reading: "the screen's parameters", into: &cx.diagnostics)
            cx.poisoned.insert(input.name.value)
        case .value:
            break
        }
        return true
    }

    /// Checks `expr`, the first value `value` of state or input `node` of type `type`: it may
    /// read parameters and literals only. Its plan, or nil (reported).
    mutating func checkInitialExpression(_ expr: Expr, of value: FirstValue, node: Int, _ type: SpecType) -> StateInitialPlan? {
        let isDefault = value.key == "default"
        return InitialReading.check(expr, of: value, node: node, type, spec: spec, owner: isDefault ? "an input's" : "a state's",
                                    follow: "write a handler that sets " + (isDefault ? "a state" : "the state") + ", or make it a derived output",
                                    cx: &cx)
    }
}
