/// `if: COND, then: A, else: B` of a request, whose `then:` and `else:` may each be a choice
/// again, to any depth (RxSwift's `u == saved ? .just(.unchanged) : !valid(u) ? .just(.invalid)
/// : api.check(u)`), flattened: the inner streams in one list of branches, in the order written,
/// and each written condition once, with where its being true and false lead (a condition after
/// it, or a branch). Per element the engine reads ``tests``[0], then the condition it leads to,
/// and so on until a branch: each condition read at most once, in the order RxSwift's `? :`
/// reads them, and none after the branch is known. A branch is thereby chosen by the conjunction
/// of the conditions on its way (``path(to:)``), while coverage and mutation keep each condition
/// as written, with its place.
package struct InnerChoicePlan: Sendable {
    /// Each written `if:`, the outermost first, then those inside its `then:`, then those inside
    /// its `else:` (depth first, as written): a condition leads only to conditions after it.
    package var tests: [ChoiceTest]
    /// The inner streams after the first (branch 0 is the request's own ``RequestPlan/call`` and
    /// ``RequestPlan/source``), in the order written: branch `b` is `branches[b - 1]`.
    package var branches: [InnerBranchPlan]
    /// How many of the request's ``RequestPlan/inner`` operators are each branch's own, branch 0
    /// first: the first `branchOperators[0]` are branch 0's, the next `branchOperators[1]` branch
    /// 1's, and so on; the request's own follow.
    package var branchOperators: [Int]

    /// Memberwise, at `package` access: the front end builds the program.
    package init(tests: [ChoiceTest], branches: [InnerBranchPlan], branchOperators: [Int]) {
        self.tests = tests
        self.branches = branches
        self.branchOperators = branchOperators
    }

    /// How many inner streams it chooses among: one more than its conditions.
    package var branchCount: Int { branches.count + 1 }

    /// The conditions on the way to branch `b`, each with the value that leads on: the
    /// conjunction that chooses it.
    package func path(to b: Int) -> [(test: Int, holds: Bool)] {
        func walk(_ step: ChoiceStep, _ way: [(test: Int, holds: Bool)]) -> [(test: Int, holds: Bool)]? {
            switch step {
            case .branch(let k): return k == b ? way : nil
            case .test(let t):
                guard tests.indices.contains(t) else { return nil }
                return walk(tests[t].then, way + [(t, true)]) ?? walk(tests[t].otherwise, way + [(t, false)])
            }
        }
        return walk(.test(0), []) ?? []
    }
}

/// One written `if:` of a choice: its `Bool` condition over the element (under a probe of kind
/// ``ProbeSite/Kind/choice``, so coverage sees it true and false), and where each value leads.
package struct ChoiceTest: Sendable {
    package var condition: TypedExpr
    /// Where `then:` leads: a branch, or the choice written inside it.
    package var then: ChoiceStep
    /// Where `else:` leads.
    package var otherwise: ChoiceStep

    /// Memberwise, at `package` access: the front end builds the program.
    package init(condition: TypedExpr, then: ChoiceStep, otherwise: ChoiceStep) {
        self.condition = condition
        self.then = then
        self.otherwise = otherwise
    }
}

/// Where a condition of a choice leads: another of its conditions (by its place in
/// ``InnerChoicePlan/tests``, always after its own), or a branch (its inner stream).
package enum ChoiceStep: Sendable, Hashable {
    case test(Int)
    case branch(Int)
}

/// An inner stream of a choice after the first: its call (or `just:`'s value, a timer's computed
/// times) and its source, as ``RequestPlan/call`` and ``RequestPlan/source`` are the first's.
package struct InnerBranchPlan: Sendable {
    package var call: ServiceCall
    package var source: InnerSourcePlan

    /// Memberwise, at `package` access: the front end builds the program.
    package init(call: ServiceCall, source: InnerSourcePlan) {
        self.call = call
        self.source = source
    }
}

extension RequestPlan {
    /// How many inner streams it chooses among per element: 1 without a choice.
    package var branchCount: Int { choice?.branchCount ?? 1 }

    /// The inner stream of branch `b` (0, the first written, or one of a choice's
    /// ``InnerChoicePlan/branches``): its call and source.
    package func branch(_ b: Int) -> (call: ServiceCall, source: InnerSourcePlan) {
        if b > 0, let choice, choice.branches.indices.contains(b - 1) { return (choice.branches[b - 1].call, choice.branches[b - 1].source) }
        return (call, source)
    }

    /// The positions in ``inner`` of the branch's own operators, nil without a choice.
    package func operators(ofBranch b: Int) -> Range<Int>? {
        guard let choice, choice.branchOperators.indices.contains(b) else { return nil }
        let start = choice.branchOperators[..<b].reduce(0, +)
        return start..<(start + choice.branchOperators[b])
    }

    /// How many of ``inner`` are the branches' own (the first ones): the request's follow.
    package var branchOwnedOperators: Int { choice?.branchOperators.reduce(0, +) ?? 0 }

    /// The operators an inner stream of branch `b` runs: its own, then the request's.
    package func innerOperators(ofBranch b: Int) -> [OperatorPlan] {
        guard let own = operators(ofBranch: b) else { return inner }
        return Array(inner[own]) + inner[branchOwnedOperators...]
    }

    /// ``innerSources``, each `op` renumbered as the position among ``innerOperators(ofBranch:)``,
    /// or -1 for an operator of another branch: the inner stream of branch `b` ignores that source.
    package func innerSources(ofBranch b: Int) -> [(op: Int, index: Int, node: Int)] {
        guard let own = operators(ofBranch: b) else { return innerSources }
        let shared = branchOwnedOperators
        return innerSources.map { source in
            let local = own.contains(source.op) ? source.op - own.lowerBound : source.op >= shared ? source.op - shared + own.count : -1
            return (local, source.index, source.node)
        }
    }
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension InnerChoicePlan: Codable {}
extension ChoiceTest: Codable {}
extension ChoiceStep: Codable {}
extension InnerBranchPlan: Codable {}
