extension ProgramValidator {
    /// A request's choice is a choice the engine can walk: each condition valid and leading to a
    /// branch it has or to a condition after its own (so that picking a branch ends), every
    /// condition but the first and every branch reached from exactly one place (the tree the
    /// spec wrote, each branch chosen one way), and its branches' own operators counted within
    /// the request's. The branches' calls are checked with the request's (``branch(_:)``).
    func choice(_ choice: InnerChoicePlan, of plan: RequestPlan, _ here: String, slots: Int?) throws(CompiledSpecError) {
        guard !choice.tests.isEmpty, choice.tests.count == choice.branches.count else {
            throw fail("\(here) chooses among \(choice.branchCount) inner streams with \(choice.tests.count) conditions")
        }
        var reached = [Int](repeating: 0, count: choice.tests.count + choice.branchCount)
        for (t, test) in choice.tests.enumerated() {
            try expression(test.condition, here, slots: slots)
            for step in [test.then, test.otherwise] {
                switch step {
                case .test(let next):
                    guard next > t, next < choice.tests.count else {
                        throw fail("\(here) has condition \(t) leading to condition \(next); a condition leads to one after it, of \(choice.tests.count)")
                    }
                    reached[next] += 1
                case .branch(let b):
                    guard b >= 0, b < choice.branchCount else { throw fail("\(here) has condition \(t) leading to branch \(b), of \(choice.branchCount)") }
                    reached[choice.tests.count + b] += 1
                }
            }
        }
        if let twice = reached.indices.dropFirst().first(where: { reached[$0] != 1 }) {
            let what = twice < choice.tests.count ? "condition \(twice)" : "branch \(twice - choice.tests.count)"
            throw fail("\(here) reaches \(what) from \(reached[twice]) places; each is reached from one")
        }
        guard choice.branchOperators.count == choice.branchCount, choice.branchOperators.allSatisfy({ $0 >= 0 && $0 <= plan.inner.count }),
              plan.branchOwnedOperators <= plan.inner.count else {
            throw fail("\(here) gives its \(choice.branchCount) branches \(choice.branchOperators) operators of their own, of \(plan.inner.count)")
        }
    }
}
