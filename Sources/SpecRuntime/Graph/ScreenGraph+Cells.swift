@_spi(Engine) import SpecProgram

/// Cell view models (`cells:`, ``CellsPlan``): the rows of one entry are one node, a list of
/// records, written as a handler writes state, so propagation stays glitch-free: what reads the
/// rows is ranked after them and sees each transaction's rows once.
extension ScreenGraph {
    /// Makes the rows of entry `c` for its list's first value, before anything emits.
    func startRows(_ c: Int) {
        let plan = spec.cells[c]
        guard !isValueless(plan.source) else { return }
        context.values[plan.node] = .list(rows(c, following: context.values[plan.source], previous: []))
    }

    /// Entry `c`'s list changed: its rows follow it, each keeping its state by identity.
    func followRows(_ c: Int) {
        let plan = spec.cells[c]
        // A row's input may have written the rows earlier in this transaction: follow from that.
        let previous = pendingWrite[plan.node] ?? context.values[plan.node]
        guard case .list(let old) = previous else { return }
        pendingWrite[plan.node] = .list(rows(c, following: context.values[plan.source], previous: old))
        pendingAppend.clear(plan.node)
        enqueue(plan.node)
        if !madeRows.isEmpty { fireCreated() }
        if !changedParams.isEmpty { fireChangedParams() }
    }

    /// Fires input `input` of the row of entry `cells` whose identity is `row`: the actions it
    /// triggers decide on the row as it was, the input's handlers write the row's fields, a
    /// refused action's `errors` handlers run after them, its outputs are computed again, the
    /// rows are written and `<cells>.<input>` fires with the new row, all in one transaction.
    /// Returns why it cannot, when no row has that identity (the step is then a runtime error
    /// and nothing changes).
    package func sendRow(cells c: Int, input: Int, row key: Value, value: Value) -> String? {
        guard let found = row(c, key) else { return missingRow(c, key) }
        fireRow(c, input, found, row: key, value: value)
        propagate()
        return nil
    }

    /// Why a step cannot address row `key` of entry `c`: no row has that identity.
    func missingRow(_ c: Int, _ key: Value) -> String {
        let plan = spec.cells[c]
        let current = pendingWrite[plan.node] ?? context.values[plan.node]
        let count = if case .list(let rows) = current { rows.count } else { 0 }
        let missing = count == 0 ? "'\(plan.name)' has no rows, so no row \(key)"
            : "'\(plan.name)' has no row \(key): its \(count) row\(count == 1 ? " has another identity" : "s have other identities")"
        // `row: 1` written as a position (as `select:` takes one) rather than an identity.
        guard case .int(let position) = key, case .list(let rows) = current, rows.indices.contains(position) else { return missing }
        let identities = rows.prefix(8).map { row in
            if case .record(let r) = row { ValueFormatter.text(identity(of: r.fields.first ?? .none, plan)) } else { "?" }
        }
        return missing + "; row: takes the row's identity, not its position: the rows are " + identities.joined(separator: ", ") + (rows.count > 8 ? ", …" : "")
    }

    /// What ``sendRow(cells:input:row:value:)`` does to the row `found`, without propagating:
    /// a gesture on a row's component fires more than one input in its transaction.
    func fireRow(_ c: Int, _ input: Int, _ found: (rows: [Value], at: Int, record: RecordValue), row key: Value, value: Value) {
        let plan = spec.cells[c]
        var record = found.record
        if let field = plan.inputs[input].field, field < record.fields.count { record.fields[field] = value }
        let decided = decideRowActions(c, triggeredBy: input, record, row: key)
        runRowHandlers(c, input, &record, row: key)
        var fired = [input]
        for started in decided.started where started.action.executing < record.fields.count {
            record.fields[started.action.executing] = .bool(true)
        }
        for refused in decided.refused {
            if let field = plan.inputs[refused.action.errors].field, field < record.fields.count { record.fields[field] = .error(refused.error) }
            runRowHandlers(c, refused.action.errors, &record, row: key)
            fired.append(refused.action.errors)
        }
        writeRow(c, record, at: found.at, in: found.rows, row: key, firing: fired)
        for started in decided.started { startRowCall(RowCall(cells: c, action: started.index, row: key), started.arguments) }
    }

    /// The rows of entry `c` as this transaction has them, and the one whose identity is `key`.
    func row(_ c: Int, _ key: Value) -> (rows: [Value], at: Int, record: RecordValue)? {
        let plan = spec.cells[c]
        let current = pendingWrite[plan.node] ?? context.values[plan.node]
        guard case .list(let rows) = current,
              let at = rows.firstIndex(where: { if case .record(let r) = $0 { identity(of: r.fields.first ?? .none, plan) == key } else { false } }),
              case .record(let record) = rows[at] else { return nil }
        return (rows, at, record)
    }

    /// Runs input `input`'s handlers on `record`: every value is computed from the row before
    /// any is written, as a screen's handler does, and a handler whose `if:` is false (or fails,
    /// reported) computes nothing and writes nothing.
    func runRowHandlers(_ c: Int, _ input: Int, _ record: inout RecordValue, row key: Value) {
        let handlers = program.cells[c].handlers
        guard handlers.indices.contains(input), !handlers[input].isEmpty else { return }
        var writes: [(field: Int, value: Value)] = []
        context.payload = .record(record)
        for handler in handlers[input] {
            if let condition = handler.condition {
                do throws(EvalError) {
                    guard try condition(context).boolValue else { continue }
                } catch {
                    report("\(rowName(c, key)), handler on '\(spec.cells[c].inputs[input].name)': \(error.message)")
                    continue
                }
            }
            for (k, f) in handler.values.enumerated() {
                do throws(EvalError) {
                    writes.append((handler.targets[k], try f(context)))
                } catch {
                    report("\(rowName(c, key)), handler on '\(spec.cells[c].inputs[input].name)': \(error.message)")
                }
            }
        }
        for write in writes where write.field < record.fields.count { record.fields[write.field] = write.value }
    }

    /// Computes the row's outputs, writes it at `at` into `rows` (the entry's list this
    /// transaction) and fires the screen's streams of `inputs` with it.
    func writeRow(_ c: Int, _ record: RecordValue, at: Int, in rows: [Value], row key: Value, firing inputs: [Int]) {
        let plan = spec.cells[c]
        let record = computeOutputs(c, record, row: key)
        if !program.cells[c].bounded.isEmpty, case .record(let old) = rows[at] { checkRowBounds(c, record, was: old, row: key) }
        var rows = rows
        rows[at] = .record(record)
        pendingWrite[plan.node] = .list(rows)
        pendingAppend.clear(plan.node)
        enqueue(plan.node)
        for input in inputs where plan.inputs.indices.contains(input) {
            let node = plan.inputs[input].node
            guard ends[node] == nil else { continue }
            inbox[node].append(.record(record))
            enqueue(node)
        }
    }

    /// The rows for `list`: an element whose identity a row of `previous` has keeps that row's
    /// fields (its element and position replaced); a new one starts from the view model's initial
    /// values, its states that read the element or the position computed then.
    /// Two elements with one identity are a runtime error; the second gets a row of its own,
    /// which steps cannot address.
    private func rows(_ c: Int, following list: Value, previous: [Value]) -> [Value] {
        let plan = spec.cells[c]
        guard case .list(let elements) = list else { return [] }
        var kept: [Value: Value] = [:]
        for row in previous {
            guard case .record(let r) = row else { continue }
            let key = identity(of: r.fields.first ?? .none, plan)
            if kept[key] == nil { kept[key] = row }
        }
        var seen: Set<Value> = []
        var rows: [Value] = []
        rows.reserveCapacity(elements.count)
        let position = plan.position
        let outputsHeld = !rowOutputsFailed.indices.contains(c) || !rowOutputsFailed[c]
        for (offset, element) in elements.enumerated() {
            let key = identity(of: element, plan)
            let given = givenValues(c, element, row: key)
            var record: RecordValue
            var was: RecordValue?
            var isNew = false
            if let row = kept[key], !seen.contains(key), case .record(let kept) = row {
                // The very element the row was made of (the same scalar or storage): its fields
                // are those its outputs were computed from, which give them again (they read the
                // row alone), so the row is kept as it is, unless an output of these rows ever
                // failed (computing it again reports the failure again) or its place in the list
                // changed (a row that reads its position computes its outputs again).
                if outputsHeld, let first = kept.fields.first, Self.sameBits(first, element),
                   Self.inPlace(kept, position, offset: offset, count: elements.count), Self.holds(kept, given) {
                    seen.insert(key)
                    rows.append(row)
                    continue
                }
                record = kept
                was = kept
            } else {
                if seen.contains(key) { report("'\(plan.name)': two rows have the identity \(key); steps address the first") }
                record = RecordValue(type: plan.model, fieldNames: plan.fieldNames, fields: plan.initial)
                isNew = true
            }
            seen.insert(key)
            if !record.fields.isEmpty { record.fields[0] = element }
            // Its place in the list as this transaction has it: a row that moved reads its new one.
            if let position {
                if let field = position.index, field < record.fields.count { record.fields[field] = .int(offset) }
                if let field = position.count, field < record.fields.count { record.fields[field] = .int(elements.count) }
            }
            // What the screen hands it as this transaction has it: a row whose parameter changed reads
            // its new one, and a parameter it reads as a stream fires once the rows are written.
            for (field, value) in given where field < record.fields.count {
                if !isNew, plan.paramStreams != nil, let input = plan.paramStream(ofField: field), record.fields[field] != value {
                    changedParams.append((c, key, input))
                }
                record.fields[field] = value
            }
            if isNew { computeStateInitials(c, &record, row: key) }
            let made = computeOutputs(c, record, row: key)
            if !program.cells[c].bounded.isEmpty { checkRowBounds(c, made, was: was, row: key) }
            rows.append(.record(made))
            if isNew, plan.streams != nil { startRowStreams(c, made, row: key) }
            if isNew, plan.created != nil || plan.paramStreams != nil { madeRows.append((c, key)) }
        }
        if plan.actions != nil || plan.streams != nil {
            for case .record(let row) in previous {
                let key = identity(of: row.fields.first ?? .none, plan)
                guard !seen.contains(key) else { continue }
                disposeRowCalls(c, row, row: key)
                if plan.streams != nil { disposeRowStreams(c, row: key) }
            }
        }
        return rows
    }

    /// The parameters the screen hands the row of `element` (``CellsPlan/given``), each
    /// computed over the screen's nodes with `$0` the element; one that fails is reported and
    /// holds nothing.
    private func givenValues(_ c: Int, _ element: Value, row key: Value) -> [(field: Int, value: Value)] {
        let given = program.cells[c].given
        guard !given.isEmpty else { return [] }
        let saved = context.operatorArguments
        context.operatorArguments = [element]
        defer { context.operatorArguments = saved }
        return given.map { param in
            do throws(EvalError) {
                return (param.field, try param.value(context))
            } catch {
                report("\(rowName(c, key)), parameter '\(spec.cells[c].fieldNames[param.field])': \(error.message)")
                return (param.field, .none)
            }
        }
    }

    /// Whether `row` holds the parameters `given`, so keeping it as it is keeps what its outputs read.
    static func holds(_ row: RecordValue, _ given: [(field: Int, value: Value)]) -> Bool {
        given.allSatisfy { $0.field < row.fields.count && row.fields[$0.field] == $0.value }
    }

    /// A new row's states whose `initial:` reads its element or position
    /// (``CellsPlan/stateInitials``), computed in order over the row as made; one that fails is
    /// reported and starts as nothing.
    private func computeStateInitials(_ c: Int, _ row: inout RecordValue, row key: Value) {
        for initial in program.cells[c].stateInitials where initial.field < row.fields.count {
            context.payload = .record(row)
            do throws(EvalError) {
                row.fields[initial.field] = try initial.value(context)
            } catch {
                report("\(rowName(c, key)), the first value of '\(spec.cells[c].fieldNames[initial.field])': \(error.message)")
            }
        }
    }

    /// The row with its actions' `enabled` (`enabledIf && !executing`), then its outputs
    /// computed in order, each reading the fields before it; an output that fails is reported
    /// and keeps its last value, as does a view property given a value outside its range
    /// (``CellsPlan/Output/constraint``); an `enabledIf:` that fails leaves its action disabled.
    private func computeOutputs(_ c: Int, _ row: RecordValue, row key: Value) -> RecordValue {
        var row = row
        if let actions = spec.cells[c].actions { computeEnabled(c, actions, &row, row: key) }
        let plans = spec.cells[c].outputs
        for (k, output) in program.cells[c].outputs.enumerated() where output.field < row.fields.count {
            context.payload = .record(row)
            do throws(EvalError) {
                let value = try output.value(context)
                // A row's view property that takes a range (`bar.progress`), as a screen binding.
                if k < plans.count, let constraint = plans[k].constraint, !constraint.allows(value) {
                    report("\(rowName(c, key)), '\(spec.cells[c].fieldNames[output.field])' cannot take \(value); it takes \(constraint.range)")
                    continue
                }
                row.fields[output.field] = value
            } catch {
                noteRowOutputFailed(c)
                report("\(rowName(c, key)), '\(spec.cells[c].fieldNames[output.field])': \(error.message)")
            }
        }
        return row
    }

    /// An output or an action's `enabledIf:` of a row of entry `c` failed (see ``rowOutputsFailed``).
    func noteRowOutputFailed(_ c: Int) {
        if rowOutputsFailed.count != spec.cells.count { rowOutputsFailed = Array(repeating: false, count: spec.cells.count) }
        if rowOutputsFailed.indices.contains(c) { rowOutputsFailed[c] = true }
    }

    /// Whether `row` holds the position given (its `index` and `count` fields, those it declares),
    /// so keeping it as it is keeps what its outputs read.
    static func inPlace(_ row: RecordValue, _ position: CellsPlan.Position?, offset: Int, count: Int) -> Bool {
        guard let position else { return true }
        if let f = position.index, !(f < row.fields.count && row.fields[f] == .int(offset)) { return false }
        if let f = position.count, !(f < row.fields.count && row.fields[f] == .int(count)) { return false }
        return true
    }

    /// Whether `a` and `b` have the same bits: then they are the same value (the same scalar,
    /// or the same storage), told without comparing their contents. Unequal bits say nothing.
    static func sameBits(_ a: Value, _ b: Value) -> Bool {
        withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in a.elementsEqual(b) } }
    }

    /// What identifies the row of `element`: its key field, none for an element that is not a record.
    func identity(of element: Value, _ plan: CellsPlan) -> Value {
        guard case .record(let r) = element, plan.key < r.fields.count else { return .none }
        return r.fields[plan.key]
    }
}
