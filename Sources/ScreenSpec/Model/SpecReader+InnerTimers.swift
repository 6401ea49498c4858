import SpecRuntime

/// A request's inner timer: `{ timer: 2s }`, `{ timer: 500ms, period: 1s }`, `{ interval: 1s }`,
/// or with a time computed per element, as RxSwift's
/// `flatMapLatest { Observable<Int>.timer(.seconds($0 * 60), scheduler: s) }`:
/// `{ timer: { seconds: "$0 * 60" } }`, `{ interval: { milliseconds: period } }`,
/// `period: { seconds: EXPR }`. A computed time's expression is one of the request's arguments
/// (the due time's first), so that mutation, coverage and the names it reads treat it as a
/// call's argument; the checker types it as an `Int`.
extension SpecReader {
    /// One time of an inner timer, as written.
    enum InnerTime {
        /// A duration in milliseconds (`2s`).
        case written(Located<Int>)
        /// `{ seconds: EXPR }`: the unit's name, located at its key, the expression and the
        /// milliseconds in one unit.
        case computed(Located<String>, Expr, unit: Int)
    }

    /// `interval:` or `timer:` (with `period:`) of a request, keyed `key` at `keyNode`; `period`
    /// the `period:` node when there is one.
    mutating func readInnerTimer(_ key: Located<String>, _ keyNode: YAMLNode, period periodNode: YAMLNode?, range: SpecRange) -> RequestDecl? {
        var arguments: [(name: Located<String>, value: Expr)] = []
        var computed = ComputedTimes()
        /// A written time as it is; a computed one as the next argument, with a placeholder of 0.
        func place(_ time: InnerTime, _ at: SpecRange) -> (Located<Int>, ComputedDuration?) {
            switch time {
            case .written(let d): return (d, nil)
            case .computed(let name, let e, let unit):
                arguments.append((name, e))
                return (Located(0, at), ComputedDuration(argument: arguments.count - 1, unit: unit))
            }
        }
        let timer: TimerDecl
        if key.value == "interval" {
            guard let time = innerTime(keyNode, what: "'interval'", isPeriod: true) else { return nil }
            let (d, c) = place(time, keyNode.range)
            (computed.dueTime, computed.period) = (c, c)
            timer = TimerDecl(dueTime: d, period: d)
        } else {
            guard let time = innerTime(keyNode, what: "'timer'", isPeriod: false) else { return nil }
            var period: InnerTime?
            if let periodNode {
                guard let p = innerTime(periodNode, what: "'period'", isPeriod: true) else { return nil }
                period = p
            }
            let (d, c) = place(time, keyNode.range)
            computed.dueTime = c
            var p: Located<Int>?
            if let period, let periodNode {
                (p, computed.period) = place(period, periodNode.range)
            }
            timer = TimerDecl(dueTime: d, period: p)
        }
        var decl = timer
        if computed.dueTime != nil || computed.period != nil { decl.computed = computed }
        return RequestDecl(service: key, arguments: arguments, range: range, source: .timer(decl))
    }

    /// A time of an inner timer: a duration (`2s`; for a period, above 0ms), or one computed per
    /// element, RxSwift's `.seconds(_:)` and `.milliseconds(_:)`: `{ seconds: "$0 * 60" }`.
    private mutating func innerTime(_ node: YAMLNode, what: String, isPeriod: Bool) -> InnerTime? {
        let form = "'{ seconds: EXPR }' or '{ milliseconds: EXPR }'"
        guard let pairs = node.mapping else {
            // `timer: "$0 * 60s"`: an expression where a duration is written.
            if let text = node.string, !node.isNull, case .failure(let error) = DurationParser.milliseconds(text), error.message.hasPrefix("expected") {
                diagnostics.error(.invalidDuration, error.message, at: node.range,
                                  fixIt: "to compute it from the element, write \(form) with an Int expression over '$0', as RxSwift's '.seconds(_:)'")
                return nil
            }
            guard let d = isPeriod ? positiveDuration(node, what: what) : duration(node) else { return nil }
            return .written(d)
        }
        guard pairs.count == 1, let (keyNode, value) = pairs.first, let name = keyNode.string else {
            diagnostics.error(pairs.isEmpty ? .missingKey : .conflictingKeys,
                              "\(what) computed per element is one unit and its expression, \(form), found "
                              + (pairs.isEmpty ? "none" : pairs.map { "'\($0.key.string ?? "?"):'" }.joined(separator: " and ")),
                              at: node.range)
            return nil
        }
        guard let unit = ComputedDuration.units.first(where: { $0.name == name }) else {
            let fix = ["minutes", "hours"].contains(name)
                ? "RxSwift's time intervals have no \(name): write '{ seconds: \"(EXPR) * \(name == "minutes" ? 60 : 3600)\" }'"
                : "write \(form), as RxSwift's '.seconds(_:)' and '.milliseconds(_:)'"
            diagnostics.error(.unknownKey, "\(what) computes its time in 'seconds:' or 'milliseconds:', found '\(name):'", at: keyNode.range, fixIt: fix)
            return nil
        }
        guard let e = expression(value) else { return nil }
        return .computed(Located(name, keyNode.range), e, unit: unit.milliseconds)
    }

    /// `interval:`, `timer:` or `period:` of a stream output, written as a computed time: there is
    /// no element to compute it from, so it is reported (and true returned).
    mutating func refusesComputedTime(_ node: YAMLNode, of key: String) -> Bool {
        guard node.mapping != nil else { return false }
        diagnostics.error(.expectedDuration, "an output's own '\(key):' counts from the screen's start and takes a duration such as '1s'; "
                          + "a time computed from an element goes in a request's inner timer",
                          at: node.range, fixIt: "write 'flatMapLatest: { \(key == "period" ? "timer: 0ms, period" : key): { seconds: $0 } }' on the stream that gives the time")
        return true
    }
}
