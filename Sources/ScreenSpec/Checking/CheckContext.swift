import SpecRuntime

/// What every pass of the checker reads and grows: the diagnostics, the type table, the nodes
/// declared so far with their names and dependency edges, and the names whose declarations
/// failed. Everything else a pass makes is its product, returned to ``Checker/check()`` and given
/// to the passes after it as their input.
struct CheckContext: Sendable {
    var diagnostics: DiagnosticBag
    var table = TypeTable()
    var nodes: [NodeDecl] = []
    var symbols: [String: Symbol] = [:]
    /// Edges `from -> to`: `to` must be ranked after `from`.
    var edges: [[Int]] = []
    /// Edges of reads that sample (`withLatestFrom`, a node read in an operator's expression): a
    /// loop through one of them and a handler's write is feedback, run in order (see ``NodeRanking``).
    var samplingEdges: [(from: Int, to: Int)] = []
    /// Names whose declarations failed: they have no type to check against, so every later
    /// reference stays quiet instead of cascading (an error type, as a compiler's).
    var poisoned: Set<String> = []
    /// The spec's `functions:`, checked (see ``FunctionsPass``).
    var functions = FunctionTable()
    /// Per stream of the screen that fires with a row when one of the row's value inputs or its
    /// action's `elements` or `errors` fires (`cart.quantity`, `feed.like.elements`), the row's
    /// field that holds the value that fired and its type then, never nil (see
    /// ``ExpressionChecker/fired``).
    var firedFields: [String: (field: String, type: SpecType)] = [:]

    init(diagnostics: DiagnosticBag = DiagnosticBag()) {
        self.diagnostics = diagnostics
    }

    /// The context a spec's check starts from: what its reader could not read is poisoned already.
    init(spec: Spec, diagnostics: DiagnosticBag) {
        self.init(diagnostics: diagnostics)
        poisoned = spec.unreadable
        table.failed = spec.unreadableTypes
    }

    @discardableResult
    mutating func addNode(_ name: String, _ type: SpecType, _ kind: NodeDecl.Kind, role: NodeDecl.Role, visible: Bool,
                          range: SpecRange, what: String) -> Int {
        let index = nodes.count
        nodes.append(NodeDecl(name: name, type: type, kind: kind, role: role, visible: visible, range: range))
        edges.append([])
        symbols[name] = Symbol(node: index, type: type, hasCurrentValue: nodes[index].hasCurrentValue, what: what)
        return index
    }

    /// Checks expressions over every name declared so far; `quiet`: into a scratch bag.
    func expressionChecker(payload: (name: String, type: SpecType)? = nil, quiet: Bool = false) -> ExpressionChecker {
        var checker = ExpressionChecker(symbols: symbols, table: table, payload: payload, diagnostics: quiet ? diagnostics.scratch : diagnostics)
        checker.poisoned = poisoned
        checker.functions = functions
        checker.fired = payload.flatMap { firedFields[$0.name] }
        return checker
    }

    mutating func unknownName(_ name: Located<String>, what: String, candidates: [String]) {
        diagnostics.error(.unknownName, "unknown \(what) '\(name.value)'\(diagnostics.didYouMean(name.value, in: candidates))", at: name.range)
    }

    /// An action's `trigger:` or a handler's `on:` that names nothing: the nearest name when one
    /// is near, else how to declare it as an event the view sends (`viewDidLoad: event`).
    mutating func unknownEvent(_ name: Located<String>, what: String, candidates: [String]) {
        let suggestion = diagnostics.didYouMean(name.value, in: candidates)
        guard suggestion.isEmpty, !name.value.contains(".") else {
            diagnostics.error(.unknownName, "unknown \(what) '\(name.value)'\(suggestion)", at: name.range)
            return
        }
        diagnostics.error(.unknownName, "unknown \(what) '\(name.value)'", at: name.range,
                          notes: [DiagnosticNote("an event the view sends (a tap, the screen appearing) is an input declared 'NAME: event', and a scenario plays it with 'send: NAME'")],
                          fixIt: "declare '\(name.value): event' under 'inputs:'")
    }

    /// State a handler may set: `state:` and input properties.
    func isWritable(_ node: Int) -> Bool {
        switch nodes[node].kind {
        case .state: if case .state = nodes[node].role { return true }
        case .property: return true
        default: break
        }
        return false
    }
}

/// A part of the checker that works over the shared context, lent to it for one call.
protocol ContextBorrower {
    /// The context, the borrower's only while it is lent (an empty one until then).
    var cx: CheckContext { get set }
}

extension ContextBorrower {
    /// Runs `body` on a copy of this value holding `context`, which moves in and back out, so
    /// that growing it copies nothing.
    func borrowing<Result>(_ context: inout CheckContext, _ body: (inout Self) -> Result) -> Result {
        var borrower = self
        swap(&borrower.cx, &context)
        defer { swap(&borrower.cx, &context) }
        return body(&borrower)
    }
}

/// A pass of the checker: its inputs are its stored `let`s, its product what ``run()`` returns.
/// The shared ``CheckContext`` is lent to it for the run (``run(over:)``); nothing else of the
/// pass outlives the run.
protocol CheckPass: ContextBorrower {
    associatedtype Product
    mutating func run() -> Product
}

extension CheckPass {
    /// Runs the pass over `context`.
    func run(over context: inout CheckContext) -> Product {
        borrowing(&context) { $0.run() }
    }
}
