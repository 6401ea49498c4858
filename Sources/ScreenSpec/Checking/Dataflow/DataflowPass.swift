import SpecRuntime

/// What the dataflow pass made besides the types of the outputs (in the context).
struct Dataflow {
    var streams: [StreamPlan] = []
    /// What each navigation output opens, to read expected navigation values in scenarios.
    var navigationShapes: [Int: NavigationShape] = [:]
    /// The catalog with the sibling specs navigations read.
    var catalog: ScreenCatalog
    /// The pipelines of actions whose work is a stream, by action.
    var actionWorks: [Int: ActionWorkPlan] = [:]
    /// Stream outputs whose `initial:` reads the screen's parameters (DataflowPass+StreamInitial.swift).
    var stateInitials: [StateInitialPlan] = []
}

/// The dataflow pass: derived and stream outputs type-checked in dependency order, so that each
/// is checked after the outputs it names, whatever the order they were written in; an output's
/// type is its expression's, or its last operator's element. Streams are checked in
/// Streams/DataflowPass+Streams.swift.
struct DataflowPass: CheckPass {
    let spec: Spec
    /// The outputs waiting for their types, and the services requests call.
    let declarations: Declarations
    var cx = CheckContext()
    var out: Dataflow
    /// While an action's work is checked: the action's input, which `$0` reads in its `with:`.
    var workInput: (action: String, type: SpecType, trigger: (name: String, type: SpecType)?, unresolved: Bool)?
    /// While a row's action's work is checked (CellsPass+RowWork.swift): the row its expressions
    /// read, instead of the screen's names.
    var rowWork: RowWorkScope?
    /// How many requests' `ops:` the operators being checked are inside (see
    /// DataflowPass+NestedRequests.swift).
    var requestDepth = 0

    init(spec: Spec, declarations: Declarations, catalog: ScreenCatalog) {
        self.spec = spec
        self.declarations = declarations
        out = Dataflow(catalog: catalog)
    }

    mutating func run() -> Dataflow {
        let pendingDerived = declarations.derived
        let pendingStreams = declarations.streams
        let derivedCount = pendingDerived.count
        let total = derivedCount + pendingStreams.count
        // Items `0..<derivedCount` are derived outputs, the rest stream outputs.
        var pendingIndex = Dictionary(uniqueKeysWithValues: pendingDerived.enumerated().map { (cx.nodes[$0.element.node].name, $0.offset) })
        for (k, s) in pendingStreams.enumerated() {
            pendingIndex[cx.nodes[s.node].name] = derivedCount + k
            // What reads an action's elements waits for the work that types them.
            if let work = s.action { pendingIndex[cx.nodes[work.elements].name] = derivedCount + k }
        }
        var dependents = [[Int]](repeating: [], count: total)
        for k in 0..<total {
            let names = k < derivedCount ? pendingDerived[k].expr.referencedNames() : pendingStreams[k - derivedCount].decl.referencedNames()
            for name in names {
                guard let j = pendingIndex[name], j != k || k < derivedCount, !dependents[j].contains(k) else { continue }
                dependents[j].append(k)
            }
        }
        let sorted = TopologicalOrder(count: total, successors: dependents)
        // Outputs in a cycle are checked last and quietly: the cycle is the error to report.
        let inCycle = Set(sorted.unresolved.indices.filter { sorted.unresolved[$0] > 0 })
        for k in sorted.order + inCycle.sorted() {
            guard k < derivedCount else {
                checkStream(pendingStreams[k - derivedCount], quietly: inCycle.contains(k))
                continue
            }
            let (index, expr, tick) = pendingDerived[k]
            // The checker must be gone before `symbols` changes, or the table is copied each time.
            // The bag moves into the checker and back, so that appending to it never copies it
            // (a copy per output made a spec with many errors quadratic to check).
            let quiet = inCycle.contains(k)
            var bag = cx.diagnostics.scratch
            if !quiet { swap(&bag, &cx.diagnostics) }
            let (typed, reads, found, added) = {
                var checker = cx.expressionChecker(quiet: true)
                checker.diagnostics = bag
                bag = DiagnosticBag()
                let typed = checker.infer(expr)
                return (typed, checker.reads, checker.diagnostics, checker.addedRecords)
            }()
            if !quiet { cx.diagnostics = found }
            // `items.enumerated()` as the output's value: its pair type is the spec's from now on.
            for record in added { cx.table.records[record.name] = record.fields }
            for read in reads { cx.edges[read].append(index) }
            guard let typed else {
                cx.poisoned.insert(cx.nodes[index].name)
                continue
            }
            cx.nodes[index].type = typed.type
            cx.nodes[index].kind = .derived(typed.expr)
            if let tick { recomputeEvery(index, typed.expr, tick: tick, reads: reads) }
            cx.symbols[cx.nodes[index].name]?.type = typed.type
        }
        return out
    }
}
