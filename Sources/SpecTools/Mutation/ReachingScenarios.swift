import SpecRuntime

/// The scenarios that reached the code a mutant changes, for a survivor's "should have been
/// caught by": those that ran the innermost handler whose text holds the change, got the
/// service's answer (its case or result) that holds it, or evaluated the innermost two-way choice
/// that holds it (`? :`, `&&`, `||`, a handler's `if:`, a choice of inner
/// streams), as the coverage of the original run recorded them. A scenario that never got there
/// cannot catch the mutant, however often its timeline shows the declaration (every scenario
/// shows every output at the start).
struct ReachingScenarios: Sendable {
    /// A piece of text whose coverage items are hit exactly when it runs: a handler or a service's
    /// answer (its item), or a two-way choice (its two items together).
    private struct Site: Sendable {
        var range: SpecRange
        var items: [Int]
    }

    private let sites: [Site]
    /// For each scenario, the items it hit.
    private let hits: [[Bool]]

    init(map: CoverageMap, hits: [[Bool]]) {
        var sites: [Site] = []
        // A handler runs, a service's case or result is answered: each its own item, hit when it ran.
        for (i, item) in map.items.enumerated() where item.kind == .handler || item.kind == .binding || item.kind == .service {
            sites.append(Site(range: item.range, items: [i]))
        }
        for (site, items) in map.probes {
            switch site.kind {
            case .ternary, .and, .or, .guard, .choice: sites.append(Site(range: site.range, items: items))
            // Their items say which way it went, not that it ran: `??`'s fallback, a table's row.
            case .coalesce, .tableRow, .tableDefault: break
            }
        }
        self.sites = sites
        self.hits = hits
    }

    /// The indices of the scenarios that reached `range`, nil when no such site holds it.
    func scenarios(reaching range: SpecRange) -> Set<Int>? {
        let holding = sites.filter { $0.range.file == range.file && $0.range.start <= range.start && range.end <= $0.range.end }
        // The innermost: the latest start, then the earliest end.
        guard let inner = holding.min(by: { ($1.range.start, $0.range.end) < ($0.range.start, $1.range.end) }) else { return nil }
        let same = holding.filter { $0.range == inner.range }.flatMap(\.items)
        return Set(hits.indices.filter { s in same.contains { hits[s][$0] } })
    }
}
