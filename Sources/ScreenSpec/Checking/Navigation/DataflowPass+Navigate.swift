import Foundation
import SpecRuntime

/// Navigation in the dataflow pass: `navigate: { to: Screen, params: {...} }` checked against
/// the target spec's `params:`, read through the catalog.
extension DataflowPass {
    mutating func checkNavigate(_ navigate: NavigateDecl, element: SpecType, node: Int) -> (expr: TypedExpr, shape: NavigationShape)? {
        guard let target = navigationTarget(navigate) else { return nil }
        var checker = ExpressionChecker(symbols: cx.symbols, table: cx.table, diagnostics: cx.diagnostics)
        checker.functions = cx.functions
        checker.operatorArguments = [element]
        checker.site = .navigationParams
        var given: [String: TypedExpr] = [:]
        var givenTypes: [String: SpecType] = [:]
        var standIns: Set<String> = []
        for (name, value) in navigate.params {
            guard let p = target.params.first(where: { $0.name == name.value }) else {
                if let meant = checker.diagnostics.nearest(to: name.value, in: target.params.map(\.name)),
                   !navigate.params.contains(where: { $0.name.value == meant }) {
                    standIns.insert(meant)
                }
                checker.diagnostics.error(.unknownParam, "screen '\(target.name)' has no parameter '\(name.value)'\(checker.diagnostics.didYouMean(name.value, in: target.params.map(\.name)))",
                                          at: name.range, notes: [DiagnosticNote(target.params.isEmpty ? "it declares no 'params:'"
                                              : "its parameters are " + target.params.map { "'\($0.name): \($0.type)'" }.joined(separator: ", "))])
                continue
            }
            guard let typed = checker.infer(value, expected: p.type) else { continue }
            guard Self.sameTable(target.table, cx.table) ? p.type.accepts(typed.type)
                    : ScreenCatalog.conforms(typed.type, cx.table, to: p.type, target.table) else {
                checker.diagnostics.error(.typeMismatch, "parameter '\(name.value)' of screen '\(target.name)' is '\(p.type)', found '\(typed.type)'",
                                          at: value.range, notes: [DiagnosticNote("declared in \(target.file)")])
                continue
            }
            given[name.value] = typed.expr
            givenTypes[name.value] = typed.type
        }
        cx.diagnostics = checker.diagnostics
        for read in checker.reads where read != node { cx.edges[read].append(node) }
        var exprs: [TypedExpr] = []
        var shape = NavigationShape(screen: target.name, params: [])
        for p in target.params {
            if let e = given[p.name] {
                exprs.append(e)
                shape.params.append((p.name, givenTypes[p.name] ?? p.type))
            } else if navigate.params.contains(where: { $0.name.value == p.name }) || standIns.contains(p.name) {
                return nil // given but wrong, or misspelt: already reported
            } else if p.type.isOptional {
                exprs.append(.constant(.none))
                shape.params.append((p.name, .optional(.void)))
            } else {
                cx.diagnostics.error(.missingParam, "screen '\(target.name)' needs parameter '\(p.name)' of type '\(p.type)'", at: navigate.range,
                                  fixIt: "add '\(p.name): ...' under 'params:'")
                return nil
            }
        }
        guard given.count == navigate.params.count else { return nil }
        return (.makeNavigation(screen: target.name, paramNames: target.params.map(\.name), exprs), shape)
    }

    private static let noResolverNote = DiagnosticNote("load the spec from its file, or give 'SpecLoader.load(text:path:resolver:)' a resolver")

    private static func sameTable(_ a: TypeTable, _ b: TypeTable) -> Bool {
        a.records.keys.sorted() == b.records.keys.sorted() && a.enums == b.enums
            && a.records.allSatisfy { name, fields in b.records[name].map { $0.map(\.name) == fields.map(\.name) && $0.map(\.type) == fields.map(\.type) } ?? false }
    }

    /// The screen `navigate.screen`: this spec itself, the given `file:`, or the sibling spec declaring it.
    private mutating func navigationTarget(_ navigate: NavigateDecl) -> ScreenCatalog.Screen? {
        let name = navigate.screen.value
        let folder = (spec.file as NSString).deletingLastPathComponent
        let dir = folder.isEmpty ? "." : folder
        if let file = navigate.file {
            let path = dir + "/" + file.value
            guard let resolver = out.catalog.resolver else {
                cx.diagnostics.error(.unknownScreen, "cannot read a spec at '\(path)': this spec was loaded from text, with no resolver to read other specs",
                                  at: file.range, notes: [Self.noResolverNote])
                return nil
            }
            var screen: ScreenCatalog.Screen
            switch resolver.text(of: file.value, from: dir) {
            case .success(let text):
                switch ScreenCatalog.read(text: text, path: path) {
                case .success(let read):
                    screen = read
                    screen.source = (file.value, dir)
                case .failure(let problem):
                    cx.diagnostics.error(.unknownScreen, "cannot read a spec at '\(path)': \(problem.reason)", at: file.range)
                    return nil
                }
            // Only inside the spec's project (see FileSystemSpecResolver).
            case .failure(let problem):
                switch problem.kind {
                case .absolute:
                    cx.diagnostics.error(.unknownScreen, "'file:' is a path from the spec's folder, found the absolute path '\(file.value)'", at: file.range,
                                      notes: [DiagnosticNote("a navigation opens a spec of the same project; write the path from this spec's folder")])
                case .outside(let root):
                    cx.diagnostics.error(.unknownScreen, "'\(file.value)' leads out of the project folder '\(root)'", at: file.range,
                                      notes: [DiagnosticNote("a navigation opens a spec of the same project: the nearest folder above the spec "
                                                             + "holding 'specs/', 'Package.swift' or '.git'")])
                case .notInside, .unreadable:
                    cx.diagnostics.error(.unknownScreen, "cannot read a spec at '\(path)': \(problem.reason)", at: file.range)
                }
                return nil
            }
            guard screen.name == name else {
                cx.diagnostics.error(.unknownScreen, "'\(file.value)' declares screen '\(screen.name)', not '\(name)'", at: navigate.screen.range)
                return nil
            }
            return validTarget(screen, navigate)
        }
        if name == spec.screen.value {
            return ScreenCatalog.Screen(name: name, file: spec.file, table: cx.table,
                                        params: declarations.params.map { (cx.nodes[$0].name, cx.nodes[$0].type) },
                                        source: ((spec.file as NSString).lastPathComponent, dir))
        }
        guard out.catalog.resolver != nil else {
            cx.diagnostics.error(.unknownScreen, "cannot look for screen '\(name)' beside this spec: it was loaded from text, with no resolver to read other specs",
                              at: navigate.screen.range, notes: [Self.noResolverNote])
            return nil
        }
        let siblings = out.catalog.folder(dir)
        let screens = siblings.screens.filter { $0.file != spec.file }
        let declaring = screens.filter { $0.name == name }
        if declaring.count > 1 {
            cx.diagnostics.error(.duplicateScreen, "\(declaring.count) specs in '\(dir)' declare 'screen: \(name)': "
                              + declaring.map { "'\(($0.file as NSString).lastPathComponent)'" }.joined(separator: ", "),
                              at: navigate.screen.range,
                              notes: [DiagnosticNote("rename all but one screen, or name the file with 'file:'")])
            return nil
        }
        if let screen = declaring.first { return validTarget(screen, navigate) }
        let unreadable = siblings.unreadable.filter { $0.file != (spec.file as NSString).lastPathComponent }
        cx.diagnostics.error(.unknownScreen, "no spec in '\(dir)' declares 'screen: \(name)'\(cx.diagnostics.didYouMean(name, in: screens.map(\.name) + [spec.screen.value]))",
                          at: navigate.screen.range,
                          notes: [DiagnosticNote("a navigation opens the screen of a sibling spec file; name another file with 'file:'")]
                            + unreadable.prefix(10).map { DiagnosticNote("'\($0.file)' was not read: \($0.reason)") }
                            + (unreadable.count > 10 ? [DiagnosticNote("and \(unreadable.count - 10) more spec files that could not be read")] : []))
        return nil
    }

    /// The target, unless its spec has errors: a navigation to a screen that cannot run is an
    /// error here too, naming the target's first one.
    private mutating func validTarget(_ screen: ScreenCatalog.Screen, _ navigate: NavigateDecl) -> ScreenCatalog.Screen? {
        guard !out.catalog.checkingTarget, screen.file != spec.file, let first = out.catalog.firstError(of: screen) else { return screen }
        cx.diagnostics.error(.invalidScreen, "screen '\(screen.name)' is declared by '\(screen.file)', which has errors",
                          at: navigate.screen.range,
                          notes: [DiagnosticNote("its first error: \(first)"), DiagnosticNote("'specrun check \(screen.file)' lists them all")])
        return nil
    }
}
