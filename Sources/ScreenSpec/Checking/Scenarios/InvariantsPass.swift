import SpecRuntime

/// The invariants pass: each of `invariants:` becomes a hidden Bool node; its product is their plans.
struct InvariantsPass: CheckPass {
    let spec: Spec
    /// The names declared before, which an invariant's may not repeat.
    private var names: DeclaredNames
    var cx = CheckContext()

    init(spec: Spec, names: DeclaredNames) {
        self.spec = spec
        self.names = names
    }

    /// Declares each invariant as a hidden derived node, after every other node so that adding
    /// invariants leaves the indices (and so the timelines) of the rest unchanged. Its edges rank
    /// it and draw it in graphs; the runtime evaluates it after each step, not while propagating.
    mutating func run() -> [InvariantPlan] {
        var plans: [InvariantPlan] = []
        for decl in spec.invariants where names.declare(decl.name, diagnostics: &cx.diagnostics) {
            // The checker must be gone before `symbols` changes, or the table is copied each time.
            let (typed, reads, found) = {
                var checker = cx.expressionChecker()
                let typed = checker.check(decl.expr, expecting: .bool)
                return (typed, checker.reads, checker.diagnostics)
            }()
            cx.diagnostics = found
            guard let typed else { continue }
            let node = cx.addNode(decl.name.value, .bool, .derived(typed), role: .output, visible: false, range: decl.name.range,
                               what: "invariant")
            for read in reads { cx.edges[read].append(node) }
            plans.append(InvariantPlan(name: decl.name.value, node: node, range: decl.name.range))
        }
        return plans
    }
}
