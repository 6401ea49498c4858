/// A checked stream output: its source, its operators in order, and the nodes it feeds.
package struct StreamPlan: Sendable {
    /// The output node the pipeline emits on.
    package var output: Int
    /// `<name>.errors`, where failed requests not caught downstream come out; nil without requests.
    package var errors: Int?
    /// The node whose elements (or, for a node with a current value, whose value and changes) enter
    /// the pipeline; -1 when a ``timer`` is the source.
    package var source: Int
    /// `interval:` or `timer:` as the source, on the virtual clock.
    package var timer: TimerPlan? = nil
    package var operators: [OperatorPlan]
    /// Whether the output holds a current value (`initial:`), emitting only when it changes.
    package var holdsValue: Bool

    /// Memberwise, at `package` access: the front end builds the program.
    package init(
        output: Int,
        errors: Int? = nil,
        source: Int,
        timer: TimerPlan? = nil,
        operators: [OperatorPlan],
        holdsValue: Bool
    ) {
        self.output = output
        self.errors = errors
        self.source = source
        self.timer = timer
        self.operators = operators
        self.holdsValue = holdsValue
    }
}

/// One checked operator: its name, which is its entry in ``OperatorCatalog``, and its checked
/// arguments in the shape that entry gives. Expressions read `$0` (and `$1`) as
/// ``TypedExpr/operatorArgument(_:)``.
package struct OperatorPlan: Sendable {
    /// The operator's name as written: its catalogue entry, and the name messages give.
    package var name: String
    package var arguments: OperatorArguments
    /// Its argument as written, shortened (`$0.count > 3`), for diagrams; nil for none.
    package var written: String?

    /// The other nodes this operator listens to (merge, combineLatest, withLatestFrom, sample).
    package var secondarySources: [Int] {
        // A request's own `ops:` listen to the screen from each inner stream: the request's
        // operator receives their sources, in the order of ``RequestPlan/innerSources``.
        if let plan = arguments.request { return plan.innerSources.map(\.node) }
        return arguments.sources
    }

    /// The sources this operator listens to, each with the operator that reads it: itself, or for
    /// a request the operator of its `ops:` (for diagrams and labels).
    package var listenedSources: [(node: Int, op: OperatorPlan)] {
        // A request nested in the request's `ops:` names the operator of its own `ops:`.
        if let plan = arguments.request { return plan.innerSources.map { ($0.node, plan.inner[$0.op].listenedSources[$0.index].op) } }
        return secondarySources.map { ($0, self) }
    }

    /// Whether it reads its other streams' latest values itself rather than receiving their
    /// events (`withLatestFrom`: its entry's edge is `.reads`).
    package var readsLatestOnly: Bool {
        if case .reads? = OperatorCatalog.entry(named: name)?.edge { return true }
        return false
    }

    /// Memberwise, at `package` access: the front end builds the program.
    package init(name: String, arguments: OperatorArguments = OperatorArguments(), written: String? = nil) {
        self.name = name
        self.arguments = arguments
        self.written = written
    }
}

/// The checked arguments of an operator, in the shape its entry's ``OperatorShape`` gives: its
/// expressions (`$0` the element), a count, a duration, other streams, a choice, a flag, a request.
package struct OperatorArguments: Sendable {
    /// Expressions in the order the argument has them (`seed`, then `accumulator`).
    package var expressions: [TypedExpr]
    package var count: Int?
    /// Other streams it listens to, as nodes.
    package var sources: [Int]
    /// A duration in milliseconds (`timeout: 5s`, `buffer`'s `timeSpan:`).
    package var duration: Int?
    /// The word of a ``OperatorParameter/Kind/choice(_:)`` parameter, nil when left out (the
    /// default): `takeWhile`'s `behavior: inclusive`.
    package var choice: String?
    /// The value of a ``OperatorParameter/Kind/flag(default:)`` parameter, nil when left out (the
    /// default): `throttle`'s `latest: false`.
    package var flag: Bool?
    /// A request per element (`flatMapLatest: { call: ... }`).
    package var request: RequestPlan?

    package init(expressions: [TypedExpr] = [], count: Int? = nil, sources: [Int] = [], duration: Int? = nil, choice: String? = nil,
                 flag: Bool? = nil, request: RequestPlan? = nil) {
        self.expressions = expressions
        self.count = count
        self.sources = sources
        self.duration = duration
        self.choice = choice
        self.flag = flag
        self.request = request
    }
}

/// How a request operator treats the inner stream of each element.
package enum RequestStrategy: Sendable {
    /// `flatMapLatest`: a new element cancels the inner stream in flight.
    case latest
    /// `flatMap`: every inner stream runs; their elements interleave as they come.
    case merge
    /// `concatMap`: one inner stream at a time; the others wait their turn in order.
    case concat
    /// `flatMapFirst`: one inner stream at a time; an element that arrives while it runs is
    /// dropped, its arguments never computed.
    case first
}

/// A request operator: the call per element, how inner streams combine, and the inner stream's
/// own operators.
package struct RequestPlan: Sendable {
    package var call: ServiceCall
    package var strategy: RequestStrategy
    /// Operators applied to each inner stream (`ops:` inside the request). With a ``choice``,
    /// each branch's own operators come first, branch by branch (as many as the choice counts
    /// for each), then the request's, which follow every branch: see ``operators(ofBranch:)``.
    package var inner: [OperatorPlan]
    /// With `failures: end`, an inner error ends the output (RxSwift's default); otherwise it
    /// travels as a failure and the output goes on (the seeds' `Result` style).
    package var failuresEnd: Bool
    /// The operator's name, for messages and cancellation records.
    package var name: String
    /// With `as: NAME`, the inner operators' expressions read the outer element that started their
    /// inner stream as ``TypedExpr/eventPayload``.
    package var bindsElement: Bool
    /// What each element's inner stream is. For ``InnerSourcePlan/call`` it calls ``call``'s
    /// service; otherwise ``call`` holds no service (-1) and, for `just:` and `error:`, the one
    /// expression computed per element, as a call's argument is.
    package var source: InnerSourcePlan
    /// `if: COND, then: A, else: B`, nested to any depth: per element the conditions pick
    /// ``call`` and ``source`` (the first inner stream written, branch 0) or one of the choice's
    /// others (``InnerChoicePlan/branches``), each through its own operators and then the request's.
    package var choice: InnerChoicePlan?

    /// Memberwise, at `package` access: the front end builds the program.
    package init(
        call: ServiceCall,
        strategy: RequestStrategy,
        inner: [OperatorPlan],
        failuresEnd: Bool,
        name: String,
        bindsElement: Bool = false,
        source: InnerSourcePlan = .call,
        choice: InnerChoicePlan? = nil
    ) {
        self.choice = choice
        self.call = call
        self.strategy = strategy
        self.inner = inner
        self.failuresEnd = failuresEnd
        self.name = name
        self.bindsElement = bindsElement
        self.source = source
    }

    /// The service it calls per element, nil when its inner stream is not always that call.
    package var service: Int? {
        if case .call = source, choice == nil { return call.service }
        return nil
    }

    /// The screen's nodes the inner operators listen to (`takeUntil: cancel`, `combineLatest`, …),
    /// flattened: `op` the inner operator, `index` the source among that operator's own.
    package var innerSources: [(op: Int, index: Int, node: Int)] {
        var out: [(op: Int, index: Int, node: Int)] = []
        for (k, op) in inner.enumerated() {
            for (i, node) in op.secondarySources.enumerated() { out.append((k, i, node)) }
        }
        return out
    }
}

/// The inner stream a request subscribes to per element, as RxSwift creates it; each starts when
/// it is subscribed (after the element's arguments are computed) and ends as RxSwift's does.
package enum InnerSourcePlan: Sendable {
    /// The service's answer (`Single` or `sequence:`).
    case call
    /// `Observable.just(value)`: the value of the one argument, then completed, at once.
    case just
    /// `Observable.empty()`: completed at once.
    case empty
    /// `Observable.never()`: no event, until it is disposed.
    case never
    /// `Observable.error(e)`: the error the one argument gives, at once.
    case error
    /// `Observable.timer(due, period:)` and `Observable.interval(period)`, timed from the
    /// subscription: 0 after the due time, then 1, 2, … every period, or completed without one.
    /// Its times may be computed per element (``TimerPlan/computed``), each from one of the
    /// request's arguments, as `just:`'s value is.
    case timer(TimerPlan)

    /// Every kind, as a spec writes its key: what the test that every construct compiles and plays
    /// the same from JSON goes through.
    package static let kinds = ["call", "just", "empty", "never", "error", "timer", "interval"]

    /// Its kind among ``kinds`` (a timer whose period is its due time is an `interval`).
    package var kind: String {
        switch self {
        case .call: return "call"
        case .just: return "just"
        case .empty: return "empty"
        case .never: return "never"
        case .error: return "error"
        case .timer(let t): return t.isInterval ? "interval" : "timer"
        }
    }

    /// How the timeline names it when it is cancelled: `interval(1s)`, `never`, `just(3)`.
    package func label(_ arguments: [Value]) -> String {
        switch self {
        case .call: return "call"
        case .just: return "just(" + arguments.map(ValueFormatter.text).joined() + ")"
        case .empty: return "empty"
        case .never: return "never"
        case .error: return "error(" + arguments.map(ValueFormatter.text).joined() + ")"
        case .timer(let t): return t.label(arguments)
        }
    }
}

/// A call of service ``service`` with named arguments, evaluated per element.
package struct ServiceCall: Sendable {
    package var service: Int
    package var argumentNames: [String]
    package var arguments: [TypedExpr]

    /// Memberwise, at `package` access: the front end builds the program.
    package init(service: Int, argumentNames: [String], arguments: [TypedExpr]) {
        self.service = service
        self.argumentNames = argumentNames
        self.arguments = arguments
    }
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension StreamPlan: Codable {}
extension OperatorPlan: Codable {}
extension OperatorArguments: Codable {}
extension RequestStrategy: Codable {}
extension RequestPlan: Codable {}
extension InnerSourcePlan: Codable {}
extension ServiceCall: Codable {}
