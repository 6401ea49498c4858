/// The checks of a `cells:` entry: its row's fields, inputs, handlers, outputs, view, actions
/// and position (see ``ProgramValidator``).
extension ProgramValidator {
    /// A `cells:` entry: its nodes exist, the rows come after the list they follow and the inputs
    /// that write them, every field it names is one of a row's, and its expressions read the row
    /// alone (no node of the screen).
    func cells(_ plan: CellsPlan, _ at: String) throws(CompiledSpecError) {
        try node(plan.node, at)
        try node(plan.source, at)
        try after(plan.node, plan.source, at, "writes")
        // A view model used by itself: the node of its name reads its one row after the rows.
        if let instance = plan.instance {
            try node(instance, at)
            try after(instance, plan.node, at, "reads")
        }
        let fields = plan.fieldNames.count
        guard fields > 0, plan.initial.count == fields else {
            throw fail("\(at) has \(plan.initial.count) initial values for \(fields) fields; a row has its element and at least one field")
        }
        try nonNegative(plan.key, "a key field", at)
        for input in plan.inputs {
            try node(input.node, at)
            try after(plan.node, input.node, at, "writes")
            if let field = input.field { try index(field, fields, "field", at) }
        }
        for handler in plan.handlers {
            try index(handler.input, plan.inputs.count, "input", at)
            guard handler.targets.count == handler.values.count else { throw fail("\(at) has \(handler.targets.count) targets for \(handler.values.count) values") }
            for t in handler.targets { try index(t, fields, "field", at) }
            for e in handler.values { try expression(e, at, slots: 0) }
            if let condition = handler.condition { try expression(condition, at, slots: 0) }
        }
        for output in plan.outputs {
            try index(output.field, fields, "field", at)
            try expression(output.value, at, slots: 0)
        }
        for initial in plan.stateInitials ?? [] {
            try index(initial.field, fields, "field", at)
            guard initial.field > 0, plan.position?.fields.contains(initial.field) != true,
                  !plan.outputs.contains(where: { $0.field == initial.field }) else {
                throw fail("\(at) computes the first value of field \(initial.field), which is not a state of the row")
            }
            try expression(initial.value, at, slots: 0)
        }
        for component in plan.view ?? [] {
            for property in component.properties { try expression(property.value, at, slots: 0) }
            for event in component.events { if let input = event.input { try index(input, plan.inputs.count, "input", at) } }
            if let twoWay = component.twoWay {
                try index(twoWay.input, plan.inputs.count, "input", at)
                guard !plan.isActionStream(twoWay.input) else { throw fail("\(at) has a component writing a stream a row's action feeds") }
                if let set = twoWay.set { try expression(set, at, slots: 0) }
            }
            for bound in [component.minimum, component.maximum, component.step] {
                if let bound, !bound.isFinite { throw fail("\(at) has a component bound that is not a finite number") }
            }
            if let minimum = component.minimum, let maximum = component.maximum, minimum >= maximum {
                throw fail("\(at) has a component going from \(minimum) to \(maximum)")
            }
            if let step = component.step, step <= 0 { throw fail("\(at) has a component stepping by \(step)") }
            if let count = component.count { try nonNegative(count, "a count of choices", at) }
        }
        for (a, action) in (plan.actions ?? []).enumerated() {
            let here = "\(at).actions[\(a)]"
            try index(action.trigger, plan.inputs.count, "input", here)
            for stream in [action.elements, action.errors, action.completions] {
                try index(stream, plan.inputs.count, "input", here)
                guard plan.inputs[stream].action == a else { throw fail("\(here) feeds input \(stream), which is not one of its streams") }
            }
            guard plan.inputs[action.trigger].action == nil else { throw fail("\(here) is triggered by one of its row's action streams") }
            try index(action.executing, fields, "field", here)
            try index(action.enabled, fields, "field", here)
            if let work = action.work {
                try rowWork(work, action, plan, here)
            } else {
                try index(action.service, spec.services.count, "service", here)
            }
            guard action.argumentNames.count == action.arguments.count else {
                throw fail("\(here) has \(action.argumentNames.count) argument names for \(action.arguments.count) arguments")
            }
            for e in action.arguments { try expression(e, here, slots: 0) }
            if let condition = action.enabledIf { try expression(condition, here, slots: 0) }
        }
        for (i, input) in plan.inputs.enumerated() {
            if let a = input.action { try index(a, plan.actions?.count ?? 0, "action", "\(at).inputs[\(i)]") }
            if let s = input.stream { try index(s, plan.streams?.count ?? 0, "stream", "\(at).inputs[\(i)]") }
        }
        try rowStreams(plan, at)
        if let created = plan.created {
            try index(created, plan.inputs.count, "input", "\(at).created")
            let input = plan.inputs[created]
            guard input.field == nil, input.action == nil, input.stream == nil, input.type == .void else {
                throw fail("\(at).created names input \(created), which is not an event of the row's own")
            }
        }
        for (k, stream) in (plan.paramStreams ?? []).enumerated() {
            try index(stream.input, plan.inputs.count, "input", "\(at).paramStreams[\(k)]")
            let input = plan.inputs[stream.input]
            guard input.field == stream.field, input.action == nil, input.stream == nil, input.type != .void,
                  plan.given?.contains(where: { $0.field == stream.field }) == true else {
                throw fail("\(at).paramStreams[\(k)] names input \(stream.input), which is not a parameter the screen gives")
            }
        }
        try position(plan, at)
        try given(plan, at)
    }

    /// The parameters the screen hands a row name fields after its element, each once, that
    /// neither the row nor its position writes; they read the nodes they say, ranked before the
    /// rows.
    private func given(_ plan: CellsPlan, _ at: String) throws(CompiledSpecError) {
        guard let given = plan.given else { return }
        for (k, param) in given.enumerated() {
            let here = "\(at).given[\(k)]"
            try index(param.field, plan.fieldNames.count, "field", here)
            guard param.field > 0 else { throw fail("\(here) names field 0, the row's element") }
            let written = plan.handlers.contains { $0.targets.contains(param.field) } || plan.outputs.contains { $0.field == param.field }
                // The parameter's own stream (CellsPlan+ParamStreams.swift) holds it, with the value given.
                || plan.inputs.indices.contains { plan.inputs[$0].field == param.field && plan.paramStream(ofField: param.field) != $0 }
                || plan.position?.fields.contains(param.field) == true
                || (plan.stateInitials ?? []).contains { $0.field == param.field }
            guard !written else { throw fail("\(here) names field \(param.field), which the row writes itself") }
            try expression(param.value, here)
            let reads = Set(param.reads)
            for read in param.value.nodeReads() where !reads.contains(read) {
                throw fail("\(here) reads node \(read), which its 'reads' does not list")
            }
            for read in param.reads {
                try node(read, here)
                try after(plan.node, read, here, "reads")
            }
        }
        guard Set(given.map(\.field)).count == given.count else { throw fail("\(at).given names one field twice") }
    }

    /// A row's position names fields of the row after its element, two different ones, that no
    /// handler, input or output writes: the engine alone fills them.
    private func position(_ plan: CellsPlan, _ at: String) throws(CompiledSpecError) {
        guard let position = plan.position else { return }
        let fields = position.fields
        for field in fields {
            try index(field, plan.fieldNames.count, "field", "\(at).position")
            guard field > 0 else { throw fail("\(at).position names field 0, the row's element") }
            let written = plan.handlers.contains { $0.targets.contains(field) } || plan.outputs.contains { $0.field == field }
                || plan.inputs.contains { $0.field == field }
            guard !written else { throw fail("\(at).position names field \(field), which the row writes itself") }
        }
        guard Set(fields).count == fields.count else { throw fail("\(at).position names one field twice") }
    }

    /// A gesture on a row's component names one the row's view has, and events it has; one that
    /// changes the value names a component that binds the property it changes.
    func rowGesture(_ g: RowGesture, _ plan: CellsPlan, _ at: String) throws(CompiledSpecError) {
        let view = plan.view ?? []
        try index(g.component, view.count, "component", at)
        let component = view[g.component]
        for e in g.events { try index(e, component.events.count, "event", at) }
        if g.writes {
            guard let property = component.valueProperty else { throw fail("\(at) changes the value of a row's component that shows none") }
            guard component.properties.contains(where: { $0.name == property }) else {
                throw fail("\(at) changes '\(property)' of a row's component that does not bind it")
            }
        }
    }

    /// A row's action's work written as a stream: one request merging its executions (each a
    /// row's), bound to the row, reading the row alone (no node of the screen), with no arguments
    /// of the action's own. The streams its operators listen to (`takeUntil: pause`) are the row's
    /// own, indices in its entry's inputs (``RequestPlan/listening(to:)``), and its operators are
    /// checked with the nodes those inputs fire on.
    private func rowWork(_ work: RequestPlan, _ action: CellsPlan.Action, _ plan: CellsPlan, _ here: String) throws(CompiledSpecError) {
        guard work.strategy == .merge, !work.failuresEnd, work.bindsElement else {
            throw fail("\(here) has work that is not one merging request bound to its row")
        }
        for source in work.innerSources { try index(source.node, plan.inputs.count, "row input", "\(here) work") }
        guard let listening = work.listening(to: plan.inputs) else { throw fail("\(here) has work listening to a stream its row does not have") }
        guard action.arguments.isEmpty, action.argumentNames.isEmpty else { throw fail("\(here) has arguments beside its work") }
        if action.service != -1 { try index(action.service, spec.services.count, "service", here) }
        try operators([OperatorPlan(name: listening.name, arguments: OperatorArguments(request: listening))], here, slots: 0)
    }

    /// A row's streams (``CellsPlan/RowStream``): each feeds an input of the row marked as its
    /// own, listens to the row's inputs alone, and is one merging request bound to its row.
    private func rowStreams(_ plan: CellsPlan, _ at: String) throws(CompiledSpecError) {
        for (s, stream) in (plan.streams ?? []).enumerated() {
            let here = "\(at).streams[\(s)]"
            try index(stream.input, plan.inputs.count, "input", here)
            guard plan.inputs[stream.input].stream == s else { throw fail("\(here) feeds input \(stream.input), which is not its own") }
            if let source = stream.source { try index(source, plan.inputs.count, "input", here) }
            if let errors = stream.errors {
                try index(errors, plan.inputs.count, "input", here)
                let input = plan.inputs[errors]
                guard input.stream == s, errors != stream.input, input.type == .error, input.field != nil else {
                    throw fail("\(here) passes its failures to input \(errors), which is not its own 'errors'")
                }
            }
            let work = stream.request
            guard work.strategy == .merge, !work.failuresEnd, work.bindsElement, work.choice == nil else {
                throw fail("\(here) is not one merging request bound to its row")
            }
            for source in work.innerSources { try index(source.node, plan.inputs.count, "row input", here) }
            guard let listening = work.listening(to: plan.inputs) else { throw fail("\(here) listens to a stream its row does not have") }
            try operators([OperatorPlan(name: listening.name, arguments: OperatorArguments(request: listening))], here, slots: 0)
        }
    }
}
