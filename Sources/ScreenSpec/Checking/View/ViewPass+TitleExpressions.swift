import SpecRuntime

/// A picker view's rows or a segmented control's segments given by a `[String]` expression over
/// the screen's names (`rows: names`, `segments: names`), bound one way as RxCocoa's
/// `rx.itemTitles` reloads a picker view each time its source changes (a segmented control's
/// titles are set so by hand: `removeAllSegments()`, then `insertSegment(withTitle:at:animated:)`
/// for each). The titles become a cell, `picker.rows` or `segments.segments`, which the timeline
/// shows and scenarios can expect; the engine moves the selection as the titles change
/// (``ComponentPlan/Choices``).
extension ViewPass {
    /// The titles' cell, after the component's properties; it comes before the selection in
    /// rank, so that the selection is settled after the titles.
    mutating func declareTitleCells(_ decl: ComponentDecl, into component: inout ViewRegistry.Component) {
        let kind = decl.kind.value
        guard let (setting, expr) = decl.titleExpressions.min(by: { $0.key < $1.key }),
              let indexed = kind.properties.first(where: { if case .index(let index)? = $0.range { index.setting == setting } else { false } }),
              case .index(let index)? = indexed.range, let p = component.property(indexed.name) else { return }
        let name = decl.name.value + "." + setting
        guard isFree(name, at: expr.range) else { return }
        let value = component.properties[p].node
        let node = cx.addNode(name, .list(.string), .state(initial: .list([])), role: .component, visible: true, range: expr.range,
                              what: "component property")
        cx.edges[node].append(value)
        component.properties.append(.init(name: setting, node: node, type: .list(.string), userStream: nil, verb: nil, constraint: nil))
        // A picker view shows a row whenever it has rows (its index starts at 0); a segmented
        // control starts with no segment selected.
        component.choices = ComponentPlan.Choices(titles: node, value: value, keepsSelection: index.first >= 0, range: expr.range)
    }

    /// The titles' expression, a `[String]`, bound one way to its cell.
    mutating func wireTitleExpressions(_ decl: ComponentDecl, _ c: Int, _ viewModel: [String: Symbol]) {
        for (setting, expr) in decl.titleExpressions.sorted(by: { $0.key < $1.key }) {
            guard let p = out.registry.components[c].property(setting) else { continue }
            var checker = viewModelChecker(viewModel, diagnostics: cx.diagnostics)
            let typed = checker.check(expr, expecting: .list(.string))
            cx.diagnostics = checker.diagnostics
            guard let typed else { continue }
            bind(typed, reads: checker.reads, to: out.registry.components[c].properties[p],
                 label: label("binding of '\(decl.name.value).\(setting)'", expr.range), at: expr.range)
        }
    }
}
