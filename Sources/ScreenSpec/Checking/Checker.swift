import SpecRuntime

/// Resolves and type-checks a ``Spec`` into a ``CheckedSpec``, reporting every problem it finds
/// (not only the first) before anything runs. The check is a list of passes: each takes what the
/// passes before it made as its inputs and returns its own product, over one ``CheckContext``
/// (diagnostics, types, nodes and their names).
struct Checker {
    let spec: Spec
    /// Reads the other specs navigations open (see ``SpecResolver``).
    let catalog: ScreenCatalog

    /// What one check made.
    struct Outcome {
        /// Nil when any diagnostic is an error.
        var spec: CheckedSpec?
        var diagnostics: DiagnosticBag
        /// The spec as far as it loads when its only error is a dependency cycle (see ``CycleDrawing``).
        var drawing: CycleDrawing?
        /// What one expression or one step is checked against later; nil with the spec.
        var scope: CheckScope?
        /// The catalog with the sibling specs this check read, for the next check to reuse.
        var catalog: ScreenCatalog
    }

    /// `catalog` reads the other specs navigations open (see ``SpecResolver``).
    init(spec: Spec, catalog: ScreenCatalog = ScreenCatalog(resolver: nil)) {
        self.spec = spec
        self.catalog = catalog
    }

    /// Checks the spec; `diagnostics` holds what reading it found.
    func check(diagnostics: DiagnosticBag) -> Outcome {
        var cx = CheckContext(spec: spec, diagnostics: diagnostics)
        TypeDeclarations.declare(spec.types, into: &cx.table, diagnostics: &cx.diagnostics)
        // A view model's row is a type inputs may name (`selection: CartRow`); its fields come with the cells pass.
        let rowTypes = CellsPass.declareRowTypes(spec, into: &cx.table)
        // Values and types of declarations are read against the declared types alone.
        let resolver = TypeResolver(table: cx.table)
        // `error.body(T)` may ask for an `errorBody:` type in any expression, a function's body
        // (checked next) included; the services pass reports what is wrong with one.
        DeclarationsPass.declareErrorBodies(of: spec, resolver: resolver, into: &cx)
        FunctionsPass(spec: spec, resolver: resolver).run(over: &cx)
        let declarations = DeclarationsPass(spec: spec, resolver: resolver, values: ValueReader(table: cx.table)).run(over: &cx)
        let declaredCells = CellsPass(spec: spec, resolver: resolver, values: ValueReader(table: cx.table), rowTypes: rowTypes,
                                      services: declarations.services).run(over: &cx)
        // Steps and explore read values of the rows' record types too.
        let values = ValueReader(table: cx.table)
        let dataflow = DataflowPass(spec: spec, declarations: declarations, catalog: catalog).run(over: &cx)
        let cells = CellsSources(declared: declaredCells).run(over: &cx)
        let expressions = ExpressionScope(symbols: cx.symbols, table: cx.table)
        let actions = ActionsPass(spec: spec, declarations: declarations, dataflow: dataflow).run(over: &cx)
        let handlers = HandlersPass(spec: spec).run(over: &cx)
        let view = ViewPass(spec: spec, actions: actions).run(over: &cx)
        let invariants = InvariantsPass(spec: spec, names: declarations.names).run(over: &cx)
        let ranking = NodeRanking.rank(cx.nodes, edges: &cx.edges, sampling: cx.samplingEdges, streams: dataflow.streams,
                                       diagnostics: &cx.diagnostics)
        var steps = StepChecker(spec: spec, actions: actions, unresolvedInputs: declarations.unresolvedInputs, view: view.registry,
                                navigationShapes: dataflow.navigationShapes, streamOutputs: declarations.streamOutputs)
        steps.cells = cells
        let scenarios = ScenariosPass(spec: spec, steps: steps, params: declarations.params, services: declarations.services,
                                      values: values).run(over: &cx)
        MarksPass(spec: spec).run(over: &cx)
        let explore = ExplorePass(spec: spec, scenarios: scenarios, actions: actions, services: declarations.services,
                                  streams: dataflow.streams, cells: cells, values: values).run(over: &cx)

        let program = Program(spec: spec, actions: actions, handlers: handlers + view.handlers, services: declarations.services.plans,
                              params: declarations.params, streams: dataflow.streams, components: view.registry.components.map(\.plan),
                              invariants: invariants, scenarios: scenarios, explore: explore, cells: cells,
                              stateInitials: declarations.stateInitials + dataflow.stateInitials)
        var outcome = Outcome(spec: nil, diagnostics: cx.diagnostics, catalog: dataflow.catalog)
        guard !cx.diagnostics.hasErrors, let rank = ranking.rank else {
            // A spec whose only errors are one dependency cycle can still be drawn (`specrun graph`).
            if ranking.rank == nil, !ranking.cycle.isEmpty, cx.diagnostics.all.allSatisfy({ $0.severity != .error || $0.id == "cycle" }) {
                outcome.drawing = CycleDrawing(spec: program.build(cx, rank: ranking.drawingRank), cycle: ranking.cycle)
            }
            return outcome
        }
        let stepContext = cx
        outcome.spec = program.build(cx, rank: rank)
        outcome.scope = CheckScope(steps: steps, context: stepContext, expressions: expressions)
        return outcome
    }
}

/// The products of the passes that make up the checked spec.
private struct Program {
    let spec: Spec
    let actions: [ActionPlan]
    let handlers: [HandlerPlan]
    let services: [ServicePlan]
    let params: [Int]
    let streams: [StreamPlan]
    let components: [ComponentPlan]
    let invariants: [InvariantPlan]
    let scenarios: [ScenarioPlan]
    let explore: ExplorePlan
    let cells: [CellsPlan]
    let stateInitials: [StateInitialPlan]

    func build(_ cx: CheckContext, rank: [Int]) -> CheckedSpec {
        var nodes = cx.nodes
        var actions = actions
        ReadCompletions.mark(&actions, &nodes, edges: cx.edges, handlers: handlers, scenarios: scenarios, cells: cells)
        var checked = CheckedSpec(screen: spec.screen.value, file: spec.file, types: cx.table, nodes: nodes, rank: rank,
                                  actions: actions, handlers: handlers, services: services, scenarios: scenarios, params: params)
        checked.streams = streams
        checked.coverageMarks = spec.unreachable.map {
            CoverageMark(declaration: $0.declaration.value, item: $0.item.value, reason: $0.reason.value, itemRange: $0.item.range,
                         occurrence: $0.occurrence?.value, occurrenceRange: $0.occurrence?.range)
        }
        checked.components = components
        checked.invariants = invariants
        checked.explore = explore
        checked.cells = cells
        checked.stateInitials = stateInitials
        return checked
    }
}
