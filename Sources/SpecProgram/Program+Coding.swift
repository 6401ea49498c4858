// The JSON of the program types Swift cannot synthesise Codable for: those holding arrays of
// tuples. Each tuple is written as a small object with the tuple's labels as keys, so the JSON
// reads as the Swift does. Every other program type synthesises Codable in its own file.

/// A `(name, T)` pair as JSON.
private struct NamedPair<T: Codable>: Codable {
    var name: String
    var value: T
}

/// An `(index, T)` pair as JSON.
private struct IndexedPair<T: Codable>: Codable {
    var index: Int
    var value: T
}

extension TypeTable: Codable {
    private enum CodingKeys: String, CodingKey { case records, enums, failed }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        let records = try c.decode([String: [NamedPair<SpecType>]].self, forKey: .records)
        self.records = records.mapValues { $0.map { (name: $0.name, type: $0.value) } }
        enums = try c.decode([String: [String]].self, forKey: .enums)
        failed = Set(try c.decode([String].self, forKey: .failed))
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(records.mapValues { $0.map { NamedPair(name: $0.name, value: $0.type) } }, forKey: .records)
        try c.encode(enums, forKey: .enums)
        // Sorted: a set's order changes from process to process, and compiled specs should not.
        try c.encode(failed.sorted(), forKey: .failed)
    }
}

extension ServicePlan: Codable {
    private enum CodingKeys: String, CodingKey { case name, returns, latency, results, params, cases }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let params = try c.decodeIfPresent([NamedPair<SpecType>].self, forKey: .params)
        self.init(
            name: try c.decode(String.self, forKey: .name),
            returns: try c.decode(SpecType.self, forKey: .returns),
            latency: try c.decode(Int.self, forKey: .latency),
            results: try c.decode([Result].self, forKey: .results),
            params: params?.map { (name: $0.name, type: $0.value) },
            cases: try c.decode([Case].self, forKey: .cases)
        )
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(returns, forKey: .returns)
        try c.encode(latency, forKey: .latency)
        try c.encode(results, forKey: .results)
        try c.encodeIfPresent(params?.map { NamedPair(name: $0.name, value: $0.type) }, forKey: .params)
        try c.encode(cases, forKey: .cases)
    }
}

extension ServicePlan.Case: Codable {
    private enum CodingKeys: String, CodingKey { case when, result, range }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            when: try c.decode([NamedPair<Value>].self, forKey: .when).map { (name: $0.name, value: $0.value) },
            result: try c.decode(ServicePlan.Result.self, forKey: .result),
            range: try c.decodeIfPresent(SpecRange.self, forKey: .range)
        )
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(when.map { NamedPair(name: $0.name, value: $0.value) }, forKey: .when)
        try c.encode(result, forKey: .result)
        try c.encodeIfPresent(range, forKey: .range)
    }
}

extension ScenarioPlan: Codable {
    private enum CodingKeys: String, CodingKey { case name, range, steps, params, services }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try c.decode(String.self, forKey: .name),
            range: try c.decode(SpecRange.self, forKey: .range),
            steps: try c.decode([StepPlan].self, forKey: .steps),
            params: try c.decode([Value].self, forKey: .params),
            services: try c.decode([IndexedPair<ServicePlan>].self, forKey: .services).map { (index: $0.index, plan: $0.value) }
        )
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(range, forKey: .range)
        try c.encode(steps, forKey: .steps)
        try c.encode(params, forKey: .params)
        try c.encode(services.map { IndexedPair(index: $0.index, value: $0.plan) }, forKey: .services)
    }
}

extension ExplorePlan: Codable {
    private enum CodingKeys: String, CodingKey { case inputs, events, actions, actionInputs, gestures, waits, waitsByDefault, services, depth, rows, rowActions }

    /// A gesture with the step text it is written as.
    private struct Gesture: Codable {
        var gesture: GesturePlan
        var text: String
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        inputs = try c.decode([IndexedPair<[Value]>].self, forKey: .inputs).map { (node: $0.index, values: $0.value) }
        events = try c.decode([Int].self, forKey: .events)
        actions = try c.decode([Int].self, forKey: .actions)
        actionInputs = try c.decode([[Value]].self, forKey: .actionInputs)
        gestures = try c.decode([Gesture].self, forKey: .gestures).map { (gesture: $0.gesture, text: $0.text) }
        waits = try c.decode([Int].self, forKey: .waits)
        waitsByDefault = try c.decodeIfPresent(Bool.self, forKey: .waitsByDefault) ?? false
        services = try c.decode([IndexedPair<[ExploreOutcome]>].self, forKey: .services).map { (index: $0.index, outcomes: $0.value) }
        depth = try c.decodeIfPresent(Int.self, forKey: .depth)
        rows = try c.decodeIfPresent([ExploreRowInput].self, forKey: .rows) ?? []
        rowActions = try c.decodeIfPresent([ExploreRowAction].self, forKey: .rowActions) ?? []
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(inputs.map { IndexedPair(index: $0.node, value: $0.values) }, forKey: .inputs)
        try c.encode(events, forKey: .events)
        try c.encode(actions, forKey: .actions)
        try c.encode(actionInputs, forKey: .actionInputs)
        try c.encode(gestures.map { Gesture(gesture: $0.gesture, text: $0.text) }, forKey: .gestures)
        try c.encode(waits, forKey: .waits)
        if waitsByDefault { try c.encode(true, forKey: .waitsByDefault) }
        try c.encode(services.map { IndexedPair(index: $0.index, value: $0.outcomes) }, forKey: .services)
        try c.encodeIfPresent(depth, forKey: .depth)
        // Written only when there are rows to send to, so a spec without them compiles as before.
        if !rows.isEmpty { try c.encode(rows, forKey: .rows) }
        if !rowActions.isEmpty { try c.encode(rowActions, forKey: .rowActions) }
    }
}
