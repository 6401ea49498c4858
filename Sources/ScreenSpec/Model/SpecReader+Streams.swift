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
            let op = OperatorDecl(name: "navigate", kind: .navigate(navigate), range: navigateNode.range)
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
        if !Self.operatorNames.contains(written) {
            diagnostics.error(.unknownOperator, "unknown operator '\(written)'\(diagnostics.didYouMean(written, in: Self.operatorNames))", at: key.range,
                              notes: [DiagnosticNote("operators are " + Self.operatorNames.map { "'\($0)'" }.joined(separator: ", "))])
        }
        // A misspelt operator is read as the one it nearly is, so the rest of the pipeline is
        // checked with the right types; the spec stays invalid. Otherwise nothing after it is.
        guard let name = Self.operatorNames.contains(written) ? written : diagnostics.nearest(to: written, in: Self.operatorNames) else {
            return nil
        }
        func argument(_ what: String) -> YAMLNode? {
            guard let value, !value.isNull else {
                diagnostics.error(.missingArgument, "'\(name)' needs \(what), as in '\(name): ...'", at: node.range)
                return nil
            }
            return value
        }
        let kind: OperatorDecl.Kind
        if let entry = OperatorCatalog.entry(named: name), entry.isCatalogued {
            guard let arguments = readArguments(entry, value, at: node) else { return nil }
            var op = OperatorDecl(name: name, kind: .catalogued(arguments), range: node.range)
            op.written = value.flatMap(Self.shortText)
            return op
        }
        switch name {
        case "distinctUntilChanged":
            if let value, !value.isNull {
                guard let e = expression(value) else { return nil }
                kind = .distinctUntilChanged(e)
            } else {
                kind = .distinctUntilChanged(nil)
            }
        case "retry":
            if let value, !value.isNull {
                guard let text = value.string, value.scalar?.style == .plain, let n = Int(text), n >= 1 else {
                    diagnostics.error(.invalidCount, "'retry' needs a count of subscriptions in all, 1 or more, found \(value.scalar.map { "'\($0.value)'" } ?? value.kindName)",
                                      at: value.range, fixIt: "write '- retry: 3', or '- retry' to resubscribe without limit")
                    return nil
                }
                kind = .retry(Located(n, value.range))
            } else {
                kind = .retry(nil)
            }
        case "catch":
            guard let v = argument("an expression or '{ stream: other }'") else { return nil }
            if v.mapping != nil {
                guard let f = fields(v, of: "'catch'", allowed: ["stream"]), let s = f["stream"] else {
                    if v.mapping?.contains(where: { $0.key.string == "stream" }) == false {
                        diagnostics.error(.missingKey, "'catch' with a mapping needs 'stream:' naming the fallback stream", at: v.range)
                    }
                    return nil
                }
                guard let other = identifier(s, what: "stream name", allowDots: true) else { return nil }
                kind = .catchToStream(other)
            } else {
                guard let e = expression(v) else { return nil }
                kind = .catchError(e)
            }
        case "map", "filter", "catchAndReturn":
            guard let v = argument("an expression"), let e = expression(v) else { return nil }
            kind = name == "map" ? .map(e) : name == "filter" ? .filter(e) : .catchAndReturn(e)
        case "takeUntil":
            guard let v = argument("the stream that ends it"), let other = identifier(v, what: "stream name", allowDots: true) else { return nil }
            kind = .takeUntil(other)
        case "switchLatest":
            guard let v = argument("the streams to choose from, as in '[a, b]', or a request '{ call: service }'") else { return nil }
            if v.mapping != nil {
                // `map { service.call($0) }.switchLatest()`: the inner streams are requests.
                guard let request = readRequest(v, of: name) else { return nil }
                kind = .flatMapLatest(request)
                break
            }
            let items = v.sequence ?? [v]
            guard !items.isEmpty else {
                diagnostics.error(.missingArgument, "'switchLatest' needs at least one stream to choose from, as in '[a, b]'", at: v.range)
                return nil
            }
            let names = items.compactMap { identifier($0, what: "stream name", allowDots: true) }
            guard names.count == items.count else { return nil }
            kind = .switchLatest(names)
        case "startWith":
            guard let v = argument("a value or a list of values") else { return nil }
            let items = v.sequence ?? [v]
            let exprs = items.compactMap { expression($0) }
            guard exprs.count == items.count, !exprs.isEmpty else { return nil }
            kind = .startWith(exprs)
        case "skip", "take":
            guard let v = argument("a count or a duration") else { return nil }
            if let text = v.string, v.scalar?.style == .plain, let n = Int(text), n >= 0 {
                kind = name == "skip" ? .skip(Located(n, v.range)) : .take(Located(n, v.range))
            } else if let text = v.string, v.scalar?.style == .plain, text.first?.isNumber == true, text.last?.isLetter == true {
                guard let d = duration(v) else { return nil }
                kind = name == "skip" ? .skipFor(d) : .takeFor(d)
            } else {
                diagnostics.error(.invalidCount, "'\(name)' needs a count of 0 or more or a duration such as '300ms', found \(v.scalar.map { "'\($0.value)'" } ?? v.kindName)",
                                  at: v.range)
                return nil
            }
        case "scan":
            guard let v = argument("'{ seed: ..., accumulator: ... }'"),
                  let f = fields(v, of: "'scan'", allowed: ["seed", "accumulator"]) else { return nil }
            guard let seedNode = f["seed"], let accNode = f["accumulator"] else {
                diagnostics.error(.missingKey, "'scan' needs 'seed:' (the first accumulator) and 'accumulator:' (over '$0' the accumulator and '$1' the element)",
                                  at: v.range)
                return nil
            }
            guard let seed = expression(seedNode), let acc = expression(accNode) else { return nil }
            kind = .scan(seed: seed, accumulator: acc)
        case "merge", "concat":
            guard let v = argument(name == "merge" ? "the streams to merge" : "the streams that follow") else { return nil }
            let items = v.sequence ?? [v]
            guard !items.isEmpty else {
                diagnostics.error(.missingArgument, "'\(name)' needs at least one stream, as in '\(name): other'", at: v.range)
                return nil
            }
            let names = items.compactMap { identifier($0, what: "stream name", allowDots: true) }
            guard names.count == items.count else { return nil }
            kind = name == "merge" ? .merge(names) : .concat(names)
        case "combineLatest", "withLatestFrom":
            guard let v = argument("another source") else { return nil }
            if v.mapping != nil {
                guard let f = fields(v, of: "'\(name)'", allowed: ["with", "combine"]) else { return nil }
                guard let withNode = f["with"] else {
                    diagnostics.error(.missingKey, "'\(name)' needs 'with:' naming the other source", at: v.range)
                    return nil
                }
                // combineLatest takes several others: `with: [a, b]`, `$1`, `$2`, … in that order.
                let withItems = name == "combineLatest" ? (withNode.sequence ?? [withNode]) : [withNode]
                guard !withItems.isEmpty else {
                    diagnostics.error(.missingArgument, "'combineLatest' needs at least one other source in 'with:'", at: withNode.range)
                    return nil
                }
                let others = withItems.compactMap { identifier($0, what: "source name", allowDots: true) }
                guard others.count == withItems.count, let other = others.first else { return nil }
                var combine: Expr?
                if let c = f["combine"] {
                    guard let e = expression(c) else { return nil }
                    combine = e
                }
                if name == "combineLatest" && combine == nil {
                    diagnostics.error(.missingKey, "'combineLatest' needs 'combine:', an expression over '$0' (this stream) and '$1' (the other)",
                                      at: v.range)
                    return nil
                }
                kind = name == "combineLatest" ? .combineLatest(with: others, combine: combine) : .withLatestFrom(other, combine: combine)
            } else {
                guard let other = identifier(v, what: "source name", allowDots: true) else { return nil }
                if name == "combineLatest" {
                    diagnostics.error(.missingKey, "'combineLatest' needs 'combine:', an expression over '$0' (this stream) and '$1' (the other)",
                                      at: v.range, fixIt: "write 'combineLatest: { with: \(other.value), combine: \"...\" }'")
                    return nil
                }
                kind = .withLatestFrom(other, combine: nil)
            }
        case "sample":
            guard let v = argument("the sampler stream") else { return nil }
            if v.mapping != nil {
                guard let f = fields(v, of: "'sample'", allowed: ["with", "defaultValue"]) else { return nil }
                guard let withNode = f["with"], let other = identifier(withNode, what: "stream name", allowDots: true) else {
                    if f["with"] == nil { diagnostics.error(.missingKey, "'sample' needs 'with:' naming the sampler", at: v.range) }
                    return nil
                }
                var defaultValue: Expr?
                if let d = f["defaultValue"] {
                    guard let e = expression(d) else { return nil }
                    defaultValue = e
                }
                kind = .sample(other, defaultValue: defaultValue)
            } else {
                guard let other = identifier(v, what: "stream name", allowDots: true) else { return nil }
                kind = .sample(other, defaultValue: nil)
            }
        case "flatMapLatest", "flatMap", "concatMap":
            guard let v = argument("'{ call: service, with: { ... } }'"), let request = readRequest(v, of: name) else { return nil }
            kind = name == "flatMap" ? .flatMap(request) : name == "concatMap" ? .concatMap(request) : .flatMapLatest(request)
        case "debounce", "delay":
            guard let v = argument("a duration"), let d = duration(v) else { return nil }
            kind = name == "debounce" ? .debounce(d) : .delay(d)
        case "throttle":
            guard let v = argument("a duration") else { return nil }
            if v.mapping != nil {
                guard let f = fields(v, of: "'throttle'", allowed: ["for", "latest"]) else { return nil }
                guard let forNode = f["for"], let d = duration(forNode) else {
                    if f["for"] == nil { diagnostics.error(.missingKey, "'throttle' needs 'for:' with a duration", at: v.range) }
                    return nil
                }
                var latest = true
                if let l = f["latest"] {
                    guard l.scalar?.style == .plain, let b = l.string, b == "true" || b == "false" else {
                        diagnostics.error(.typeMismatch, "'latest:' is 'true' or 'false'", at: l.range)
                        return nil
                    }
                    latest = b == "true"
                }
                kind = .throttle(d, latest: latest)
            } else {
                guard let d = duration(v) else { return nil }
                kind = .throttle(d, latest: true)
            }
        default: // navigate
            guard let v = argument("'{ to: Screen, params: { ... } }'"), let n = readNavigate(v) else { return nil }
            kind = .navigate(n)
        }
        var op = OperatorDecl(name: name, kind: kind, range: node.range)
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
        guard let f = fields(node, of: "'\(what)'", allowed: ["call", "with", "as", "ops", "failures"]) else { return nil }
        guard let callNode = f["call"], let service = identifier(callNode, what: "service name", allowDots: true) else {
            if f["call"] == nil { diagnostics.error(.missingKey, "'\(what)' needs 'call:' naming a service", at: node.range) }
            return nil
        }
        var arguments: [(name: Located<String>, value: Expr)] = []
        if let with = f["with"] {
            for (argName, argValue) in entries(with, of: "with") {
                if let e = expression(argValue) { arguments.append((argName, e)) }
            }
        }
        var request = RequestDecl(service: service, arguments: arguments, range: node.range)
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
