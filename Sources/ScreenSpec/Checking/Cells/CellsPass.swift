import SpecRuntime

/// A view model of `viewModels:` checked on its own: a row's fields (its element, its value
/// inputs, its state, its outputs), their types and first values, and its inputs, handlers and
/// outputs as the program holds them.
struct CheckedViewModel {
    var name: String
    var element: SpecType
    var fieldNames: [String] = []
    var fieldTypes: [SpecType] = []
    var initial: [Value] = []
    var inputs: [(name: String, type: SpecType, field: Int?)] = []
    var handlers: [CellsPlan.Handler] = []
    var outputs: [CellsPlan.Output] = []
    /// Its `view:`, nil when it has none (CellsPass+View.swift).
    var view: [CellsPlan.Component]?
    /// Its `actions:` (CellsPass+Actions.swift), and for each input an action feeds (its
    /// `elements`, `errors`, `completions`, after the view model's own inputs) that action.
    var actions: [CellsPlan.Action] = []
    var actionOfInput: [Int: Int] = [:]
    /// The fields of its actions' `executing` and `enabled`, which no handler sets.
    var actionFields: Set<Int> = []
    /// The fields of its position, `index` and `count` (CellsPass+Position.swift), which no
    /// handler sets either; nil when it declares neither.
    var position: CellsPlan.Position?
    /// Its parameters after the element that are not its position, which `cells:` gives with
    /// `with:` (CellsPass+Given.swift), as fields no handler sets.
    var given: [(name: Located<String>, type: SpecType, field: Int)] = []
    /// Its states whose `initial:` reads the element or the position (CellsPass+StateInitial.swift).
    var stateInitials: [CellsPlan.StateInitial] = []
    /// Its stream outputs (CellsPass+RowStreams.swift), and for each input one feeds, that stream.
    var streams: [CellsPlan.RowStream] = []
    var streamOfInput: [Int: Int] = [:]
    /// Its `created` event (CellsPass+Created.swift), an index in ``inputs``; nil when it names none.
    var created: Int?
    /// The given parameters it reads as streams (CellsPass+ParamStreams.swift).
    var paramStreams: [CellsPlan.ParamStream] = []
    /// The first of its view fields (CellsPass+ViewFields.swift), the last fields of the row;
    /// nil when its view binds none.
    var viewFieldStart: Int?
    /// Its inputs with a current value (`name: { type: String, default: "" }`), by name: a two-way
    /// binding shows one without a `get:`.
    var propertyInputs: Set<String> = []
}

/// A `cells:` entry with its nodes declared, waiting for the list it follows (``CellsSources``).
struct DeclaredCells {
    var decl: CellsDecl
    var model: CheckedViewModel
    var node: Int
    var inputNodes: [Int]
    var key: Int
    /// The list the rows follow when the pass made it (a child's, its one instance); nil for a
    /// `cells:` entry, whose `for:` ``CellsSources`` looks up.
    var source: Int? = nil
}

/// The cells pass, before the dataflow pass: each view model of `viewModels:` is checked alone
/// (its expressions read its own names only), its row becomes a record type named after it, and
/// each `cells:` entry becomes the node of its rows (`cart`, a `[CartRow]`) and one stream per
/// input (`cart.remove`, firing with the row), so that outputs can read them.
struct CellsPass: CheckPass {
    let spec: Spec
    let resolver: TypeResolver
    let values: ValueReader
    /// The view models' names declared as record types before the declarations pass, with no
    /// fields yet (``declareRowTypes(_:into:)``).
    let rowTypes: Set<String>
    /// The screen's services, which a row's actions call.
    let services: ServiceTable
    var cx = CheckContext()

    init(spec: Spec, resolver: TypeResolver, values: ValueReader, rowTypes: Set<String> = [], services: ServiceTable = ServiceTable()) {
        self.spec = spec
        self.resolver = resolver
        self.values = values
        self.rowTypes = rowTypes
        self.services = services
    }

    /// Declares each view model's row as a record type, its fields still unknown, so that the
    /// screen's inputs may name it (`selection: CartRow`, what a table's `rowSelected` gives);
    /// returns the names declared. A name a type of `types:` has already is left to the pass,
    /// which reports it.
    static func declareRowTypes(_ spec: Spec, into table: inout TypeTable) -> Set<String> {
        var declared: Set<String> = []
        for decl in spec.viewModels where table.records[decl.name.value] == nil && table.enums[decl.name.value] == nil {
            table.records[decl.name.value] = []
            declared.insert(decl.name.value)
        }
        return declared
    }

    mutating func run() -> [DeclaredCells] {
        var models: [String: CheckedViewModel] = [:]
        var failed: Set<String> = []
        let standalone = standaloneModels()
        for decl in spec.viewModels {
            if models[decl.name.value] != nil || failed.contains(decl.name.value)
                || (cx.table.records[decl.name.value] != nil && !rowTypes.contains(decl.name.value)) || cx.table.enums[decl.name.value] != nil {
                cx.diagnostics.error(.duplicateType, "'\(decl.name.value)' is declared twice: a view model's name is also its row's type",
                                     at: decl.name.range)
                continue
            }
            if let model = check(decl, standalone: standalone.contains(decl.name.value)) {
                models[decl.name.value] = model
                cx.table.records[model.name] = Array(zip(model.fieldNames, model.fieldTypes)).map { (name: $0.0, type: $0.1) }
                // Derived: a value a spec writes may leave them out (ValueReader).
                if let start = model.viewFieldStart { cx.table.viewFields[model.name] = start }
            } else {
                failed.insert(decl.name.value)
            }
        }
        var declared: [DeclaredCells] = []
        for decl in spec.cells {
            guard let model = models[decl.viewModel.value] else {
                if !failed.contains(decl.viewModel.value) {
                    cx.diagnostics.error(.unknownViewModel, "unknown view model '\(decl.viewModel.value)'"
                                         + cx.diagnostics.didYouMean(decl.viewModel.value, in: Array(models.keys) + Array(failed)),
                                         at: decl.viewModel.range, notes: [DiagnosticNote("declare it under 'viewModels:'")])
                }
                cx.poisoned.insert(decl.name.value)
                if let declared = spec.viewModels.first(where: { $0.name.value == decl.viewModel.value }) {
                    for input in declared.inputs { cx.poisoned.insert(decl.name.value + "." + input.name.value) }
                    // Its actions and their streams too (`rows.retrying.errors`): one mistake in
                    // the view model (a refused component) is one diagnostic, not one per handler.
                    for action in declared.actions {
                        let name = decl.name.value + "." + action.name.value
                        cx.poisoned.insert(name)
                        for stream in ["elements", "errors", "completions", "executing", "enabled"] { cx.poisoned.insert(name + "." + stream) }
                    }
                }
                continue
            }
            if decl.instance ? !refusesRowModel(decl, model) : !refusesStandaloneModel(decl, model),
               let cells = decl.instance ? declareInstance(decl, model) : declare(decl, model) {
                declared.append(cells)
            } else {
                // Steps that send to its rows say nothing more.
                for input in model.inputs { cx.poisoned.insert(decl.name.value + "." + input.name) }
            }
        }
        return declared
    }

    /// The entry's nodes: its rows and a stream per input of its view model.
    private mutating func declare(_ decl: CellsDecl, _ model: CheckedViewModel) -> DeclaredCells? {
        guard case .record(let elementType) = model.element, let fields = cx.table.records[elementType] else { return nil }
        let idName = decl.id?.value ?? "id"
        guard let key = fields.firstIndex(where: { $0.name == idName }) else {
            cx.diagnostics.error(.unknownName, "'\(elementType)' has no field '\(idName)' to identify its rows"
                                 + cx.diagnostics.didYouMean(idName, in: fields.map(\.name)),
                                 at: decl.id?.range ?? decl.range, fixIt: decl.id == nil ? "name the field with 'id:', as in 'id: name'" : nil)
            cx.poisoned.insert(decl.name.value)
            return nil
        }
        let names = [decl.name.value] + model.inputs.map { decl.name.value + "." + $0.name }
        for name in names where cx.symbols[name] != nil {
            cx.diagnostics.error(.duplicateName, "'\(name)' is declared twice", at: decl.name.range)
            cx.poisoned.insert(decl.name.value)
            return nil
        }
        let node = cx.addNode(decl.name.value, .list(.record(model.name)), .state(initial: .list([])), role: .output, visible: true,
                              range: decl.name.range, what: "list of cells")
        var inputNodes: [Int] = []
        for (k, input) in model.inputs.enumerated() {
            let n = cx.addNode(decl.name.value + "." + input.name, .record(model.name), .stream, role: .output, visible: true,
                               range: decl.name.range, what: model.actionOfInput[k] != nil ? "action stream of a row" : model.streamOfInput[k] != nil ? "stream of a row" : "row input")
            // A row's input writes the rows: the rows come after it.
            cx.edges[n].append(node)
            if input.field != nil { cx.firedFields[decl.name.value + "." + input.name] = (input.name, input.type) }
            inputNodes.append(n)
        }
        return DeclaredCells(decl: decl, model: model, node: node, inputNodes: inputNodes, key: key)
    }

    /// Checks a view model alone; nil when something in it is wrong (reported).
    private mutating func check(_ decl: ViewModelDecl, standalone: Bool) -> CheckedViewModel? {
        let errors = cx.diagnostics.all.filter { $0.severity == .error }.count
        // Used by itself (`children:`): its element is its instance, its parameters all given.
        if standalone { return checkBody(decl, element: declareInstanceElement(decl), errors: errors) }
        guard let param = decl.params.first else {
            cx.diagnostics.error(.missingKey, "view model '\(decl.name.value)' needs one parameter, the element each row is made for",
                                 at: decl.name.range, fixIt: "write 'params: { item: Item }'")
            return nil
        }
        guard let element = resolver.resolve(param.type, diagnostics: &cx.diagnostics) else { return nil }
        guard case .record = element else {
            cx.diagnostics.error(.typeMismatch, "the element of a row is a record, with a field that identifies it; found '\(element)'",
                                 at: param.type.range,
                                 notes: [DiagnosticNote("a view model is made once per element of a list, by a 'cells:' entry; its first parameter is that element"),
                                         DiagnosticNote("for a view model used by itself (a form shown twice), name each use under 'children:', as in 'children: { shipping: AddressForm, billing: AddressForm }', and make no rows of it")])
            return nil
        }
        return checkBody(decl, element: (param.name, element), errors: errors)
    }

    /// Checks a view model's fields after its element (`element`, the parameter that names it):
    /// its position or given parameters, inputs, state, streams, actions, outputs, handlers and
    /// view; nil when something in it is wrong (reported), counting from `errors` errors.
    private mutating func checkBody(_ decl: ViewModelDecl, element param: (name: Located<String>, type: SpecType),
                                    errors: Int) -> CheckedViewModel? {
        let element = param.type
        var model = CheckedViewModel(name: decl.name.value, element: element)
        var fields: [String: (field: Int, type: SpecType)] = [:]
        func add(_ name: Located<String>, _ type: SpecType, _ initial: Value) -> Int? {
            addField(name, type, initial, of: decl, to: &model, &fields)
        }
        _ = add(param.name, element, .none)
        if Self.isInstanceElement(element) {
            declareInstanceParams(decl, to: &model, &fields)
        } else {
            model.position = declarePosition(decl, to: &model, &fields)
        }
        // The element and the position, what a state's `initial:` may read when the row is made.
        let madeWith = fields
        var inputFields: [String: (field: Int, type: SpecType)] = [:]
        for input in decl.inputs {
            guard !refusesCreatedInput(input) else { continue }
            switch input.kind {
            case .event:
                model.inputs.append((input.name.value, .void, nil))
            case .value(let typeName):
                guard let type = resolver.resolve(typeName, diagnostics: &cx.diagnostics) else { continue }
                // The latest value: nil until the input first fires, readable in its own handlers.
                guard let field = add(input.name, .makeOptional(type), .none) else { continue }
                inputFields[input.name.value] = (field, type)
                model.inputs.append((input.name.value, type, field))
            case .property(let typeName, let defaultNode):
                // A cell view model's `BehaviorRelay(value:)`: its current value is a field of the
                // row, `default:` when the row is made, then what the view or a handler writes;
                // readable everywhere in the row, as a screen's input property.
                guard let type = resolver.resolve(typeName, diagnostics: &cx.diagnostics) else { continue }
                // A default that does not read (reported) leaves the field declared: what reads
                // or sets it says nothing more.
                var initial = Value.none
                if let defaultNode {
                    initial = values.read(defaultNode, as: type, diagnostics: &cx.diagnostics) ?? .none
                } else if !type.isOptional {
                    cx.diagnostics.error(.missingKey, "'\(input.name.value)' of view model '\(decl.name.value)' needs 'default:', its value when the row is made",
                                         at: input.name.range, fixIt: "add 'default:', as in '\(input.name.value): { type: \(typeName.value), default: … }' (RxSwift's 'BehaviorRelay(value:)')")
                    continue
                }
                guard let field = add(input.name, type, initial) else { continue }
                model.inputs.append((input.name.value, type, field))
                model.propertyInputs.insert(input.name.value)
            }
        }
        model.created = declareCreated(decl, &model)
        declareParamStreams(decl, &model)
        for state in decl.state {
            guard let type = resolver.resolve(state.type, diagnostics: &cx.diagnostics) else { continue }
            guard let initial = rowStateInitial(state, type, of: decl, madeWith: madeWith) else {
                // Reported: the state is still the row's, so what sets or reads it says nothing more.
                _ = add(state.name, type, .none)
                continue
            }
            guard let field = add(state.name, type, initial.value ?? .none) else { continue }
            if let expr = initial.expression {
                model.stateInitials.append(CellsPlan.StateInitial(field: field, value: expr))
            }
        }
        // Its streams, after its state (their operators read the row as it was made) and before its
        // actions, which they may trigger.
        let failedStreams = declareRowStreams(decl, &model, &fields, &inputFields)
        let ownInputs = model.inputs.count
        // Each action's `executing` and its streams' latest values, before the outputs read them.
        let declaredActions = declareActions(decl, &model, &fields, &inputFields, ownInputs: ownInputs)
        warnOfRowWorkReadingWrittenState(decl)
        warnOfRowStreamReadingWrittenState(decl)
        // Value inputs are read in their own handlers only: elsewhere they have no current value.
        let readable = fields
        var outputFields = readable
        // An output that failed is reported once: what reads it says nothing more, nor what reads
        // an action that failed to declare (its unknown service, reported at its call).
        var failedOutputs: Set<String> = []
        for name in declaredActions.failed {
            failedOutputs.insert(name)
            for stream in ["elements", "errors", "completions", "executing", "enabled"] { failedOutputs.insert(name + "." + stream) }
        }
        for (name, expr) in decl.outputs {
            var checker = rowChecker(outputFields)
            checker.poisoned = failedOutputs
            let typed = checker.infer(expr)
            cx.diagnostics = checker.diagnostics
            guard let typed, let field = add(name, typed.type, .none) else {
                failedOutputs.insert(name.value)
                continue
            }
            outputFields[name.value] = (field, typed.type)
            model.outputs.append(CellsPlan.Output(field: field, value: typed.expr, range: name.range))
        }
        // Each action's `enabledIf:` (over the row before its outputs) and its call.
        checkActions(declaredActions, decl, &model, before: readable, outputs: outputFields, inputFields: inputFields, failedOutputs: failedOutputs)
        for handler in decl.handlers {
            guard let input = model.inputs.firstIndex(where: { $0.name == handler.on.value }) else {
                // A stream of an action that failed to declare (reported) says nothing more.
                if declaredActions.failed.contains(where: { handler.on.value.hasPrefix($0 + ".") }) || failedStreams.contains(handler.on.value) { continue }
                cx.diagnostics.error(.unknownName, "unknown input '\(handler.on.value)' of view model '\(decl.name.value)'"
                                     + cx.diagnostics.didYouMean(handler.on.value, in: model.inputs.map(\.name)), at: handler.on.range)
                continue
            }
            var scope = outputFields.filter { inputFields[$0.key] == nil }
            if let own = inputFields[handler.on.value] { scope[handler.on.value] = own }
            var plan = CellsPlan.Handler(input: input, targets: [], values: [], range: handler.range)
            // `if:` over the row as its `set:` reads it, probed as a screen handler's is.
            if let condition = handler.condition {
                var checker = rowChecker(scope)
                checker.poisoned = failedOutputs
                if let typed = checker.check(condition, expecting: .bool) { plan.condition = .probe(ProbeSite(.guard, condition.range), typed) }
                cx.diagnostics = checker.diagnostics
            }
            for (target, value) in handler.assignments {
                guard let field = fields[target.value], model.fieldNames.indices.contains(field.field),
                      field.field > 0, inputFields[target.value] == nil, !model.outputs.contains(where: { $0.field == field.field }),
                      !model.actionFields.contains(field.field), model.position?.fields.contains(field.field) != true,
                      !model.given.contains(where: { $0.field == field.field }) else {
                    cx.diagnostics.error(.notWritable, "a row's handler sets its state; '\(target.value)' is not state of '\(decl.name.value)'",
                                         at: target.range)
                    continue
                }
                var checker = rowChecker(scope)
                checker.poisoned = failedOutputs
                let typed = checker.check(value, expecting: field.type)
                cx.diagnostics = checker.diagnostics
                if let typed {
                    plan.targets.append(field.field)
                    plan.values.append(typed)
                }
            }
            model.handlers.append(plan)
        }
        // What the row's view shows, fields after the outputs (CellsPass+ViewFields.swift).
        let viewFields = reserveViewFields(decl, &model, &fields)
        model.viewFieldStart = viewFields.values.map(\.field).min()
        model.view = checkView(decl, inputs: Array(model.inputs.prefix(ownInputs)), properties: model.propertyInputs, scope: outputFields,
                               fieldCount: model.fieldNames.count, failedOutputs: failedOutputs)
        model.outputs += Self.viewOutputs(model.view ?? [], viewFields)
        return cx.diagnostics.all.filter { $0.severity == .error }.count == errors ? model : nil
    }

    /// Adds a field to the row: its name, type and first value; nil when the name is taken (reported).
    mutating func addField(_ name: Located<String>, _ type: SpecType, _ initial: Value, of decl: ViewModelDecl,
                           to model: inout CheckedViewModel, _ fields: inout [String: (field: Int, type: SpecType)]) -> Int? {
        guard fields[name.value] == nil else {
            cx.diagnostics.error(.duplicateName, "'\(name.value)' is declared twice in view model '\(decl.name.value)'", at: name.range)
            return nil
        }
        fields[name.value] = (model.fieldNames.count, type)
        model.fieldNames.append(name.value)
        model.fieldTypes.append(type)
        model.initial.append(initial)
        return model.fieldNames.count - 1
    }

    /// An expression checker that reads the row's `fields` and nothing of the screen.
    func rowChecker(_ fields: [String: (field: Int, type: SpecType)]) -> ExpressionChecker {
        var checker = ExpressionChecker(symbols: [:], table: cx.table, diagnostics: cx.diagnostics)
        checker.functions = cx.functions
        checker.rowFields = fields
        checker.screenNames = Set(cx.symbols.keys)
        return checker
    }
}

/// The second step of the cells pass, after the dataflow pass, when every output has its type:
/// each entry's `for:` must name a list of its view model's element with a current value; the
/// rows are ranked after it.
struct CellsSources: CheckPass {
    let declared: [DeclaredCells]
    var cx = CheckContext()

    init(declared: [DeclaredCells]) {
        self.declared = declared
    }

    mutating func run() -> [CellsPlan] {
        var plans: [CellsPlan] = []
        for cells in declared {
            let decl = cells.decl
            if let source = cells.source {
                plans.append(plan(cells, source: source))
                continue
            }
            // An entry whose list failed (reported) fails with it: its rows' inputs and
            // components, which steps name, say nothing more (see `sendsToFailedCells`).
            if cx.poisoned.contains(decl.source.value) {
                cx.poisoned.insert(decl.name.value)
                continue
            }
            guard let source = cx.symbols[decl.source.value] else {
                cx.poisoned.insert(decl.name.value)
                cx.unknownName(decl.source, what: "list", candidates: cx.symbols.filter { if case .list = $0.value.type { true } else { false } }.map(\.key))
                continue
            }
            guard source.hasCurrentValue else {
                cx.poisoned.insert(decl.name.value)
                cx.diagnostics.error(.noCurrentValue, "'\(decl.source.value)' is an \(source.what) and has no current value; rows follow a list that has one",
                                     at: decl.source.range, fixIt: "keep the list in 'state:' and set it in a handler on '\(decl.source.value)'")
                continue
            }
            guard SpecType.list(cells.model.element).accepts(source.type) else {
                cx.poisoned.insert(decl.name.value)
                cx.diagnostics.error(.typeMismatch, "'\(cells.model.name)' makes a row of each '\(cells.model.element)', but '\(decl.source.value)' is a '\(source.type)'",
                                     at: decl.source.range)
                continue
            }
            cx.edges[source.node].append(cells.node)
            plans.append(plan(cells, source: source.node))
        }
        return plans
    }

    /// The plan of entry `cells`, its rows following list node `source`.
    private mutating func plan(_ cells: DeclaredCells, source: Int) -> CellsPlan {
        let decl = cells.decl
        let given = checkGiven(cells)
        let inputs = cells.model.inputs.enumerated().map { k, input in
            CellsPlan.Input(name: input.name, type: input.type, field: input.field, node: cells.inputNodes[k], action: cells.model.actionOfInput[k],
                            stream: cells.model.streamOfInput[k])
        }
        var plan = CellsPlan(name: decl.name.value, model: cells.model.name, node: cells.node, source: source, key: cells.key,
                             fieldNames: cells.model.fieldNames, initial: cells.model.initial, inputs: inputs,
                             handlers: cells.model.handlers, outputs: cells.model.outputs, view: cells.model.view,
                             actions: cells.model.actions.isEmpty ? nil : cells.model.actions, position: cells.model.position,
                             given: given, stateInitials: cells.model.stateInitials.isEmpty ? nil : cells.model.stateInitials,
                             streams: cells.model.streams.isEmpty ? nil : cells.model.streams, created: cells.model.created,
                             paramStreams: cells.model.paramStreams.isEmpty ? nil : cells.model.paramStreams, range: decl.range)
        if decl.instance { plan.instance = cx.symbols[decl.name.value]?.node }
        return plan
    }
}
