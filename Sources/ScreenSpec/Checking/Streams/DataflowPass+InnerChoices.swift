import SpecRuntime

extension DataflowPass {
    /// A request's choice between inner streams, typed (`node` and `bound` as for any operators of
    /// the request): each condition a `Bool` under a probe of kind ``ProbeSite/Kind/choice``, at
    /// its `if:`, so that coverage sees it true and false; each inner stream, the first (the
    /// request's own) and the others in the order written, through its own `ops:`. They carry one
    /// type after their own `ops:`: a `just:` without `ops:` of its own is read as the type the
    /// others carry after theirs (a call's `returns`, a timer's `Int`, what a `map` gives) or else
    /// as an earlier `just:`'s; `empty`, `never` and `error:` (no element) take the others', their
    /// own `ops:` typed from it. A
    /// choice nested in a branch is one more condition and more inner streams here: the program
    /// keeps them flat (``InnerChoicePlan``).
    mutating func checkInnerChoice(_ request: RequestDecl, _ choice: InnerChoiceDecl, node: Int, bound: (name: String, type: SpecType)?,
                                   with checker: inout ExpressionChecker)
        -> (call: ServiceCall, element: SpecType, source: InnerSourcePlan, choice: InnerChoicePlan?, branchOperators: [OperatorPlan])? {
        var tests: [ChoiceTest] = []
        for test in choice.tests {
            guard let typed = checker.check(test.condition, expecting: .bool) else { continue }
            tests.append(ChoiceTest(condition: .probe(ProbeSite(.choice, test.condition.range), typed), then: test.then, otherwise: test.otherwise))
        }
        cx.diagnostics = checker.diagnostics
        // The inner streams as requests, the first the request itself, each with its own `ops:` and key.
        let leaves: [(decl: RequestDecl, ops: [OperatorDecl], key: String)] =
            [(request, choice.firstOperators, "then")]
            + choice.branches.map { (RequestDecl(service: $0.service, arguments: $0.arguments, range: $0.range, source: $0.source), $0.operators, $0.key) }
        // A `just:` with no `ops:` of its own is read as the type the others carry, after theirs:
        // `just: '[]'` beside a search's `[Repo]`, `just: .unchanged` beside a call whose `map`
        // gives an `Availability`. So the others are typed first, through their own `ops:`.
        let plain = leaves.allSatisfy(\.ops.isEmpty)
        let giving = leaves.map { gives($0.decl) }
        let bareJust = leaves.map { leaf in
            if case .just = leaf.decl.source { return leaf.ops.isEmpty }
            return false
        }
        var sources = [(call: ServiceCall, element: SpecType, source: InnerSourcePlan)?](repeating: nil, count: leaves.count)
        var failed = false
        for i in leaves.indices where !bareJust[i] {
            sources[i] = checkInnerSource(leaves[i].decl, with: &checker)
            failed = failed || sources[i] == nil
        }
        cx.diagnostics = checker.diagnostics
        var types = [SpecType?](repeating: nil, count: leaves.count)
        var plans = [[OperatorPlan]](repeating: [], count: leaves.count)
        /// Types leaf `b` through its own `ops:` from `element`; false after an error.
        func typeOperators(_ b: Int, from element: SpecType) -> Bool {
            var element = element
            var innerRequest = false
            var shape: NavigationShape?
            guard let typed = checkOperators(leaves[b].ops, element: &element, node: node, sourceName: leaves[b].decl.service.value, inner: true,
                                             bound: bound, sawRequest: &innerRequest, navigationShape: &shape) else { return false }
            (types[b], plans[b]) = (element, typed)
            return true
        }
        // Those that give elements from their own type, first.
        for b in leaves.indices where giving[b] && !bareJust[b] {
            guard let source = sources[b] else { continue }
            guard typeOperators(b, from: source.element) else {
                checker.diagnostics = cx.diagnostics
                return nil
            }
        }
        // Each bare `just:`, in the order written, as the type known so far (when every branch is
        // bare, an earlier `just:`'s): strictly so then, as two bare branches have always been
        // read; beside `ops:` as a hint, the branches meeting after (an `Int` and a `Double`).
        for i in leaves.indices where bareJust[i] {
            let known = types.compactMap { $0 }.first
            if plain || known == nil {
                sources[i] = checkInnerSource(leaves[i].decl, expecting: known, with: &checker)
            } else if let named = leaves[i].decl.arguments.first, var typed = checker.infer(named.value, expected: known) {
                if known == .double, typed.type == .int { typed = (.call(.intToDouble, [typed.expr]), .double) }
                sources[i] = (ServiceCall(service: -1, argumentNames: ["just"], arguments: [typed.expr]), typed.type, .just)
            }
            cx.diagnostics = checker.diagnostics
            types[i] = sources[i]?.element
            failed = failed || sources[i] == nil
        }
        guard tests.count == choice.tests.count, !failed else { return nil }
        let checked = sources.compactMap { $0 }
        // Then those that give none, from the type the others carry.
        for b in leaves.indices where !giving[b] && !leaves[b].ops.isEmpty {
            guard typeOperators(b, from: types.compactMap { $0 }.first ?? checked[b].element) else {
                checker.diagnostics = cx.diagnostics
                return nil
            }
        }
        checker.diagnostics = cx.diagnostics
        guard let element = meet(types, leaves, firstRange: choice.firstRange) else {
            checker.diagnostics = cx.diagnostics
            return nil
        }
        // An `Int` branch beside a `Double` one ends in a conversion, so that every element the
        // request gets is a `Double` (a bare `just:` was read as one above).
        for b in leaves.indices where types[b] == .int && element == .double {
            plans[b].append(OperatorPlan(name: "map", arguments: OperatorArguments(expressions: [.call(.intToDouble, [.operatorArgument(0)])]),
                                         written: "Double($0)"))
        }
        let branches = checked.dropFirst().map { InnerBranchPlan(call: $0.call, source: $0.source) }
        return (checked[0].call, element, checked[0].source,
                InnerChoicePlan(tests: tests, branches: branches, branchOperators: plans.map(\.count)),
                plans.flatMap { $0 })
    }

    /// The one type the inner streams carry (`Void` when none gives an element), or nil after a
    /// located error at the first that carries another: an `Int` and a `Double` meet as a `Double`.
    private mutating func meet(_ types: [SpecType?], _ leaves: [(decl: RequestDecl, ops: [OperatorDecl], key: String)], firstRange: SpecRange) -> SpecType? {
        func carries(_ b: Int, _ t: SpecType) -> String {
            "'\(leaves[b].key):' carries '\(t)'" + (leaves[b].ops.isEmpty ? "" : " after its own 'ops:'")
        }
        var met: (type: SpecType, leaf: Int)?
        for (b, type) in types.enumerated() {
            guard let type else { continue }
            guard let (a, first) = met else {
                met = (type, b)
                continue
            }
            if a.accepts(type) { continue }
            if type.accepts(a) {
                met = (type, b)
                continue
            }
            if (a == .int && type == .double) || (a == .double && type == .int) {
                met = (.double, a == .double ? first : b)
                continue
            }
            // With more than two inner streams, two may be under the same key: the note says which.
            let notes = leaves.count > 2 ? [DiagnosticNote("the '\(leaves[first].key):' carrying '\(a)' is here", at: first == 0 ? firstRange : leaves[first].decl.range)] : []
            cx.diagnostics.error(.typeMismatch, carries(first, a) + " and " + carries(b, type) + ": the inner streams of a choice carry one type",
                                 at: leaves[b].decl.range, notes: notes,
                                 fixIt: "make '\(leaves[b].key):' carry '\(a)' too, with a 'map' in its own 'ops:', or choose with a 'map' after the request")
            return nil
        }
        return met?.type ?? .void
    }
}
