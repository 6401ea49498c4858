/// `invariants:` and `explore:`.
extension SpecReader {
    /// The most values, waits or outcomes one list of `explore:` may give: every one multiplies
    /// the moves tried from each state.
    static let exploreListLimit = 64
    /// The deepest sequence `explore: { depth: }` may ask for.
    static let exploreDepthLimit = 1_000

    static let exploreKeys = ["inputs", "events", "waits", "services", "depth", "gestures"]

    mutating func readInvariant(_ name: Located<String>, _ node: YAMLNode) -> InvariantDecl? {
        guard !name.value.contains(".") else {
            diagnostics.error(.invalidName, "'\(name.value)' is not a valid invariant name; use letters, digits and '_'", at: name.range)
            return nil
        }
        return expression(node).map { InvariantDecl(name: name, expr: $0) }
    }

    mutating func readExplore(_ node: YAMLNode) -> ExploreDecl? {
        var decl = ExploreDecl(range: node.range)
        if node.isNull { return decl }
        guard let f = fields(node, of: "'explore:'", allowed: Self.exploreKeys) else { return nil }
        if let inputs = f["inputs"] {
            var out: [(name: Located<String>, values: [YAMLNode])] = []
            for (name, valuesNode) in entries(inputs, of: "explore inputs") {
                guard let values = boundedList(valuesNode, of: "the values of '\(name.value)'",
                                               example: "\(name.value): [\"\", \"someone@example.com\"]") else { continue }
                out.append((name, values))
            }
            decl.inputs = out
        }
        if let events = f["events"], let items = boundedList(events, of: "'events:'", example: "events: [confirm]") {
            decl.events = items.compactMap { identifier($0, what: "event name", allowDots: true) }
        }
        if let waits = f["waits"], let items = boundedList(waits, of: "'waits:'", example: "waits: [0ms, 300ms, 5s]") {
            decl.waits = items.compactMap { duration($0) }
        }
        if let services = f["services"] {
            for (name, outcomesNode) in entries(services, of: "explore services") {
                guard let items = boundedList(outcomesNode, of: "the outcomes of '\(name.value)'",
                                              example: "\(name.value): [{ value: () }, { fail: http(500), latency: 1s }]") else { continue }
                var outcomes: [ExploreOutcomeDecl] = []
                for item in items {
                    guard let rf = fields(item, of: "an outcome", allowed: ["value", "fail", "latency"]) else { continue }
                    let latency = rf["latency"].flatMap { duration($0) }
                    if rf["latency"] != nil && latency == nil { continue }
                    if let v = rf["value"], rf["fail"] == nil {
                        outcomes.append(ExploreOutcomeDecl(result: ResultDecl(kind: .value(v), latency: latency, range: item.range), latency: latency, range: item.range))
                    } else if let e = rf["fail"], rf["value"] == nil {
                        outcomes.append(ExploreOutcomeDecl(result: ResultDecl(kind: .failure(e), latency: latency, range: item.range), latency: latency, range: item.range))
                    } else if rf["value"] == nil && rf["fail"] == nil && latency != nil {
                        outcomes.append(ExploreOutcomeDecl(result: nil, latency: latency, range: item.range))
                    } else {
                        diagnostics.error(.invalidOutcome, "an outcome takes 'value:' or 'fail:' (not both), or 'latency:' alone", at: item.range,
                                          fixIt: "write '{ value: ... }' for a success, '{ fail: http(500) }' for a failure or '{ latency: 2s }' for the declared answer, later")
                    }
                }
                if outcomes.isEmpty && !items.isEmpty { continue }
                decl.services.append((name, outcomes))
            }
        }
        if let depthNode = f["depth"] {
            if let s = depthNode.scalar, s.style == .plain, let d = Int(s.value), d >= 1, d <= Self.exploreDepthLimit {
                decl.depth = Located(d, depthNode.range)
            } else {
                diagnostics.error(.invalidDepth, "'depth:' takes a whole number of steps from 1 to \(Self.exploreDepthLimit), found \(depthNode.isNull ? "nothing" : "'\(depthNode.description)'")",
                                  at: depthNode.range, fixIt: "write 'depth: 6'")
            }
        }
        if let gesturesNode = f["gestures"] {
            if let s = gesturesNode.scalar, s.style == .plain, let choice = ExploreDecl.GestureChoice(rawValue: s.value) {
                decl.gestures = Located(choice, gesturesNode.range)
            } else {
                diagnostics.error(.invalidValue, "'gestures:' takes 'true', 'false' or 'only', found \(gesturesNode.isNull ? "nothing" : "'\(gesturesNode.description)'")",
                                  at: gesturesNode.range, fixIt: "write 'gestures: only' to explore through the view alone")
            }
        }
        return decl
    }

    /// A non-empty list of at most ``exploreListLimit`` items.
    private mutating func boundedList(_ node: YAMLNode, of what: String, example: String) -> [YAMLNode]? {
        guard let items = node.sequence else {
            diagnostics.error(.expectedList, "\(what) must be a list, found \(node.kindName)", at: node.range, fixIt: "write '\(example)'")
            return nil
        }
        guard !items.isEmpty else {
            diagnostics.error(.emptyList, "\(what) is empty, so nothing would be tried", at: node.range,
                              fixIt: "list what to try, as in '\(example)', or leave the key out for the default")
            return nil
        }
        guard items.count <= Self.exploreListLimit else {
            diagnostics.error(.tooMany, "\(what) lists \(items.count) items; at most \(Self.exploreListLimit) are explored", at: items[Self.exploreListLimit].range)
            return nil
        }
        return items
    }
}
