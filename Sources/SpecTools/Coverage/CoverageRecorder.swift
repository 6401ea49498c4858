import SpecRuntime

/// Counts what one scenario exercised: the ``ScreenInstrumentation`` a program is compiled with for
/// coverage. A program compiled with a recorder inserts probes that report here; one compiled
/// without has no probes at all, so coverage costs nothing unless it is asked for.
public final class CoverageRecorder: ScreenInstrumentation, @unchecked Sendable {
    // Unchecked Sendable: a recorder belongs to the one graph (one thread) that plays a scenario.
    package let map: CoverageMap
    @exclusivity(unchecked) package private(set) var hits: [Bool]
    /// Per ``RowItems`` of the map, the outputs of each row last written, by its identity: what a
    /// row's output changes from.
    private var lastRows: [[Value: [Value]]]

    /// A recorder of `map`'s items, none hit yet; hand it to ``SpecRuntime/ScenarioRunner`` as `coverage:`.
    public init(map: CoverageMap) {
        self.map = map
        self.hits = Array(repeating: false, count: map.items.count)
        self.lastRows = Array(repeating: [:], count: map.rowItems.count)
    }

    @inline(__always)
    package func hit(_ item: Int) { hits[item] = true }

    /// The item ids of a probe site (see ``CoverageMap``); empty for a site the map does not know.
    package func probeItems(_ site: ProbeSite) -> [Int] { map.probes[site] ?? [] }

    /// A node emitted `value`; `started` is false for the values shown when the screen starts.
    package func emitted(_ node: Int, _ value: Value, started: Bool) {
        let items = map.nodeItems[node]
        if let i = items.emitted, started || !items.afterStartOnly { hit(i) }
        if case .bool(let b) = value {
            if b, let i = items.isTrue { hit(i) }
            if !b, let i = items.isFalse { hit(i) }
        }
        var error: ErrorValue?
        if case .error(let e) = value { error = e }
        if let f = items.rowErrorField, case .record(let row) = value, f < row.fields.count, case .error(let e) = row.fields[f] { error = e }
        if let e = error {
            if e.kind == .notEnabled, let i = items.refused { hit(i) }
            if e.kind != .notEnabled, let i = items.failed { hit(i) }
        }
        for i in items.rowHandlers { hit(i) }
        if let r = items.rows { rowsWritten(r, value) }
    }

    /// The rows of ``RowItems`` `r` were written: each row's outputs, compared with what the row
    /// of the same identity had.
    private func rowsWritten(_ r: Int, _ value: Value) {
        guard case .list(let rows) = value else { return }
        let plan = map.rowItems[r]
        var now: [Value: [Value]] = [:]
        for case .record(let row) in rows {
            let key = plan.identity(of: row)
            let before = lastRows[r][key]
            var values: [Value] = []
            values.reserveCapacity(plan.outputs.count)
            for (k, output) in plan.outputs.enumerated() {
                let v = output.field < row.fields.count ? row.fields[output.field] : .none
                if case .bool(let b) = v {
                    if b, let i = output.isTrue { hit(i) }
                    if !b, let i = output.isFalse { hit(i) }
                }
                if let i = output.changed, let before, k < before.count, before[k] != v { hit(i) }
                values.append(v)
            }
            if now[key] == nil { now[key] = values }
        }
        lastRows[r] = now
    }

    /// A call of `service` took `choice`.
    package func answered(_ service: ServicePlan, _ choice: ServicePlan.Choice) {
        let range: SpecRange?
        switch choice {
        case .matchingCase(let i): range = service.cases[i].range
        case .result(let i): range = service.results[i].range
        case .implicitVoid: range = nil
        }
        if let range, let i = map.answerItems[range] { hit(i) }
    }

    package func handlerRan(_ handler: Int) {
        if handler < map.handlerItems.count, let i = map.handlerItems[handler] { hit(i) }
    }
}
