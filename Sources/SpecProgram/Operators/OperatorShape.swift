/// How an operator's argument is written, as one value: its parameters, each with its kind, key,
/// hint and description, and the example messages give. The reader reads an argument from it,
/// the schema describes it, and ``problem(with:)`` checks a compiled spec's arguments against
/// it, so a new shape is a new value (argument-parser's `ArgumentDefinition` carries its own
/// parsing the same way), not a case in each of those.
///
/// Its forms: no parameter (`- ignoreElements`); one parameter without a key, written alone
/// (`takeWhile: "$0 < 3"`), or left out when it is not required (`- distinctUntilChanged`); or
/// keyed parameters in a mapping (`{ seed: ..., accumulator: ... }`), the first of which may also
/// be written alone when ``shorthand`` is set (`throttle: 500ms`).
package struct OperatorShape: Sendable, Equatable {
    /// How a mapping that lacks required keys is reported.
    package enum MissingKeys: Sendable, Equatable {
        /// One message naming every required key with its hint, when any is missing
        /// (`'reduce' needs 'seed:' (the first accumulator) and 'accumulator:' (…)`).
        case together
        /// The parameters read in order, a missing required one reported with its hint as it is
        /// reached (`'sample' needs 'with:' naming the sampler`).
        case oneByOne
    }

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
    package var missingKeys: MissingKeys

    package init(_ parameters: [OperatorParameter], shorthand: Bool = false, summary: String = "", example: String, keysFixIt: String? = nil,
                 missingKeys: MissingKeys = .together) {
        self.parameters = parameters
        self.shorthand = shorthand
        self.summary = summary
        self.example = example
        self.keysFixIt = keysFixIt
        self.missingKeys = missingKeys
    }

    /// Whether the argument is one value without a key (`takeLast: 2`).
    package var isSingleValue: Bool { parameters.count == 1 && parameters[0].key == nil }

    /// Whether the operator may be written alone, without an argument (`- retry`).
    /// A shorthand shape whose parameters are all optional may be too (`- retry`, or
    /// `retry: { when: ... }`).
    package var mayBeBare: Bool {
        parameters.isEmpty || ((isSingleValue || shorthand) && !parameters.contains(where: \.required))
    }

    /// What is wrong with a compiled spec's arguments for this shape, as the end of a sentence
    /// (`has 0 expressions, but takes 1`); nil when they fit. The engine runs only arguments
    /// that fit: a node indexes its expressions and reads its count without checking again.
    package func problem(with arguments: OperatorArguments) -> String? {
        var fit = Fit()
        for parameter in parameters { fit.add(parameter) }
        return fit.problem(with: arguments)
    }
}

/// What the parameters of a shape allow its compiled arguments to hold: how many expressions
/// and other streams, which values, and which alternatives exclude each other.
private struct Fit {
    var expressions = (minimum: 0, maximum: 0)
    var sources = (minimum: 0, maximum: 0)
    var count: (required: Bool, minimum: Int)?
    var duration: (required: Bool, minimum: Int)?
    var choices: [String]?
    var flag = false
    var request = false
    /// `countOrDuration`: exactly one of the two.
    var countOrDuration = false
    /// `expressionOrStream`: one expression or one stream.
    var expressionOrStream = false
    /// `streamsOrRequest`: streams or a request.
    var streamsOrRequest = false

    mutating func add(_ parameter: OperatorParameter) {
        let required = parameter.required
        switch parameter.kind {
        case .expression, .comparer:
            expressions.minimum += required ? 1 : 0
            expressions.maximum += 1
        case .values:
            expressions.minimum += 1
            expressions.maximum = Int.max
        case .count(let minimum): count = (required, minimum)
        case .duration(let minimum): duration = (required, minimum)
        case .countOrDuration:
            count = (false, 0)
            duration = (false, 0)
            countOrDuration = true
        case .stream:
            sources.minimum += required ? 1 : 0
            sources.maximum += 1
        case .streams:
            sources.minimum += 1
            sources.maximum = Int.max
        case .choice(let words): choices = words
        case .flag: flag = true
        case .request: request = true
        case .navigation:
            expressions.minimum += 1
            expressions.maximum += 1
        case .expressionOrStream:
            expressions.maximum += 1
            sources.maximum += 1
            expressionOrStream = true
        case .streamsOrRequest:
            sources.maximum = Int.max
            request = true
            streamsOrRequest = true
        }
    }

    func problem(with arguments: OperatorArguments) -> String? {
        let e = arguments.expressions.count
        guard e >= expressions.minimum, e <= expressions.maximum else {
            let takes = expressions.minimum == expressions.maximum ? "\(expressions.minimum)"
                : expressions.maximum == Int.max ? "\(expressions.minimum) or more" : "\(expressions.minimum) to \(expressions.maximum)"
            return "has \(e) expressions, but takes \(takes)"
        }
        let s = arguments.sources.count
        guard s >= sources.minimum, s <= sources.maximum else { return "has \(s) other streams" }
        if let n = arguments.count {
            guard let count else { return "has a count" }
            if n < max(count.minimum, 0) { return n < 0 ? "has a count of \(n)" : "has a count below \(count.minimum)" }
        } else if count?.required == true {
            return "has no count"
        }
        if let d = arguments.duration {
            guard let duration else { return "has a duration" }
            if d < duration.minimum { return duration.minimum >= 1 ? "has a duration below \(duration.minimum)ms" : "has a duration of \(d)" }
        } else if duration?.required == true {
            return "has no duration"
        }
        if countOrDuration, (arguments.count == nil) == (arguments.duration == nil) { return "has \(arguments.count == nil ? "neither" : "both") a count and a duration" }
        if let choice = arguments.choice, choices?.contains(choice) != true { return "has the option '\(choice)', which it does not take" }
        if arguments.flag != nil, !flag { return "has a flag" }
        if arguments.request != nil, !request { return "has a request" }
        if expressionOrStream, e + s != 1 { return "has \(e) expressions and \(s) other streams, but takes one of them" }
        if streamsOrRequest, (s == 0) == (arguments.request == nil) { return "has \(s) other streams and \(arguments.request == nil ? "no" : "a") request" }
        if request, !streamsOrRequest, arguments.request == nil { return "has no request" }
        return nil
    }
}

/// One parameter of an ``OperatorShape``.
package struct OperatorParameter: Sendable, Equatable {
    /// What a parameter holds, and so how it is read, described and checked.
    package enum Kind: Sendable, Equatable {
        /// An expression; the operator's typing says what it reads and gives.
        case expression
        /// A Bool expression over `$0` and `$1` that says when two elements count as equal
        /// (`distinctUntilChanged`'s `by:`); checked, it follows the other expressions, after
        /// the key (`$0` when none is written).
        case comparer
        /// One expression or a list of them (`startWith: [1, 2]`), each a value.
        case values
        /// A whole number of this minimum or more.
        case count(minimum: Int)
        /// A duration of this many milliseconds or more (1: one tick of the virtual clock).
        case duration(minimum: Int)
        /// A count of 0 or more, or a duration (`skip: 3`, `skip: 300ms`).
        case countOrDuration
        /// The name of another stream, called as the message says (`stream name`, `source name`).
        case stream(String)
        /// One or more names of other streams (`with: [a, b]`, `merge: [a, b]`).
        case streams(String)
        /// One of these words, the first the default when the key is left out.
        case choice([String])
        /// `true` or `false`; left out, this default.
        case flag(default: Bool)
        /// A service call per element: `{ call: service, with: { ... }, ops: [...] }`.
        case request
        /// A screen to open per element: `{ to: Screen, params: { ... } }`.
        case navigation
        /// An expression, or a mapping `{ stream: other }` naming a stream to continue with.
        case expressionOrStream
        /// A list of streams to choose from, or a mapping that is a request.
        case streamsOrRequest
    }

    /// The key in the mapping form; nil for a shape whose argument is this one value.
    package var key: String?
    package var kind: Kind
    package var required: Bool
    /// What a message about missing keys says after the key, its separator included
    /// (` (the first accumulator)`); for a value written alone, what its message says it needs.
    package var hint: String
    /// The schema's description of it.
    package var summary: String
    /// A fix-it for a value it refuses (`write '- retry: 3', …`).
    package var fixIt: String?

    package init(_ key: String?, _ kind: Kind, required: Bool = true, hint: String = "", _ summary: String = "", fixIt: String? = nil) {
        self.key = key
        self.kind = kind
        self.required = required
        self.hint = hint
        self.summary = summary
        self.fixIt = fixIt
    }
}
