import SpecRuntime

/// What the screen hands a row: the parameters of a view model after its element that are not
/// its position (`params: { track: Track, isCurrent: Bool }`), which `cells:` gives with
/// `with: { isCurrent: "$0.id == currentId" }`, as RxSwift builds a cell view model with
/// `QueueRowViewModel(track: $0, isCurrent: $0.id == currentId)`. Each is an expression over the
/// screen's names and the element, `$0` (as a call's `with:` gives its arguments); the rows come
/// after what it reads, and follow it (``CellsPlan/Given``).
extension CellsSources {
    /// Checks the entry's `with:` against its view model's parameters: each is given once, with
    /// its type, and nothing else is; nil when the view model declares none.
    mutating func checkGiven(_ cells: DeclaredCells) -> [CellsPlan.Given]? {
        let decl = cells.decl
        let params = cells.model.given
        var checker = ExpressionChecker(symbols: cx.symbols, table: cx.table, diagnostics: cx.diagnostics)
        checker.functions = cx.functions
        checker.poisoned = cx.poisoned
        checker.operatorArguments = [cells.model.element]
        var given: [CellsPlan.Given] = []
        var seen: Set<String> = []
        // A child (`children:`) gives them in its `params:`, over the screen's names alone.
        let key = decl.instance ? "params:" : "with:"
        let entry = decl.instance ? "child \(decl.name.value)" : "cells \(decl.name.value)"
        for (name, value) in decl.with {
            guard let param = params.first(where: { $0.name.value == name.value }) else {
                let position = decl.instance ? "" : CellsPass.positionParameters[name.value].map { "; '\(name.value)' is \($0), which 'cells:' fills itself" } ?? ""
                checker.diagnostics.error(.unknownParam, "view model '\(cells.model.name)' has no parameter '\(name.value)' for '\(key)' to give"
                                          + (position.isEmpty ? checker.diagnostics.didYouMean(name.value, in: params.map(\.name.value)) : position),
                                          at: name.range,
                                          notes: [DiagnosticNote(params.isEmpty ? (decl.instance ? "it declares none" : "it declares none after its element and position")
                                              : "the parameters '\(key)' gives are " + params.map { "'\($0.name.value): \($0.type)'" }.joined(separator: ", "))],
                                          fixIt: decl.instance ? "declare it in the view model's 'params:', as in 'params: { \(name.value): TYPE }'"
                                              : position.isEmpty ? "declare it in its 'params:', as in 'params: { \(cells.model.fieldNames.first ?? "item"): \(cells.model.element), \(name.value): TYPE }'" : "remove it")
                continue
            }
            guard seen.insert(name.value).inserted else { continue }
            let before = checker.reads.count
            guard let typed = checker.check(value, expecting: param.type) else { continue }
            given.append(CellsPlan.Given(field: param.field, value: typed, reads: Array(Set(checker.reads.dropFirst(before))).sorted(),
                                           range: name.range))
        }
        for param in params where !decl.with.contains(where: { $0.name.value == param.name.value }) {
            checker.diagnostics.error(.missingParam, "view model '\(cells.model.name)' needs parameter '\(param.name.value)' of type '\(param.type)', which '\(entry)' does not give",
                                      at: decl.range,
                                      notes: [DiagnosticNote("'\(param.name.value)' is declared at line \(param.name.range.start.line)")],
                                      fixIt: decl.instance ? "write 'params: { \(param.name.value): EXPRESSION }' in the child, an expression over the screen's names"
                                          : "write 'with: { \(param.name.value): EXPRESSION }' in the entry, an expression over the screen's names and the element, '$0'")
        }
        cx.diagnostics = checker.diagnostics
        for read in Set(given.flatMap(\.reads)) { cx.edges[read].append(cells.node) }
        return params.isEmpty ? nil : given
    }
}
