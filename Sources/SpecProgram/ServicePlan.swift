/// A service the spec declares, as the runtime calls it: what it returns, its fake's latency and
/// results (or cases by argument), its HTTP form for live runs, and the types its failures'
/// bodies decode to.
package struct ServicePlan: Sendable {
    package enum Outcome: Sendable, Hashable {
        case success(Value)
        case failure(ErrorValue)
        /// Several events over time after the call (`sequence:`); times are ms after the call.
        case sequence([SequenceEvent])
    }

    /// One event of a service's answer sequence, like an RxTest recorded event of a cold observable.
    package struct SequenceEvent: Sendable, Hashable {
        /// Milliseconds after the call.
        package var time: Int
        /// `.next` for an element; a terminal event ends the sequence.
        package var event: SequenceEventKind

        package init(time: Int, event: SequenceEventKind) {
            self.time = time
            self.event = event
        }
    }

    package enum SequenceEventKind: Sendable, Hashable {
        case next(Value)
        case end(StreamEnd)
    }

    package struct Result: Sendable {
        package var outcome: Outcome
        /// Milliseconds; nil uses the service's latency.
        package var latency: Int?
        /// Where it is written; nil for the `()` a Void service answers when it lists no result.
        package var range: SpecRange? = nil
        /// `echo: s`: the call answers its argument `s` (``outcome`` is then unused).
        package var echo: String? = nil

        /// What a call with these arguments gets.
        package func outcome(arguments names: [String], _ values: [Value]) -> Outcome {
            guard let echo else { return outcome }
            return .success(names.firstIndex(of: echo).map { values[$0] } ?? .none)
        }

        /// Memberwise, at `package` access: the front end builds the program.
        package init(outcome: Outcome, latency: Int? = nil, range: SpecRange? = nil, echo: String? = nil) {
            self.outcome = outcome
            self.latency = latency
            self.range = range
            self.echo = echo
        }
    }

    package var name: String
    package var returns: SpecType
    package var latency: Int
    /// Successive calls take successive results; the last one repeats.
    package var results: [Result]
    /// The declared `params:` a call passes; nil when the service declares none.
    package var params: [(name: String, type: SpecType)]? = nil
    /// Results chosen by the call's arguments, tried in order before ``results``.
    package var cases: [Case] = []
    /// `http:`: how the real backend answers (`specrun run --live`); nil for a fake only.
    package var http: HTTPPlan? = nil
    /// Milliseconds a live provider may take before the call fails with `unknown` (`timeout:`);
    /// nil for no limit. The fake ignores it.
    package var timeout: Int? = nil
    /// `errorBody:`: the record type an `http` failure's body decodes to, by status; a nil
    /// status stands for every status the others do not name.
    package var errorBodies: [(status: Int?, type: SpecType)] = []

    /// The type the body of an `http(status)` failure decodes to, nil when none is declared.
    package func errorBodyType(status: Int) -> SpecType? {
        errorBodies.first { $0.status == status }?.type ?? errorBodies.first { $0.status == nil }?.type
    }

    /// A result for calls whose named arguments equal ``when`` (other arguments are free).
    package struct Case: Sendable {
        package var when: [(name: String, value: Value)]
        package var result: Result
        /// Where the case is written, for coverage.
        package var range: SpecRange? = nil

        /// Memberwise, at `package` access: the front end builds the program.
        package init(when: [(name: String, value: Value)], result: Result, range: SpecRange? = nil) {
            self.when = when
            self.result = result
            self.range = range
        }
    }

    /// Which of a service's answers a call takes.
    package enum Choice: Sendable, Hashable {
        /// ``cases``[i].
        case matchingCase(Int)
        /// ``results``[i].
        case result(Int)
        /// No result is declared: `()`.
        case implicitVoid
    }

    /// The answer a call takes: the first matching case, else the next of ``results``.
    /// `count` is how many calls came before this one.
    package func choose(arguments names: [String], _ values: [Value], count: Int) -> Choice {
        for (i, c) in cases.enumerated() where c.when.allSatisfy({ w in names.firstIndex(of: w.name).map { values[$0] == w.value } ?? false }) {
            return .matchingCase(i)
        }
        guard !results.isEmpty else { return .implicitVoid }
        return .result(min(max(count, 0), results.count - 1))
    }

    /// The answer to a call: the first matching case, else the next of ``results``.
    /// `count` is how many calls came before this one.
    package func answer(arguments names: [String], _ values: [Value], count: Int) -> (Outcome, Int) {
        answer(choose(arguments: names, values, count: count), arguments: names, values)
    }

    /// The outcome and latency of a chosen answer to a call with these arguments.
    package func answer(_ choice: Choice, arguments names: [String], _ values: [Value]) -> (Outcome, Int) {
        switch choice {
        case .matchingCase(let i): return (cases[i].result.outcome(arguments: names, values), cases[i].result.latency ?? latency)
        case .result(let i): return (results[i].outcome(arguments: names, values), results[i].latency ?? latency)
        case .implicitVoid: return (.success(.void), latency)
        }
    }

    /// Memberwise, at `package` access: the front end builds the program.
    package init(
        name: String,
        returns: SpecType,
        latency: Int,
        results: [Result],
        params: [(name: String, type: SpecType)]? = nil,
        cases: [Case] = []
    ) {
        self.name = name
        self.returns = returns
        self.latency = latency
        self.results = results
        self.params = params
        self.cases = cases
    }
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a compiled
// spec (see `CompiledSpec`; ServicePlan itself is coded in Program+Coding.swift).
extension ServicePlan.Outcome: Codable {}
extension ServicePlan.SequenceEvent: Codable {}
extension ServicePlan.SequenceEventKind: Codable {}
extension ServicePlan.Result: Codable {}
