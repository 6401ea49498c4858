/// Every stream operator of the spec language, one ``OperatorEntry`` each, in the order of the
/// operator table: its name, how its argument is written, whether a request's `ops:` may use it,
/// how the checker types it, how the mutation tool changes it, how diagrams draw it and, for the
/// operators built on the catalogue, the node that runs it. The reader, the checker, the JSON
/// Schema, the program validator, the pipeline, coverage, mutation and the diagrams all read it.
///
/// It lives in the engine because the engine builds the nodes; the front end (reading, typing, the
/// schema) and the tools (mutation, diagrams) sit above it and read the same entries.
package enum OperatorCatalog {
    /// Every operator, in the order of the operator table.
    package static let all: [OperatorEntry] = dedicated + catalogued

    private static let byName: [String: OperatorEntry] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The entry of the operator written `name`, nil for a name the language does not have.
    package static func entry(named name: String) -> OperatorEntry? { byName[name] }

    /// Every operator name, for "did you mean" and the list in messages.
    package static var names: [String] { all.map(\.name) }

    /// The node of a catalogued operator. The checker writes only catalogued names here and a
    /// loaded compiled spec is validated first (``ProgramValidator``), so the fallback, a node
    /// that passes every event on, is never built.
    static func makeNode(_ name: String, _ input: OperatorNodeInput) -> StreamOperator {
        guard let make = entry(named: name)?.makeNode else { return PassingSink() }
        return make(input)
    }
}

private final class PassingSink: StreamOperator {
    var sink: StreamSink?
    var operatorState: OperatorState { .stateless }
    func restore(_ state: OperatorState) {}
    func on(_ event: StreamEvent) { forward(event) }
}

/// One stream operator.
package struct OperatorEntry: Sendable {
    package let name: String
    /// How its argument is written; nil for the operators that predate the catalogue, read by
    /// the reader's own code.
    package let shape: OperatorShape?
    /// How the checker types it.
    package let typing: OperatorTyping
    /// Whether a request's `ops:` may use it (operators that read other streams may not).
    package let insideRequest: Bool
    /// One line: what it does, with RxSwift's meaning (the schema's description).
    package let summary: String
    /// What the mutation tool may do to it.
    package let mutations: [OperatorMutation]
    /// How diagrams draw the edge from each other stream it reads.
    package let edge: OperatorEdge
    /// The node that runs it, for the operators built on the catalogue (those with a ``shape``);
    /// the others are made by `StreamPipeline.make`.
    let makeNode: (@Sendable (OperatorNodeInput) -> StreamOperator)?

    init(_ name: String, _ shape: OperatorShape?, _ typing: OperatorTyping, insideRequest: Bool, _ summary: String,
         mutations: [OperatorMutation] = [], edge: OperatorEdge = .feeds(nil), node: (@Sendable (OperatorNodeInput) -> StreamOperator)? = nil) {
        self.name = name
        self.shape = shape
        self.typing = typing
        self.insideRequest = insideRequest
        self.summary = summary
        self.mutations = mutations
        self.edge = edge
        self.makeNode = node
    }

    /// Whether it is built on the catalogue: read, typed, validated and run from the entry alone.
    package var isCatalogued: Bool { makeNode != nil }
}

/// How the checker types an operator built on the catalogue.
package enum OperatorTyping: Sendable, Equatable {
    /// Typed by the checker's own case (the operators that predate the catalogue).
    case dedicated
    /// Elements keep their type (a count, another stream, or nothing as argument).
    case keepsElement
    /// The expression is a `Bool` over `$0` the element; elements keep their type.
    case predicate
    /// The expression over `$0` the element has an optional type; elements are its values.
    case unwrappingTransform
    /// The seed's type is the accumulator's; the accumulator is over `$0` (the accumulator) and
    /// `$1` (the element); elements are accumulators.
    case accumulates
    /// Elements are lists of the elements (`buffer`).
    case collects
    /// The expression over `$0` the element and `$1`, `$2`, … the other streams' elements gives
    /// the element (`zip`).
    case combines
    /// Elements are pairs `$0.index` (from 0) and `$0.element`: a record the checker adds to the
    /// spec's types, named ``EnumeratedPair/typeName(_:)`` (`enumerated`).
    case enumerates
}

/// A change the mutation tool makes to an operator, to find scenarios that would not notice.
package enum OperatorMutation: Sendable, Equatable {
    /// Drop the operator.
    case remove
    /// The same argument to another operator of the same shape (`takeWhile` -> `skipWhile`).
    case replace(with: String)
    /// A count one more and one less (never below 0).
    case countByOne
}

/// How a diagram draws the edge from another stream an operator reads.
package enum OperatorEdge: Sendable, Equatable {
    /// Its elements feed the operator; the label defaults to the operator's name.
    case feeds(String?)
    /// Only its latest value is read.
    case reads(String)
}

/// What a node factory is given: the checked arguments, the operator's expressions compiled, and
/// the pipeline's environment.
struct OperatorNodeInput {
    let name: String
    let arguments: OperatorArguments
    let expressions: [CompiledExpr]
    let environment: PipelineEnvironment
}
