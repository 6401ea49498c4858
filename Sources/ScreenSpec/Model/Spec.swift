import SpecRuntime

/// A value with the range it was written at. The range takes no part in equality.
package struct Located<T: Sendable>: Sendable {
    package var value: T
    package var range: SpecRange

    package init(_ value: T, _ range: SpecRange) {
        self.value = value
        self.range = range
    }
}

extension Located: Equatable where T: Equatable {
    package static func == (a: Located, b: Located) -> Bool { a.value == b.value }
}

/// A screen spec as written: names, types and expressions, not yet resolved or checked.
package struct Spec: Sendable {
    package var file: String
    package var screen: Located<String>
    package var types: [TypeDecl] = []
    package var params: [ParamDecl] = []
    /// `functions:`, helpers any expression may call (see FunctionDecl.swift).
    package var functions: [FunctionDecl] = []
    package var inputs: [InputDecl] = []
    package var state: [StateDecl] = []
    package var outputs: [OutputDecl] = []
    package var actions: [ActionDecl] = []
    package var handlers: [HandlerDecl] = []
    package var services: [ServiceDecl] = []
    /// `view:` and `bindings:` (see ViewDecl.swift).
    package var view: [ComponentDecl] = []
    package var bindings: [BindingDecl] = []
    package var scenarios: [ScenarioDecl] = []
    /// Names whose declarations could not be read (and were reported): the checker treats them
    /// as declared with an unknown type, so what reads them does not cascade.
    package var unreadable: Set<String> = []
    /// Functions under `functions:` that could not be read: calls to them stay quiet.
    package var unreadableFunctions: Set<String> = []
    /// Type names whose declarations under `types:` could not be read.
    package var unreadableTypes: Set<String> = []
    /// Components under `view:` that could not be read.
    package var unreadableComponents: Set<String> = []
    /// Mutants marked as equivalent (see ``EquivalentMutantDecl``).
    package var equivalentMutants: [EquivalentMutantDecl] = []
    /// Coverage items marked as unreachable (see ``UnreachableDecl``).
    package var unreachable: [UnreachableDecl] = []
    /// `invariants:` and `explore:` (see ExploreDecl.swift).
    package var invariants: [InvariantDecl] = []
    package var explore: ExploreDecl?
    /// `viewModels:` and `cells:` (see CellsDecl.swift).
    package var viewModels: [ViewModelDecl] = []
    package var cells: [CellsDecl] = []
}

/// `types:` — a record (`{ name: String, author: String }`) or an enum (`[received, performed]`).
package struct TypeDecl: Sendable {
    package enum Kind: Sendable {
        case record([(name: Located<String>, type: Located<String>)])
        case enumeration([Located<String>])
    }

    package var name: Located<String>
    package var kind: Kind
}

/// `params:` — a value the screen is built with, injected by whoever opens it.
package struct ParamDecl: Sendable {
    package var name: Located<String>
    package var type: Located<String>
}

/// `inputs:` — what the view feeds in.
package struct InputDecl: Sendable {
    package enum Kind: Sendable {
        /// A trigger with no value: a tap, a refresh, viewDidAppear.
        case event
        /// A stream of typed values with no current value: a selected row.
        case value(Located<String>)
        /// A typed value with a default and a current value, which the view writes.
        case property(Located<String>, defaultValue: YAMLNode?)
    }

    package var name: Located<String>
    package var kind: Kind
    /// `secure: true`: text to keep off the screen's readouts, as UITextField's
    /// `isSecureTextEntry` (a password, a PIN); the preview masks it. Only a `String` input is.
    package var secure = false
    /// A property's `default:` read as an expression, when it is a scalar that parses as one
    /// (`profile.name`): the checker decides whether it reads the screen's parameters or is a
    /// value, as for a state's `initial:` (see DeclarationsPass+StateInitial.swift).
    package var defaultExpression: Expr? = nil
}

/// `state:` — a typed value the view model alone writes.
package struct StateDecl: Sendable {
    package var name: Located<String>
    package var type: Located<String>
    package var initial: YAMLNode
    /// `initial:` read as an expression, when it is a scalar that parses as one (`saved`,
    /// `saved.count`): the checker decides whether it reads the screen's parameters or is a
    /// value (see DeclarationsPass+StateInitial.swift).
    package var initialExpression: Expr? = nil
}

/// `outputs:` — what the view observes.
package struct OutputDecl: Sendable {
    package enum Kind: Sendable {
        /// An expression over current values, emitted at start and whenever it changes.
        case derived(Expr)
        /// A pipeline of operators from a source (see ``StreamDecl``).
        case stream(StreamDecl)
    }

    package var name: Located<String>
    package var kind: Kind
    /// `every: 1m` on a derived output: the value is computed again at each tick of an interval
    /// from the screen's start, as RxSwift's `combineLatest(…, Observable<Int>.interval(1m))`
    /// would, so that an output reading `now` ("2 min ago") moves with time alone.
    package var every: Located<Int>? = nil
}

/// `actions:` — asynchronous work with an enabled and an executing state.
package struct ActionDecl: Sendable {
    package var name: Located<String>
    /// `input: Int`: the type of value each execution takes (`Action<Input, Element>`'s `Input`);
    /// nil: the trigger's element type, or `Void` without a trigger.
    package var input: Located<String>? = nil
    /// `input:` was written but is not a type name (reported already).
    package var inputIsMalformed = false
    package var trigger: Located<String>?
    package var enabledIf: Expr?
    package var work: WorkDecl
}

package struct WorkDecl: Sendable {
    package var service: Located<String>
    package var arguments: [(name: Located<String>, value: Expr)]
    package var range: SpecRange
    /// Work written as a stream (`ops:`, `just:`, `timer:`, `if:`/`then:`/`else:`, `as:`): the
    /// request, whose inner stream each execution subscribes to. Then ``service`` names its source
    /// (as ``RequestDecl/service`` does) and ``arguments`` is empty: the request holds them.
    package var request: RequestDecl? = nil
}

/// `handlers:` — on an event, set state from expressions.
package struct HandlerDecl: Sendable {
    package var on: Located<String>
    package var assignments: [(target: Located<String>, value: Expr)]
    package var range: SpecRange
    /// `if:`: a `Bool` over the emitted value (read by the `on:` name) and the state; when false
    /// the handler does nothing (RxSwift's `.filter { … }.subscribe(onNext:)`). Screen handlers only.
    package var condition: Expr? = nil
}

/// `services:` — a fake backend the actions call.
package struct ServiceDecl: Sendable {
    package var name: Located<String>
    package var returns: Located<String>
    package var latency: Located<Int>?
    /// Results of successive calls; the last one repeats. Empty: `()` for Void.
    package var results: [ResultDecl]
    package var range: SpecRange
    /// `params:` the calls must pass in `with:`; nil when undeclared (arguments unchecked).
    package var params: [ParamDecl]? = nil
    /// `cases:` results chosen by the call's arguments; the first match wins.
    package var cases: [CaseDecl] = []
    /// `http:`: how the real backend is called (`specrun run --live`, an embedder's provider).
    package var http: HTTPDecl? = nil
    /// `timeout:` how long a live provider may take to answer before the call fails with
    /// `unknown`; nil waits as long as it takes. Fakes ignore it.
    package var timeout: Located<Int>? = nil
    /// A scenario's override only: `replace: true`, its `cases:` replace the spec's on purpose.
    package var replacesCases = false
    /// `errorBody:` the types a failure's response body decodes to: one for every status
    /// (`errorBody: Problem`, its status nil) or one per status (`errorBody: { 422: Validation }`).
    package var errorBodies: [(status: Located<Int>?, type: Located<String>)] = []
}

/// `{ when: { page: 1 }, value: ... }`: a result for calls whose arguments match `when`.
package struct CaseDecl: Sendable {
    package var when: [(name: Located<String>, value: YAMLNode)]
    package var result: ResultDecl
    package var range: SpecRange
}

package struct ResultDecl: Sendable {
    package enum Kind: Sendable {
        case value(YAMLNode)
        case failure(YAMLNode)
        /// `sequence: [ { at: 100ms, value: 1 }, { at: 300ms, complete: true } ]`: an inner stream.
        case sequence(YAMLNode)
        /// `echo: s`: the call answers its own argument `s`, as `Action { input in .just(input) }`.
        case echo(Located<String>)
    }

    package var kind: Kind
    package var latency: Located<Int>?
    package var range: SpecRange

    package init(kind: Kind, latency: Located<Int>?, range: SpecRange) {
        self.kind = kind
        self.latency = latency
        self.range = range
    }
}

/// `scenarios:` — a scripted story played on the virtual clock.
package struct ScenarioDecl: Sendable {
    package var name: Located<String>
    package var steps: [StepDecl]
    package var range: SpecRange
    /// Values of the screen's `params:` for this scenario.
    package var params: [(name: Located<String>, value: YAMLNode)] = []
    /// Services whose behaviour this scenario replaces (no `returns:`, it is the spec's).
    package var services: [ServiceDecl] = []
}

package struct StepDecl: Sendable {
    package enum Kind: Sendable {
        case set([(target: Located<String>, value: YAMLNode)])
        case send(Located<String>, value: YAMLNode?)
        case wait(Located<Int>)
        case expect([(target: Located<String>, value: YAMLNode)])
        /// `expect: messages.count == 4`: a `Bool` expression over current values must hold.
        case expectThat(Expr, text: String)
        /// `complete: name` ends an input stream with `completed`.
        case complete(Located<String>)
        /// `fail: { name: http(404) }` ends an input stream with an error.
        case fail(Located<String>, YAMLNode)
        /// A person acting on components: `tap: confirm`, `type: { email: "a@b.c" }`.
        case gesture(verb: Located<String>, [(target: Located<String>, value: YAMLNode?)])
        /// `subscribe: { late: results }`: an observer named `late` subscribes to `results` now.
        case subscribe(observer: Located<String>, target: Located<String>)
        /// `dispose: late`: the observer's subscription is disposed.
        case dispose(Located<String>)
    }

    package var kind: Kind
    package var range: SpecRange
}
