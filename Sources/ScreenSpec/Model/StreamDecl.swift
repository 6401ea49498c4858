import SpecRuntime

/// `outputs: name: { stream: source, ops: [...] }` — a pipeline of operators from a source.
package struct StreamDecl: Sendable {
    /// The input, output, or action result (`save.elements`) the pipeline starts from.
    package var source: Located<String>
    package var operators: [OperatorDecl]
    /// `interval:` or `timer:` in place of `stream:`; `source` is then empty.
    package var timer: TimerDecl? = nil
    /// When given, the output holds a current value (as a `BehaviorRelay`) starting here.
    package var initial: YAMLNode?
    /// `initial:` read as an expression, when it is a scalar that parses as one: it may read the
    /// screen's parameters, as a state's `initial:` may (see DataflowPass+StreamInitial.swift).
    package var initialExpression: Expr? = nil
    package var range: SpecRange
    /// When an operator could not be read (and was reported), how many were read before it:
    /// only those are checked, and the output gets no type, so nothing that reads it cascades.
    package var readOperators: Int? = nil
}

/// The keys a stream output names its source with, one case each: what the reader accepts, and
/// what the test that every construct compiles and plays the same from JSON goes through.
package enum StreamSourceKind: String, CaseIterable, Sendable {
    /// `stream: name`: the elements of another stream, event or value.
    case stream
    /// `navigate: { to: Screen }` with `on: name`: a request to open a screen per element.
    case navigate
    /// `interval: 1s`: 0, 1, 2, … every period, on the virtual clock.
    case interval
    /// `timer: 2s`: 0 once, then completed; with `period:`, 0, 1, 2, … from the due time.
    case timer
}

/// `interval: 1s`, or `timer: 2s` with an optional `period:`, as a stream's source. Inside a
/// request, either time may be computed per element (`{ timer: { seconds: "$0 * 60" } }`): its
/// expression is then one of the request's ``RequestDecl/arguments``, the due time's first, and
/// its written time here is 0.
package struct TimerDecl: Sendable {
    package var dueTime: Located<Int>
    package var period: Located<Int>?
    /// The times computed per element, each naming its argument and unit; nil when both are written.
    package var computed: ComputedTimes? = nil
}

/// One operator of a stream pipeline, as written: its name (its `OperatorCatalog` entry) and
/// its argument, read in the shape that entry gives.
package struct OperatorDecl: Sendable {
    package var name: String
    package var arguments: OperatorArgumentsDecl
    package var range: SpecRange
    /// The argument as written, shortened, for diagrams; nil for none.
    package var written: String? = nil
}

/// The argument of an operator, as written, in the shape its `OperatorCatalog` entry gives.
package struct OperatorArgumentsDecl: Sendable {
    package var expressions: [Expr] = []
    /// A comparer parameter's expression (`distinctUntilChanged`'s `by:`); nil when left out.
    package var comparer: Expr?
    package var count: Located<Int>?
    package var sources: [Located<String>] = []
    package var duration: Located<Int>?
    /// The word of a choice parameter (`behavior: inclusive`); nil when left out.
    package var choice: Located<String>?
    /// The value of a flag parameter (`latest: false`); nil when left out.
    package var flag: Located<Bool>?
    /// A service call per element (`flatMapLatest: { call: ... }`).
    package var request: RequestDecl?
    /// A screen to open per element (`navigate: { to: ... }`).
    package var navigation: NavigateDecl?
}

/// An inner stream per element: a service call `{ call: service, with: { arg: expr } }`, `$0` the
/// element, or one of RxSwift's creation operators (`{ just: EXPR }`, `{ empty }`, `{ never }`,
/// `{ error: KIND }`, `{ timer: 2s }`, `{ interval: 1s }`, `{ timer: { seconds: EXPR } }`), see
/// ``source``.
package struct RequestDecl: Sendable {
    /// The service called, for ``InnerSourceDecl/call``; otherwise the source's key as written
    /// (`just`, `interval`, …), which locates it.
    package var service: Located<String>
    /// The call's `with:` arguments; for `just:` and `error:`, their one expression, named by the
    /// key (so that mutation, coverage and name reads treat it as a call's argument); for a timer,
    /// the expressions of the times it computes, named by their unit (`seconds`).
    package var arguments: [(name: Located<String>, value: Expr)]
    package var range: SpecRange
    /// Operators applied to each inner stream (`ops:` inside the request).
    package var operators: [OperatorDecl] = []
    /// `failures: end`: an inner error ends the output, as in RxSwift; default `pass`.
    package var failuresEnd = false
    /// `as: c`: the name by which `with:` and the request's `ops:` read the element that started
    /// the call (RxSwift's `flatMapLatest { c in … }`).
    package var elementName: Located<String>?
    /// What each element's inner stream is; a service call unless written otherwise.
    package var source: InnerSourceDecl = .call
    /// `if: COND, then: A, else: B`, nested to any depth: per element, the conditions pick the
    /// inner stream; the request's own ``service``, ``arguments`` and ``source`` are the first
    /// one written (always under `then:`), and its ``operators`` follow whichever branch was
    /// chosen, after the branch's own.
    package var choice: InnerChoiceDecl?

    /// Its lists of operators, each with its place: ``OperatorList/shared`` (``operators``), then
    /// for a choice each branch's own, in the order written.
    package var operatorLists: [(list: OperatorList, operators: [OperatorDecl])] {
        guard let choice else { return [(.shared, operators)] }
        return [(.shared, operators), (.branch(0), choice.firstOperators)] + choice.branches.enumerated().map { (.branch($0.offset + 1), $0.element.operators) }
    }

    /// Changes the operator list `list` in place (nothing for a branch the request does not have).
    package mutating func modifyOperators(_ list: OperatorList, _ body: (inout [OperatorDecl]) -> Void) {
        switch list {
        case .shared: body(&operators)
        case .branch(0):
            guard var c = choice else { return }
            body(&c.firstOperators)
            choice = c
        case .branch(let b):
            guard var c = choice, c.branches.indices.contains(b - 1) else { return }
            body(&c.branches[b - 1].operators)
            choice = c
        }
    }

    /// Which of a request's operator lists: its own `ops:`, or a choice's branch's (0 the first
    /// written, as ``InnerChoicePlan`` numbers them).
    package enum OperatorList: Sendable, Equatable {
        case shared
        case branch(Int)
    }
}

/// `if: COND, then: A, else: B` in a request, as RxSwift's `flatMapLatest { q in q.isEmpty ?
/// .just([]) : api.search(q) }`, where `then:` and `else:` may each be a choice again; flattened
/// as the program keeps it (``InnerChoicePlan``): each written condition once, depth first as
/// written, and the inner streams after the first in the order written.
package struct InnerChoiceDecl: Sendable {
    /// Each `if:`, the outermost first: a condition leads only to conditions after it.
    package var tests: [ChoiceTestDecl]
    /// The inner streams after the first (the request's own), each with its own `ops:`.
    package var branches: [InnerBranchDecl]
    /// The first inner stream's own `ops:`, applied to it alone before the request's.
    package var firstOperators: [OperatorDecl] = []
    /// Where the first inner stream is written (the request's own range is the whole choice's).
    package var firstRange: SpecRange
}

/// One `if:` of a choice: its condition, a `Bool` over the element read when it arrives, and
/// where its `then:` and `else:` lead (a branch, or the choice written there).
package struct ChoiceTestDecl: Sendable {
    package var condition: Expr
    package var then: ChoiceStep
    package var otherwise: ChoiceStep
}

/// One inner stream of a choice, as a request names it: a call with its `with:`, or `just:`, ….
package struct InnerBranchDecl: Sendable {
    package var service: Located<String>
    package var arguments: [(name: Located<String>, value: Expr)]
    package var source: InnerSourceDecl
    package var range: SpecRange
    /// Its own `ops:`, applied to it alone before the request's (`{ call: api.coupon, ops: [...] }`).
    package var operators: [OperatorDecl] = []
    /// The key it is written under, `then` or `else`, for messages.
    package var key = "else"
}

/// The inner stream a request subscribes to per element, as RxSwift creates it.
package enum InnerSourceDecl: Sendable {
    /// `call: service`: the service's answer (``RequestDecl/service``, ``RequestDecl/arguments``).
    case call
    /// `just: EXPR`: the value, then completed, at once (`Observable.just`).
    case just
    /// `empty`: completed at once (`Observable.empty`).
    case empty
    /// `never`: no event at all (`Observable.never`).
    case never
    /// `error: KIND`: the error at once (`Observable.error`).
    case error
    /// `timer: 2s` (with an optional `period:`) or `interval: 1s`, from the inner stream's
    /// subscription (`Observable.timer`, `Observable.interval`).
    case timer(TimerDecl)
}

/// `navigate: { to: Screen, params: { name: expr } }`, `$0` the element.
package struct NavigateDecl: Sendable {
    package var screen: Located<String>
    /// An explicit spec file, relative to this spec's folder.
    package var file: Located<String>?
    package var params: [(name: Located<String>, value: Expr)]
    package var range: SpecRange
}
