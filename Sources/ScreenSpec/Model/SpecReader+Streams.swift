import SpecRuntime

/// Reading stream outputs: `{ stream: source, ops: [...], initial: value }` and the navigation
/// shorthand `{ navigate: { to: Screen, params: {...} }, on: source }`.
extension SpecReader {
    /// Every operator name, from `OperatorCatalog`.
    static var operatorNames: [String] { OperatorCatalog.names }

    /// Whether an output mapping declares a stream rather than a derived value.
    static func isStreamOutput(_ node: YAMLNode) -> Bool {
        // A misspelt 'stream:' ('steam:') or a key only streams take ('ops:') still makes one, so
        // the misspelling is reported once and the stream read.
        node.mapping?.contains { pair in
            guard let key = pair.key.string else { return false }
            let sources = StreamSourceKind.allCases.map(\.rawValue)
            return (sources + ["ops", "on", "initial", "period"]).contains(key)
                // Four short candidates: a bounded search, needing no spec-wide budget.
                || Suggestion.nearest(to: key, in: sources, budget: nil) != nil
        } ?? false
    }

    mutating func readStreamOutput(_ name: Located<String>, _ node: YAMLNode) -> OutputDecl? {
        guard let f = fields(node, of: "output '\(name.value)'", allowed: ["stream", "ops", "initial", "navigate", "on", "interval", "timer", "period"]) else { return nil }
        if let navigateNode = f["navigate"] {
            if f["stream"] != nil || f["ops"] != nil {
                diagnostics.error(.conflictingKeys, "output '\(name.value)' takes 'navigate:' with 'on:', or 'stream:' with 'ops:'",
                                  at: node.range, fixIt: "move the navigation into 'ops:' as '- navigate: { to: ... }'")
                return nil
            }
            guard let onNode = f["on"] else {
                diagnostics.error(.missingKey, "navigation '\(name.value)' needs 'on:' naming the event or stream that opens the screen",
                                  at: node.range)
                return nil
            }
            guard let source = identifier(onNode, what: "event or stream name", allowDots: true),
                  let navigate = readNavigate(navigateNode) else { return nil }
            let op = OperatorDecl(name: "navigate", arguments: OperatorArgumentsDecl(navigation: navigate), range: navigateNode.range)
            return OutputDecl(name: name, kind: .stream(StreamDecl(source: source, operators: [op], initial: nil, range: node.range)))
        }
        if let on = f["on"] {
            diagnostics.error(.unknownKey, "'on:' goes with 'navigate:'; a stream names its source with 'stream:'", at: on.range)
        }
        var timer: TimerDecl?
        let timerKeys = ["stream", "interval", "timer"].filter { f[$0] != nil }
        if timerKeys.count > 1 {
            diagnostics.error(.conflictingKeys, "output '\(name.value)' has one source: 'stream:', 'interval:' or 'timer:', found "
                              + timerKeys.map { "'\($0):'" }.joined(separator: " and "), at: node.range)
            return nil
        }
        if let period = f["period"], f["timer"] == nil {
            diagnostics.error(.unknownKey, "'period:' goes with 'timer:'", at: period.range, fixIt: "write 'interval: ...' for a timer that starts at once")
            return nil
        }
        let source: Located<String>
        for key in ["interval", "timer", "period"] {
            if let time = f[key], refusesComputedTime(time, of: key) { return nil }
        }
        if let intervalNode = f["interval"] {
            guard let d = positiveDuration(intervalNode, what: "'interval'") else { return nil }
            timer = TimerDecl(dueTime: d, period: d)
            source = Located("", intervalNode.range)
        } else if let timerNode = f["timer"] {
            guard let d = duration(timerNode) else { return nil }
            var period: Located<Int>?
            if let p = f["period"] {
                guard let pd = positiveDuration(p, what: "'period'") else { return nil }
                period = pd
            }
            timer = TimerDecl(dueTime: d, period: period)
            source = Located("", timerNode.range)
        } else {
            // `stream: Observable.combineLatest(a, b)`: the operator's form (SpecReader+RxSwiftCalls.swift).
            if let sourceNode = f["stream"], let text = sourceNode.string, let help = Self.sourceCallHelp(for: text) {
                diagnostics.error(.invalidName, "'\(text)' is not a valid stream source: 'stream:' names one input, output or action stream",
                                  at: sourceNode.range, fixIt: help)
                return nil
            }
            guard let sourceNode = f["stream"], let s = identifier(sourceNode, what: "stream source", allowDots: true) else {
                if f["stream"] == nil {
                    diagnostics.error(.missingKey, "stream output '\(name.value)' needs a source: 'stream:', 'interval:' or 'timer:'", at: node.range)
                }
                return nil
            }
            source = s
        }
        guard let (operators, firstUnread) = readOperators(f["ops"], of: "output '\(name.value)'") else { return nil }
        var stream = StreamDecl(source: source, operators: operators, timer: timer, initial: f["initial"], range: node.range)
        stream.readOperators = firstUnread
        stream.initialExpression = f["initial"].flatMap(quietExpression)
        return OutputDecl(name: name, kind: .stream(stream))
    }

    /// A duration above zero (an interval of 0 ms would never let time pass).
    mutating func positiveDuration(_ node: YAMLNode, what: String) -> Located<Int>? {
        guard let d = duration(node) else { return nil }
        guard d.value > 0 else {
            diagnostics.error(.invalidDuration, "\(what) needs a period above 0ms, such as '1s'", at: node.range)
            return nil
        }
        return d
    }

    /// `ops:` of a stream output or of a request's inner stream, and the index of the first operator
    /// that could not be read (reported), after which the operators' types are unknown.
    mutating func readOperators(_ ops: YAMLNode?, of owner: String) -> (operators: [OperatorDecl], firstUnread: Int?)? {
        var operators: [OperatorDecl] = []
        var firstUnread: Int?
        if let ops {
            let items = list(ops, of: "ops")
            // Each element passes down the operators by nested calls, as in RxSwift: a pipeline
            // thousands long would overflow the stack at run time.
            guard items.count <= Self.maximumOperators else {
                diagnostics.error(.tooManyOperators, "\(owner) has \(items.count) operators; a stream takes at most "
                                  + "\(Self.maximumOperators)", at: items[Self.maximumOperators].range,
                                  fixIt: "split it into several stream outputs, each sourcing the one before")
                return nil
            }
            for item in items {
                if let op = readOperator(item) {
                    operators.append(op)
                } else if firstUnread == nil {
                    firstUnread = operators.count
                }
            }
        }
        return (operators, firstUnread)
    }

    /// The most operators one stream output may chain.
    static let maximumOperators = 1000

    /// `- distinctUntilChanged` or `- name: argument`.
    mutating func readOperator(_ node: YAMLNode) -> OperatorDecl? {
        let key: YAMLNode
        let value: YAMLNode?
        if let text = node.string, !node.isNull, node.scalar?.style == .plain {
            key = node
            value = nil
            _ = text
        } else if let pairs = node.mapping, pairs.count == 1 {
            key = pairs[0].key
            value = pairs[0].value
        } else {
            diagnostics.error(.invalidOperator, "an operator is a name such as 'distinctUntilChanged' or one key such as 'map: \"$0.count\"', found \(node.kindName)",
                              at: node.range)
            return nil
        }
        let written = key.string ?? ""
        if written == "subscribeOn" {
            // Not misspelt 'observeOn': on the one virtual clock it has nothing to do.
            diagnostics.error(.unknownOperator, "'subscribeOn' has no meaning on the virtual clock: subscribing takes no time and there is no other scheduler",
                              at: key.range, fixIt: "remove it; '- observeOn' delivers after the current transaction, at the same millisecond")
            return nil
        }
        if let absent = AbsentOperator.named(written) {
            // Not misspelt: the nearest name would have other semantics.
            diagnostics.error(.unknownOperator, absent.message, at: key.range, fixIt: absent.fixIt)
            guard let name = absent.checkedAs, let entry = OperatorCatalog.entry(named: name), let arguments = readArguments(entry, value, at: node) else {
                return nil
            }
            return OperatorDecl(name: name, arguments: arguments, range: node.range)
        }
        if !Self.operatorNames.contains(written) {
            diagnostics.error(.unknownOperator, "unknown operator '\(written)'\(diagnostics.didYouMean(written, in: Self.operatorNames))", at: key.range,
                              notes: [DiagnosticNote("operators are " + Self.operatorNames.map { "'\($0)'" }.joined(separator: ", "))])
        }
        // A misspelt operator is read as the one it nearly is, so the rest of the pipeline is
        // checked with the right types; the spec stays invalid. Otherwise nothing after it is.
        guard let name = Self.operatorNames.contains(written) ? written : diagnostics.nearest(to: written, in: Self.operatorNames) else {
            return nil
        }
        guard let entry = OperatorCatalog.entry(named: name), let arguments = readArguments(entry, value, at: node) else { return nil }
        var op = OperatorDecl(name: name, arguments: arguments, range: node.range)
        op.written = value.flatMap(Self.shortText)
        return op
    }

    /// An operator's argument as one short line for diagrams: `$0.count > 3`, `[a, b]`,
    /// `{ seed: 0, accumulator: $0 + $1 }`, cut at 32 characters.
    static func shortText(_ node: YAMLNode) -> String? {
        func text(_ node: YAMLNode, depth: Int) -> String {
            if let scalar = node.scalar { return node.isNull ? "" : scalar.value }
            guard depth < 3 else { return "…" }
            if let items = node.sequence { return "[" + items.map { text($0, depth: depth + 1) }.joined(separator: ", ") + "]" }
            if let pairs = node.mapping {
                return "{ " + pairs.map { "\(text($0.key, depth: depth + 1)): \(text($0.value, depth: depth + 1))" }.joined(separator: ", ") + " }"
            }
            return ""
        }
        let whole = text(node, depth: 0).split(whereSeparator: \.isNewline).joined(separator: " ")
        guard !whole.isEmpty else { return nil }
        return whole.count > 32 ? String(whole.prefix(31)) + "…" : whole
    }

    mutating func readRequest(_ node: YAMLNode, of what: String) -> RequestDecl? {
        // `flatMapLatest: empty` and `flatMapLatest: never`, with nothing else to say.
        if let bare = bareInnerSource(node) { return bare }
        // `flatMapLatest: 'api.search($0)'`, RxSwift's closure body (SpecReader+RxSwiftCalls.swift).
        if node.mapping == nil, let text = node.string, !node.isNull {
            diagnostics.error(.expectedMapping, "'\(what)' must be a mapping of keys to values, found \(node.kindName)", at: node.range,
                              fixIt: requestHelp(for: text, of: what)
                                  ?? "a request is a mapping, as in '\(what): { call: service, with: { param: $0 } }', or the word 'empty' or 'never'")
            return nil
        }
        guard let f = fields(node, of: "'\(what)'", allowed: Self.innerSourceKeys + ["period", "with", "as", "ops", "failures", "if", "then", "else"]) else {
            return nil
        }
        let choiceKeys = ["if", "then", "else"].filter { f[$0] != nil }
        var request: RequestDecl
        if choiceKeys.isEmpty {
            guard let read = readInnerSource(f, node, of: what) else { return nil }
            request = read
        } else {
            guard let read = readChoice(f, node, of: what) else { return nil }
            request = read
        }
        if let name = f["as"] {
            guard let element = identifier(name, what: "name for the element that starts each call") else { return nil }
            request.elementName = element
        }
        if let ops = f["ops"] {
            // An inner operator that could not be read leaves the request unread: the output stops there.
            guard let (inner, firstUnread) = readOperators(ops, of: "the request's 'ops:'"), firstUnread == nil else { return nil }
            request.operators = inner
        }
        if let failures = f["failures"] {
            guard failures.scalar?.style == .plain, let text = failures.string, text == "pass" || text == "end" else {
                diagnostics.error(.invalidValue, "'failures:' is 'pass' (a failed call travels as a failure to '<name>.errors' and the stream goes on) "
                                  + "or 'end' (it ends the stream with an error, as in RxSwift), found \(failures.scalar.map { "'\($0.value)'" } ?? failures.kindName)",
                                  at: failures.range)
                return nil
            }
            request.failuresEnd = text == "end"
        }
        return request
    }

    /// `if: COND, then: A, else: B`, where `then:` and `else:` may each be a choice again: the first
    /// inner stream written (always under `then:`) as the request's own, the others and the
    /// conditions as its choice, flattened as ``InnerChoiceDecl`` keeps them.
    private mutating func readChoice(_ f: [String: YAMLNode], _ node: YAMLNode, of what: String) -> RequestDecl? {
        var flat = FlatChoice()
        guard readChoiceTest(f, node, of: what, into: &flat) != nil, let (first, _) = flat.leaves.first else { return nil }
        var request = first
        request.range = node.range
        // Each branch's own `ops:` stay its own; the request's (read after this) follow any.
        request.operators = []
        request.choice = InnerChoiceDecl(tests: flat.tests,
                                         branches: flat.leaves.dropFirst().map { leaf, key in
                                             InnerBranchDecl(service: leaf.service, arguments: leaf.arguments, source: leaf.source, range: leaf.range,
                                                             operators: leaf.operators, key: key)
                                         },
                                         firstOperators: first.operators, firstRange: first.range)
        return request
    }

    /// A choice as it is read: its conditions and its inner streams (with the key each is under),
    /// each in the order written.
    private struct FlatChoice {
        var tests: [ChoiceTestDecl] = []
        var leaves: [(RequestDecl, String)] = []
    }

    /// The `if:`, `then:` and `else:` of `f` into `flat`, the condition before those inside its
    /// branches: where a condition leading to this choice leads.
    private mutating func readChoiceTest(_ f: [String: YAMLNode], _ node: YAMLNode, of what: String, into flat: inout FlatChoice) -> ChoiceStep? {
        guard let condition = f["if"], let thenNode = f["then"], let elseNode = f["else"] else {
            let missing = ["if", "then", "else"].filter { f[$0] == nil }.map { "'\($0):'" }.joined(separator: " and ")
            diagnostics.error(.missingKey, "'\(what)' chooses its inner stream with 'if:', 'then:' and 'else:'; \(missing) is missing", at: node.range,
                              fixIt: "write '\(what): { if: $0.isEmpty, then: { just: ... }, else: { call: ... } }'")
            return nil
        }
        if let key = Self.innerSourceKeys.first(where: { f[$0] != nil }), let other = f[key] {
            diagnostics.error(.conflictingKeys, "'\(key):' goes inside 'then:' or 'else:' when the request chooses its inner stream with 'if:'",
                              at: other.range, fixIt: "move it into 'then:' or 'else:'")
            return nil
        }
        guard let e = expression(condition) else { return nil }
        let t = flat.tests.count
        flat.tests.append(ChoiceTestDecl(condition: e, then: .branch(0), otherwise: .branch(0)))
        guard let then = readBranch(thenNode, of: "then", into: &flat), let otherwise = readBranch(elseNode, of: "else", into: &flat) else { return nil }
        (flat.tests[t].then, flat.tests[t].otherwise) = (then, otherwise)
        return .test(t)
    }

    /// A branch of a choice: one inner stream, with its own `ops:` if it has them (applied to it
    /// alone, before the request's), or a choice again (`else: { if: …, then: …, else: … }`).
    /// `as:` and `failures:` are the request's: the element is named before the choice reads it,
    /// and a branch's errors are caught in its own `ops:`.
    private mutating func readBranch(_ node: YAMLNode, of key: String, into flat: inout FlatChoice) -> ChoiceStep? {
        if let bare = bareInnerSource(node) {
            flat.leaves.append((bare, key))
            return .branch(flat.leaves.count - 1)
        }
        if let misplaced = node.mapping?.first(where: { ["as", "failures"].contains($0.key.string) }) {
            let name = misplaced.key.string ?? ""
            let why = name == "as" ? "the element is named once, for the conditions and every branch"
                : "a branch's own 'ops:' may catch its errors (as 'catchAndReturn:'), and 'failures:' beside the first 'if:' says what the others do"
            diagnostics.error(.unknownKey, "a branch of 'if:' has no '\(name):' of its own: \(why)", at: misplaced.key.range,
                              fixIt: "move '\(name):' beside the first 'if:', 'then:' and 'else:'")
            return nil
        }
        if node.mapping?.contains(where: { ["if", "then", "else"].contains($0.key.string) }) == true {
            return readNestedChoice(node, of: key, into: &flat)
        }
        guard let f = fields(node, of: "'\(key):'", allowed: Self.innerSourceKeys + ["period", "with", "ops"]) else { return nil }
        guard var request = readInnerSource(f, node, of: key + ":") else { return nil }
        if let ops = f["ops"] {
            guard let (own, firstUnread) = readOperators(ops, of: "the '\(key):' branch's 'ops:'"), firstUnread == nil else { return nil }
            request.operators = own
        }
        flat.leaves.append((request, key))
        return .branch(flat.leaves.count - 1)
    }

    /// A choice inside a branch: `if:`, `then:` and `else:` alone. Its branches carry their own
    /// `ops:`, and the request's follow them all: a choice has no `ops:` of its own in between.
    private mutating func readNestedChoice(_ node: YAMLNode, of key: String, into flat: inout FlatChoice) -> ChoiceStep? {
        guard let f = fields(node, of: "'\(key):'", allowed: Self.innerSourceKeys + ["period", "with", "ops", "if", "then", "else"]) else { return nil }
        if let ops = node.mapping?.first(where: { $0.key.string == "ops" }) {
            diagnostics.error(.unknownKey, "a choice inside '\(key):' has no 'ops:' of its own: each of its branches may carry its own, and the "
                              + "request's 'ops:' follow every branch", at: ops.key.range,
                              fixIt: "give each of its 'then:' and 'else:' these 'ops:', or move them into the request's 'ops:'")
            return nil
        }
        if Self.innerSourceKeys.allSatisfy({ f[$0] == nil }), let extra = node.mapping?.first(where: { ["with", "period"].contains($0.key.string) }) {
            let name = extra.key.string ?? ""
            diagnostics.error(.unknownKey, "'\(name):' belongs to one inner stream, not to a choice", at: extra.key.range,
                              fixIt: "move it into the 'then:' or 'else:' whose inner stream it is")
            return nil
        }
        return readChoiceTest(f, node, of: key, into: &flat)
    }

    /// The keys that name a request's inner stream, one of which it has: the program's kinds.
    static let innerSourceKeys = InnerSourcePlan.kinds

    /// `empty` or `never` written alone, as a plain word: the inner stream with nothing else to say.
    private func bareInnerSource(_ node: YAMLNode) -> RequestDecl? {
        guard node.scalar?.style == .plain, let word = node.string, word == "empty" || word == "never" else { return nil }
        return RequestDecl(service: Located(word, node.range), arguments: [], range: node.range, source: word == "empty" ? .empty : .never)
    }

    /// The inner stream a request names with one of ``innerSourceKeys``, and the call's `with:`.
    private mutating func readInnerSource(_ f: [String: YAMLNode], _ node: YAMLNode, of what: String) -> RequestDecl? {
        let keys = Self.innerSourceKeys.filter { f[$0] != nil }
        guard keys.count == 1, let key = keys.first, let keyNode = f[key] else {
            if keys.isEmpty {
                diagnostics.error(.missingKey, "'\(what)' needs its inner stream: 'call:' naming a service, or 'just:', 'empty', 'never', 'error:', "
                                  + "'timer:' or 'interval:'", at: node.range)
            } else {
                diagnostics.error(.conflictingKeys, "'\(what)' has one inner stream, found " + keys.map { "'\($0):'" }.joined(separator: " and "),
                                  at: node.range, fixIt: "keep one of them; to choose between inner streams per element, use 'if:', 'then:' and 'else:'")
            }
            return nil
        }
        if let with = f["with"], key != "call" {
            diagnostics.error(.unknownKey, "'with:' gives a service call its arguments; '\(key)' takes none", at: with.range,
                              fixIt: key == "just" || key == "error" ? "write the value in '\(key):' itself, reading '$0' or the 'as:' name" : "remove it")
            return nil
        }
        if let period = f["period"], key != "timer" {
            diagnostics.error(.unknownKey, "'period:' goes with 'timer:'", at: period.range, fixIt: "write 'interval: ...' for a timer that ticks from one period on")
            return nil
        }
        let located = Located(key, keyNode.range)
        switch key {
        case "call":
            guard let service = identifier(keyNode, what: "service name", allowDots: true) else { return nil }
            var arguments: [(name: Located<String>, value: Expr)] = []
            if let with = f["with"] {
                for (argName, argValue) in entries(with, of: "with") {
                    if let e = expression(argValue) { arguments.append((argName, e)) }
                }
            }
            return RequestDecl(service: service, arguments: arguments, range: node.range)
        case "just", "error":
            guard let e = expression(keyNode) else { return nil }
            return RequestDecl(service: located, arguments: [(located, e)], range: node.range, source: key == "just" ? .just : .error)
        case "empty", "never":
            guard keyNode.isNull else {
                diagnostics.error(.invalidValue, "'\(key)' takes no value", at: keyNode.range, fixIt: "write '{ \(key) }', or '{ \(key), ops: [...] }'")
                return nil
            }
            return RequestDecl(service: located, arguments: [], range: node.range, source: key == "empty" ? .empty : .never)
        default:
            // `timer:` or `interval:`, each time written or computed per element.
            return readInnerTimer(located, keyNode, period: f["period"], range: node.range)
        }
    }

    mutating func readNavigate(_ node: YAMLNode) -> NavigateDecl? {
        guard let f = fields(node, of: "'navigate'", allowed: ["to", "params", "file"]) else { return nil }
        guard let toNode = f["to"], let screen = identifier(toNode, what: "screen name") else {
            if f["to"] == nil { diagnostics.error(.missingKey, "'navigate' needs 'to:' naming the screen to open", at: node.range) }
            return nil
        }
        var file: Located<String>?
        if let fileNode = f["file"] {
            guard let text = fileNode.string, !fileNode.isNull, !text.isEmpty else {
                diagnostics.error(.expectedPath, "'file:' needs a spec file name such as 'review.yaml'", at: fileNode.range)
                return nil
            }
            file = Located(text, fileNode.range)
        }
        var params: [(name: Located<String>, value: Expr)] = []
        if let p = f["params"] {
            for (paramName, value) in entries(p, of: "params") {
                if let e = expression(value) { params.append((paramName, e)) }
            }
        }
        return NavigateDecl(screen: screen, file: file, params: params, range: node.range)
    }
}
