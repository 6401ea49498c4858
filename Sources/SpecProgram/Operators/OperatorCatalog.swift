/// Every stream operator of the spec language, one ``OperatorEntry`` each, in the order of the
/// operator table: its name, how its argument is written, whether a request's `ops:` may use it,
/// how the checker types it, how the mutation tool changes it and how diagrams draw it. The reader,
/// the checker, the JSON Schema, the program validator, the pipeline, coverage, mutation,
/// exploration and the diagrams all read it; none of them names an operator.
///
/// It describes; it does not run. The node that runs an operator is the engine's, keyed by the
/// entry's name (`OperatorNodes` in SpecRuntime), so the front end and the tools read the entries
/// without linking the nodes.
package enum OperatorCatalog {
    /// Every operator, in the order of the operator table.
    package static var all: [OperatorEntry] { entries }

    private static let byName: [String: OperatorEntry] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The entry of the operator written `name`, nil for a name the language does not have.
    package static func entry(named name: String) -> OperatorEntry? { byName[name] }

    /// Every operator name, for "did you mean" and the list in messages.
    package static var names: [String] { all.map(\.name) }
}

/// One stream operator.
package struct OperatorEntry: Sendable {
    package let name: String
    /// How its argument is written.
    package let shape: OperatorShape
    /// How the checker types it.
    package let typing: OperatorTyping
    /// Whether a request's `ops:` may use it (operators that read other streams may not).
    package let insideRequest: Bool
    /// One line: what it does, with RxSwift's meaning (the schema's description).
    package let summary: String
    /// What the mutation tool may do to it.
    package let mutations: [OperatorMutation]
    /// How diagrams draw the edge from each other stream it reads; `.reads` also means the
    /// pipeline reads that stream's latest value itself rather than receiving its events.
    package let edge: OperatorEdge
    /// Whether its duration is one of the waits exploration tries (`debounce: 300ms`).
    package let durationIsWait: Bool
    /// Whether its node reads its window back from its timer on the clock when it is restored
    /// (`throttle`), so that its pipeline takes a state back at once, not lazily.
    package let restoresFromClock: Bool
    /// Whether its node may emit when the pipeline flushes it at the end of a transaction
    /// (`combineLatest`), so that a request's inner streams holding it are flushed too.
    package let emitsOnFlush: Bool
    /// Whether its node keeps no state: each element in, at most one out, from the element and
    /// the expression alone (`map`, `filter`), so exploration may treat a repeat as nothing new.
    package let keepsNoState: Bool

    init(_ name: String, _ shape: OperatorShape, _ typing: OperatorTyping, insideRequest: Bool, _ summary: String,
         mutations: [OperatorMutation] = [], edge: OperatorEdge = .feeds(nil), durationIsWait: Bool = false, restoresFromClock: Bool = false,
         emitsOnFlush: Bool = false, keepsNoState: Bool = false) {
        self.name = name
        self.shape = shape
        self.typing = typing
        self.insideRequest = insideRequest
        self.summary = summary
        self.mutations = mutations
        self.edge = edge
        self.durationIsWait = durationIsWait
        self.restoresFromClock = restoresFromClock
        self.emitsOnFlush = emitsOnFlush
        self.keepsNoState = keepsNoState
    }
}

/// How the checker types an operator: what its expressions read and what elements come out.
/// Each case is a rule, not an operator: several operators share one (`filter`, `takeWhile`).
package enum OperatorTyping: Sendable, Equatable {
    /// Elements keep their type (a count, a duration, another stream, or nothing as argument).
    case keepsElement
    /// The expression over `$0` the element gives the element (`map`).
    case transforms
    /// The expression is a `Bool` over `$0` the element; elements keep their type.
    case predicate
    /// Elements keep their type; the expression, if any, over `$0` the element is the key they
    /// are compared by (`distinctUntilChanged`).
    case keyed
    /// The expressions are values of the element's type (`startWith`).
    case prepends
    /// The expression over `$0` the element has an optional type; elements are its values.
    case unwrappingTransform
    /// The seed's type is the accumulator's; the accumulator is over `$0` (the accumulator) and
    /// `$1` (the element); elements are accumulators.
    case accumulates
    /// Elements are lists of the elements (`buffer`).
    case collects
    /// The expression over `$0` the element and `$1`, `$2`, … the other streams' elements gives
    /// the element (`zip`, `combineLatest`).
    case combines
    /// The other streams carry the element's type (`merge`, `concat`).
    case joinsSameType
    /// Elements are indexes choosing among the other streams, which carry one type, the
    /// result's; or, with a request, as ``requests(_:)`` with `.latest` (`switchLatest`).
    case switches
    /// The other stream's latest value is read, not listened to: the element is that value, or
    /// the expression over `$0` the element and `$1` the value (`withLatestFrom`).
    case readsLatest
    /// Elements keep their type; the expression, if any, is a value of it (`sample`'s default).
    case samples
    /// The expression over `$0` the error is an element; or the other stream, of the element's
    /// type, is followed after a failure, which a request's `ops:` may not do (`catch`).
    case recovers
    /// Elements keep their type until the other stream sends one (`takeUntil`).
    case endsOn
    /// Elements keep their type; only a request's inner stream, which is cold, may use it (`retry`).
    case resubscribes
    /// A service call per element, typed against the services; elements are its answers.
    case requests(RequestStrategy)
    /// A screen to open per element, typed against the screen it opens; elements are navigations.
    case navigates
    /// Elements are pairs `$0.index` (from 0) and `$0.element`: a record the checker adds to the
    /// spec's types, named ``EnumeratedPair/typeName(_:)`` (`enumerated`).
    case enumerates
    /// Elements keep their type; what the output's late observers get (`subscribe:` steps), so
    /// only an output's last operator may be it (`share`).
    case shares
}

/// A change the mutation tool makes to an operator, to find scenarios that would not notice.
package enum OperatorMutation: Sendable, Equatable {
    /// Drop the operator.
    case remove
    /// The same argument to another operator of the same shape (`takeWhile` -> `skipWhile`).
    case replace(with: String)
    /// A count one more and one less (never below 0).
    case countByOne
    /// A duration half and twice as long.
    case durationByHalfAndDouble
}

/// How a diagram draws the edge from another stream an operator reads.
package enum OperatorEdge: Sendable, Equatable {
    /// Its elements feed the operator; the label defaults to the operator's name.
    case feeds(String?)
    /// Only its latest value is read.
    case reads(String)
}
