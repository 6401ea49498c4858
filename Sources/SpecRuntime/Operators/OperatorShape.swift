/// How an operator's argument is written, as one value: its parameters, each with its kind, key,
/// hint and description, and the example messages give. The reader reads an argument from it,
/// the schema describes it, and ``problem(with:)`` checks a compiled spec's arguments against
/// it, so a new shape is a new value (argument-parser's `ArgumentDefinition` carries its own
/// parsing the same way), not a case in each of those.
///
/// Its forms: no parameter (`- ignoreElements`); one parameter without a key, written alone
/// (`takeWhile: "$0 < 3"`); or keyed parameters in a mapping (`{ seed: ..., accumulator: ... }`),
/// the first of which may also be written alone when ``shorthand`` is set.
package struct OperatorShape: Sendable, Equatable {
    /// The parameters, in the order they are read and checked; their values land in
    /// ``OperatorArguments`` by kind (expressions in this order).
    package var parameters: [OperatorParameter]
    /// Whether the first parameter may be written alone, without the mapping around it.
    package var shorthand: Bool
    /// The schema's description of the mapping form.
    package var summary: String
    /// What a message about a missing argument shows: `'{ seed: ..., accumulator: ... }'`.
    package var example: String
    /// A fix-it for missing keys, written after `write '<name>: ` (`{ timeSpan: 1s, count: 3 }`).
    package var keysFixIt: String?

    package init(_ parameters: [OperatorParameter], shorthand: Bool = false, summary: String = "", example: String, keysFixIt: String? = nil) {
        self.parameters = parameters
        self.shorthand = shorthand
        self.summary = summary
        self.example = example
        self.keysFixIt = keysFixIt
    }

    /// Whether the argument is one value without a key (`takeLast: 2`).
    package var isSingleValue: Bool { parameters.count == 1 && parameters[0].key == nil }

    /// How many expressions a plan of this shape holds.
    package var expressionCount: Int { parameters.filter { $0.kind == .expression }.count }

    private func parameter(where matches: (OperatorParameter.Kind) -> Bool) -> OperatorParameter? {
        parameters.first { matches($0.kind) }
    }

    /// What is wrong with a compiled spec's arguments for this shape, as the end of a sentence
    /// (`has 0 expressions, but takes 1`); nil when they fit. The engine runs only arguments
    /// that fit: a node indexes its expressions and reads its count without checking again.
    package func problem(with arguments: OperatorArguments) -> String? {
        guard arguments.expressions.count == expressionCount else {
            return "has \(arguments.expressions.count) expressions, but takes \(expressionCount)"
        }
        let count = parameter { if case .count = $0 { true } else { false } }
        guard (arguments.count != nil) == (count != nil) else { return "has \(count != nil ? "no" : "a") count" }
        if let n = arguments.count, n < 0 { return "has a count of \(n)" }
        if case .count(let minimum)? = count?.kind, minimum >= 1, arguments.count ?? 0 < minimum { return "has a count below \(minimum)" }
        let timed = parameter { $0 == .duration } != nil
        guard (arguments.duration != nil) == timed else { return "has \(timed ? "no" : "a") duration" }
        if timed, arguments.duration ?? 0 < 1 { return "has a duration below 1ms" }
        let sources = arguments.sources.count
        let fits = if parameter(where: { $0 == .streams }) != nil { sources >= 1 } else { sources == (parameter { $0 == .stream } != nil ? 1 : 0) }
        guard fits else { return "has \(sources) other streams" }
        if let choice = arguments.choice {
            guard case .choice(let choices)? = parameter(where: { if case .choice = $0 { true } else { false } })?.kind, choices.contains(choice) else {
                return "has the option '\(choice)', which it does not take"
            }
        }
        return nil
    }
}

/// One parameter of an ``OperatorShape``.
package struct OperatorParameter: Sendable, Equatable {
    /// What a parameter holds, and so how it is read, described and checked.
    package enum Kind: Sendable, Equatable {
        /// An expression; the operator's typing says what it reads and gives.
        case expression
        /// A whole number of this minimum or more.
        case count(minimum: Int)
        /// A duration of 1 ms or more (one tick of the virtual clock).
        case duration
        /// The name of another stream.
        case stream
        /// One or more names of other streams (`with: [a, b]`).
        case streams
        /// One of these words, the first the default when the key is left out.
        case choice([String])
    }

    /// The key in the mapping form; nil for a shape whose argument is this one value.
    package var key: String?
    package var kind: Kind
    package var required: Bool
    /// What a message about missing keys says of it: `the first accumulator`.
    package var hint: String
    /// The schema's description of it.
    package var summary: String

    package init(_ key: String?, _ kind: Kind, required: Bool = true, hint: String = "", _ summary: String = "") {
        self.key = key
        self.kind = kind
        self.required = required
        self.hint = hint
        self.summary = summary
    }
}
