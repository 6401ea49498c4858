import SpecRuntime

/// A value with the range it was written at. The range takes no part in equality.
public struct Located<T: Sendable>: Sendable {
    public var value: T
    public var range: SpecRange

    public init(_ value: T, _ range: SpecRange) {
        self.value = value
        self.range = range
    }
}

extension Located: Equatable where T: Equatable {
    public static func == (a: Located, b: Located) -> Bool { a.value == b.value }
}

/// A screen spec as written: names, types and expressions, not yet resolved or checked.
public struct Spec: Sendable {
    public var file: String
    public var screen: Located<String>
    public var types: [TypeDecl] = []
    public var params: [ParamDecl] = []
    public var inputs: [InputDecl] = []
    public var state: [StateDecl] = []
    public var outputs: [OutputDecl] = []
    public var actions: [ActionDecl] = []
    public var handlers: [HandlerDecl] = []
    public var services: [ServiceDecl] = []
    /// `view:` and `bindings:` (see ViewDecl.swift).
    public var view: [ComponentDecl] = []
    public var bindings: [BindingDecl] = []
    public var scenarios: [ScenarioDecl] = []
    /// Names whose declarations could not be read (and were reported): the checker treats them
    /// as declared with an unknown type, so what reads them does not cascade.
    public var unreadable: Set<String> = []
    /// Type names whose declarations under `types:` could not be read.
    public var unreadableTypes: Set<String> = []
    /// Components under `view:` that could not be read.
    public var unreadableComponents: Set<String> = []
    /// Mutants marked as equivalent (see ``EquivalentMutantDecl``).
    public var equivalentMutants: [EquivalentMutantDecl] = []
    /// Coverage items marked as unreachable (see ``UnreachableDecl``).
    public var unreachable: [UnreachableDecl] = []
    /// `invariants:` and `explore:` (see ExploreDecl.swift).
    public var invariants: [InvariantDecl] = []
    public var explore: ExploreDecl?
}

/// `types:` — a record (`{ name: String, author: String }`) or an enum (`[received, performed]`).
public struct TypeDecl: Sendable {
    public enum Kind: Sendable {
        case record([(name: Located<String>, type: Located<String>)])
        case enumeration([Located<String>])
    }

    public var name: Located<String>
    public var kind: Kind
}

/// `params:` — a value the screen is built with, injected by whoever opens it.
public struct ParamDecl: Sendable {
    public var name: Located<String>
    public var type: Located<String>
}

/// `inputs:` — what the view feeds in.
public struct InputDecl: Sendable {
    public enum Kind: Sendable {
        /// A trigger with no value: a tap, a refresh, viewDidAppear.
        case event
        /// A stream of typed values with no current value: a selected row.
        case value(Located<String>)
        /// A typed value with a default and a current value, which the view writes.
        case property(Located<String>, defaultValue: YAMLNode?)
    }

    public var name: Located<String>
    public var kind: Kind
}

/// `state:` — a typed value the view model alone writes.
public struct StateDecl: Sendable {
    public var name: Located<String>
    public var type: Located<String>
    public var initial: YAMLNode
}

/// `outputs:` — what the view observes.
public struct OutputDecl: Sendable {
    public enum Kind: Sendable {
        /// An expression over current values, emitted at start and whenever it changes.
        case derived(Expr)
        /// A pipeline of operators from a source (see ``StreamDecl``).
        case stream(StreamDecl)
    }

    public var name: Located<String>
    public var kind: Kind
}

/// `actions:` — asynchronous work with an enabled and an executing state.
public struct ActionDecl: Sendable {
    public var name: Located<String>
    /// `input: Int`: the type of value each execution takes (`Action<Input, Element>`'s `Input`);
    /// nil: the trigger's element type, or `Void` without a trigger.
    public var input: Located<String>? = nil
    /// `input:` was written but is not a type name (reported already).
    public var inputIsMalformed = false
    public var trigger: Located<String>?
    public var enabledIf: Expr?
    public var work: WorkDecl
}

public struct WorkDecl: Sendable {
    public var service: Located<String>
    public var arguments: [(name: Located<String>, value: Expr)]
    public var range: SpecRange
}

/// `handlers:` — on an event, set state from expressions.
public struct HandlerDecl: Sendable {
    public var on: Located<String>
    public var assignments: [(target: Located<String>, value: Expr)]
    public var range: SpecRange
}

/// `services:` — a fake backend the actions call.
public struct ServiceDecl: Sendable {
    public var name: Located<String>
    public var returns: Located<String>
    public var latency: Located<Int>?
    /// Results of successive calls; the last one repeats. Empty: `()` for Void.
    public var results: [ResultDecl]
    public var range: SpecRange
    /// `params:` the calls must pass in `with:`; nil when undeclared (arguments unchecked).
    public var params: [ParamDecl]? = nil
    /// `cases:` results chosen by the call's arguments; the first match wins.
    public var cases: [CaseDecl] = []
    /// `http:`: how the real backend is called (`specrun run --live`, an embedder's provider).
    public var http: HTTPDecl? = nil
    /// `timeout:` how long a live provider may take to answer before the call fails with
    /// `unknown`; nil waits as long as it takes. Fakes ignore it.
    public var timeout: Located<Int>? = nil
}

/// `{ when: { page: 1 }, value: ... }`: a result for calls whose arguments match `when`.
public struct CaseDecl: Sendable {
    public var when: [(name: Located<String>, value: YAMLNode)]
    public var result: ResultDecl
    public var range: SpecRange
}

public struct ResultDecl: Sendable {
    public enum Kind: Sendable {
        case value(YAMLNode)
        case failure(YAMLNode)
        /// `sequence: [ { at: 100ms, value: 1 }, { at: 300ms, complete: true } ]`: an inner stream.
        case sequence(YAMLNode)
        /// `echo: s`: the call answers its own argument `s`, as `Action { input in .just(input) }`.
        case echo(Located<String>)
    }

    public var kind: Kind
    public var latency: Located<Int>?
    public var range: SpecRange

    package init(kind: Kind, latency: Located<Int>?, range: SpecRange) {
        self.kind = kind
        self.latency = latency
        self.range = range
    }
}

/// `scenarios:` — a scripted story played on the virtual clock.
public struct ScenarioDecl: Sendable {
    public var name: Located<String>
    public var steps: [StepDecl]
    public var range: SpecRange
    /// Values of the screen's `params:` for this scenario.
    public var params: [(name: Located<String>, value: YAMLNode)] = []
    /// Services whose behaviour this scenario replaces (no `returns:`, it is the spec's).
    public var services: [ServiceDecl] = []
}

public struct StepDecl: Sendable {
    public enum Kind: Sendable {
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
    }

    public var kind: Kind
    public var range: SpecRange
}
