import SpecRuntime

/// Resolves and type-checks a ``Spec`` into a ``CheckedSpec``, reporting every problem it finds
/// (not only the first) before anything runs.
struct Checker {
    let spec: Spec
    var diagnostics: DiagnosticBag
    var table = TypeTable()
    var nodes: [NodeDecl] = []
    var symbols: [String: Symbol] = [:]
    /// Where each name was first declared (see `declareName`).
    var declared: [String: SpecRange] = [:]
    /// Edges `from -> to`: `to` must be ranked after `from`.
    var edges: [[Int]] = []
    var actions: [ActionPlan] = []
    var handlers: [HandlerPlan] = []
    var services: [ServicePlan] = []
    var serviceIndex: [String: Int] = [:]
    var params: [Int] = []
    /// Derived outputs whose expressions are checked once every name exists.
    var pendingDerived: [(node: Int, expr: Expr)] = []
    /// Names whose declarations failed: they have no type to check against, so every later
    /// reference stays quiet instead of cascading (an error type, as a compiler's).
    var poisoned: Set<String> = []
    /// Service parameters whose types failed, by service: arguments for them are not checked.
    var failedParams: [String: Set<String>] = [:]
    /// Components whose declarations could not be read: steps and bindings naming them stay quiet.
    var unreadableComponents: Set<String> = []
    /// Actions whose `input:` is not a type (reported already): `$0` and `send:` values stay quiet.
    var unresolvedInputs: Set<String> = []

    /// Edges of reads that sample (`withLatestFrom`, a node read in an operator's expression): a
    /// loop through one of them and a handler's write is feedback, run in order (see ``NodeRanking``).
    var samplingEdges: [(from: Int, to: Int)] = []
    /// The spec as far as it loads when its only error is a dependency cycle (see ``CycleDrawing``).
    var drawing: CycleDrawing?

    func expressionChecker(payload: (name: String, type: SpecType)? = nil, quiet: Bool = false) -> ExpressionChecker {
        var checker = ExpressionChecker(symbols: symbols, table: table, payload: payload, diagnostics: quiet ? diagnostics.scratch : diagnostics)
        checker.poisoned = poisoned
        return checker
    }
    /// Stream outputs, checked in the same dependency order as derived outputs.
    var pendingStreams: [PendingStream] = []
    /// While a request's `with:` and `ops:` are checked: the name its `as:` gives the outer
    /// element, and that element's type; operator expressions read it as the event payload.
    var requestElement: (name: String, type: SpecType)?
    var streams: [StreamPlan] = []
    /// Sibling specs read to check navigation targets, by file path.
    var catalog: ScreenCatalog
    /// What each navigation output opens, to read expected navigation values in scenarios.
    var navigationShapes: [Int: NavigationShape] = [:]
    /// The components of `view:`, for bindings and scenario steps (Checker+View.swift).
    var view = ViewRegistry()
    /// The names and types derived outputs were checked against, once they all are (`specrun mutate`).
    var derivedRecheck: DerivedRecheck?

    /// `catalog` reads the other specs navigations open (see ``SpecResolver``).
    init(spec: Spec, diagnostics: DiagnosticBag, catalog: ScreenCatalog = ScreenCatalog(resolver: nil)) {
        self.spec = spec
        self.diagnostics = diagnostics
        self.catalog = catalog
        poisoned = spec.unreadable
        unreadableComponents = spec.unreadableComponents
        table.failed = spec.unreadableTypes
    }

    mutating func check() -> CheckedSpec? {
        TypeDeclarations.declare(spec.types, into: &table, diagnostics: &diagnostics)
        let resolver = TypeResolver(table: table)
        let values = ValueReader(table: table)
        declareParams(resolver)
        declareInputs(resolver, values)
        declareState(resolver, values)
        declareOutputs()
        declareServices(resolver, values)
        declareActions(resolver)
        checkDerived()
        derivedRecheck = DerivedRecheck(symbols: symbols, table: table)
        checkActions()
        checkHandlers()
        declareView()
        let invariants = checkInvariants()
        let ranking = NodeRanking.rank(nodes, edges: &edges, sampling: samplingEdges, diagnostics: &diagnostics)
        let rank = ranking.rank
        // Read after the streams: 'enumerated' adds its pair records to the table while they are checked.
        let scenarioValues = ValueReader(table: table)
        var scenarios = spec.scenarios.map { checkScenario($0, scenarioValues) }
        checkScenarioSetup(&scenarios, resolver, values)
        checkDuplicateScenarioNames()
        checkEquivalentMutants()
        let explore = checkExplore(scenarios, values)
        guard !diagnostics.hasErrors, let rank else {
            // A spec whose only errors are one dependency cycle can still be drawn (`specrun graph`).
            if rank == nil, !ranking.cycle.isEmpty, diagnostics.all.allSatisfy({ $0.severity != .error || $0.id == "cycle" }) {
                drawing = CycleDrawing(spec: build(rank: ranking.drawingRank, scenarios, invariants, explore), cycle: ranking.cycle)
            }
            return nil
        }
        return build(rank: rank, scenarios, invariants, explore)
    }

    private mutating func build(rank: [Int], _ scenarios: [ScenarioPlan], _ invariants: [InvariantPlan], _ explore: ExplorePlan) -> CheckedSpec {
        markReadCompletions(scenarios)
        var checked = CheckedSpec(screen: spec.screen.value, file: spec.file, types: table, nodes: nodes, rank: rank,
                                  actions: actions, handlers: handlers, services: services, scenarios: scenarios, params: params)
        checked.streams = streams
        checked.coverageMarks = spec.unreachable.map {
            CoverageMark(declaration: $0.declaration.value, item: $0.item.value, reason: $0.reason.value, itemRange: $0.item.range)
        }
        checked.components = view.components.map(\.plan)
        checked.invariants = invariants
        checked.explore = explore
        return checked
    }

    mutating func unknownName(_ name: Located<String>, what: String, candidates: [String]) {
        diagnostics.error(.unknownName, "unknown \(what) '\(name.value)'\(diagnostics.didYouMean(name.value, in: candidates))", at: name.range)
    }
}
