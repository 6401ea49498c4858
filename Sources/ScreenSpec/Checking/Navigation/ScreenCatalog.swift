import Foundation
import SpecRuntime

/// The screens declared by the spec files of a folder, read as far as their `params:`, so that a
/// navigation can be checked against its target without checking the target itself (two screens
/// may open each other).
package struct ScreenCatalog: Sendable {
    struct Screen: Sendable {
        var name: String
        var file: String
        var table: TypeTable
        var params: [(name: String, type: SpecType)]
        /// Where the resolver finds the spec again, to check it whole: a path from `folder`.
        var source: (file: String, folder: String)
    }

    /// The spec files of a folder: the screens read, and why each other file could not be.
    struct Folder {
        var screens: [Screen] = []
        var unreadable: [(file: String, reason: String)] = []
    }

    /// Reads the other specs; nil: none are read (a spec loaded from a string, unless a resolver
    /// is given), and a navigation to another screen is reported as such.
    let resolver: (any SpecResolver)?
    /// True while a navigation target is checked, so that its own targets are not checked whole
    /// (two screens may open each other).
    let checkingTarget: Bool

    package init(resolver: (any SpecResolver)?, checkingTarget: Bool = false) {
        self.resolver = resolver
        self.checkingTarget = checkingTarget
    }

    private var folders: [String: Folder] = [:]
    /// Whether each target spec file checked without errors, and its first error if not.
    private var validity: [String: String?] = [:]

    /// The screens of the spec files in `folder`, in file-name order, and the files that could
    /// not be read with the reason.
    mutating func folder(_ folder: String) -> Folder {
        if let cached = folders[folder] { return cached }
        var found = Folder()
        guard let resolver else { return found }
        for file in resolver.specFiles(in: folder).sorted() {
            switch resolver.text(of: file, from: folder) {
            case .success(let text):
                switch Self.read(text: text, path: folder + "/" + file) {
                case .success(var screen):
                    screen.source = (file, folder)
                    found.screens.append(screen)
                case .failure(let problem): found.unreadable.append((file, problem.reason))
                }
            case .failure(let problem): found.unreadable.append((file, problem.reason))
            }
        }
        folders[folder] = found
        return found
    }

    mutating func screens(in folder: String) -> [Screen] { self.folder(folder).screens }

    /// Nil when the spec of `screen` checks without errors, else its first error, rendered.
    mutating func firstError(of screen: Screen) -> String? {
        if let cached = validity[screen.file] { return cached }
        let loaded: LoadedSpec
        switch resolver?.text(of: screen.source.file, from: screen.source.folder) {
        case .success(let text):
            loaded = SpecLoader.load(text: text, path: screen.file, catalog: ScreenCatalog(resolver: resolver, checkingTarget: true))
        case .failure(let problem):
            loaded = LoadedSpec(source: SourceFile(path: screen.file, text: ""), spec: nil, diagnostics: [
                Diagnostic(id: .io, "cannot read '\(screen.file)': \(problem.reason)", at: SpecRange(file: screen.file, at: SpecLocation(line: 1, column: 1))),
            ])
        case nil:
            return nil
        }
        let first = loaded.diagnostics.first { $0.severity == .error }.map { "\($0.range): \($0.message)" }
        validity[screen.file] = .some(first)
        return first
    }

    struct Unreadable: Error {
        var reason: String
    }

    /// Reads one spec's screen name, types and parameter types from its text, ignoring its other
    /// problems; why not when it cannot be read that far.
    static func read(text: String, path: String) -> Result<Screen, Unreadable> {
        let source = SourceFile(path: path, text: text)
        // Each spec read gets its own suggestion budget: what it finds is dropped, but the
        // searches must stay bounded all the same.
        var bag = DiagnosticBag(suggestionBudget: Suggestion.Budget())
        guard let root = YAMLParser.parse(source, diagnostics: &bag) else {
            let first = bag.all.first.map { "\($0.range): \($0.message)" } ?? "invalid YAML"
            return .failure(Unreadable(reason: "its YAML is invalid (\(first))"))
        }
        var reader = SpecReader(source: source, diagnostics: bag.scratch)
        let spec = reader.read(root)
        guard !spec.screen.value.isEmpty else { return .failure(Unreadable(reason: "it declares no 'screen:'")) }
        var table = TypeTable()
        table.failed = spec.unreadableTypes
        var scratch = bag.scratch
        TypeDeclarations.declare(spec.types, into: &table, diagnostics: &scratch)
        let resolver = TypeResolver(table: table)
        var params: [(name: String, type: SpecType)] = []
        for p in spec.params {
            guard let t = resolver.resolve(p.type, diagnostics: &bag) else {
                return .failure(Unreadable(reason: "the type of its parameter '\(p.name.value)' is invalid"))
            }
            params.append((p.name.value, t))
        }
        return .success(Screen(name: spec.screen.value, file: path, table: table, params: params, source: ((path as NSString).lastPathComponent, ".")))
    }

    /// Whether a value of `a` (declared in `ta`) can be passed where `b` (declared in `tb`) is
    /// expected: records and enums of two specs match when their names and shapes do.
    static func conforms(_ a: SpecType, _ ta: TypeTable, to b: SpecType, _ tb: TypeTable, depth: Int = 0) -> Bool {
        guard depth < 32 else { return false }
        switch (a, b) {
        case (.optional(let x), .optional(let y)): return conforms(x, ta, to: y, tb, depth: depth + 1)
        case (_, .optional(let y)): return conforms(a, ta, to: y, tb, depth: depth + 1)
        case (.list(let x), .list(let y)): return conforms(x, ta, to: y, tb, depth: depth + 1)
        case (.record(let x), .record(let y)):
            guard x == y, let fa = ta.records[x], let fb = tb.records[y], fa.count == fb.count else { return false }
            return zip(fa, fb).allSatisfy { $0.name == $1.name && conforms($0.type, ta, to: $1.type, tb, depth: depth + 1) }
        case (.enumeration(let x), .enumeration(let y)):
            return x == y && ta.enums[x] == tb.enums[y]
        default:
            return a == b
        }
    }
}

/// What a navigation output opens: the screen and its parameters' types (as this spec sees them).
struct NavigationShape {
    var screen: String
    var params: [(name: String, type: SpecType)]
}

/// Navigation: `navigate: { to: Screen, params: {...} }` checked against the target spec's `params:`.
extension Checker {
    mutating func checkNavigate(_ navigate: NavigateDecl, element: SpecType, node: Int) -> (expr: TypedExpr, shape: NavigationShape)? {
        guard let target = navigationTarget(navigate) else { return nil }
        var checker = ExpressionChecker(symbols: symbols, table: table, diagnostics: diagnostics)
        checker.operatorArguments = [element]
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
            guard Self.sameTable(target.table, table) ? p.type.accepts(typed.type)
                    : ScreenCatalog.conforms(typed.type, table, to: p.type, target.table) else {
                checker.diagnostics.error(.typeMismatch, "parameter '\(name.value)' of screen '\(target.name)' is '\(p.type)', found '\(typed.type)'",
                                          at: value.range, notes: [DiagnosticNote("declared in \(target.file)")])
                continue
            }
            given[name.value] = typed.expr
            givenTypes[name.value] = typed.type
        }
        diagnostics = checker.diagnostics
        for read in checker.reads where read != node { edges[read].append(node) }
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
                diagnostics.error(.missingParam, "screen '\(target.name)' needs parameter '\(p.name)' of type '\(p.type)'", at: navigate.range,
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
            guard let resolver = catalog.resolver else {
                diagnostics.error(.unknownScreen, "cannot read a spec at '\(path)': this spec was loaded from text, with no resolver to read other specs",
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
                    diagnostics.error(.unknownScreen, "cannot read a spec at '\(path)': \(problem.reason)", at: file.range)
                    return nil
                }
            // Only inside the spec's project (see FileSystemSpecResolver).
            case .failure(let problem):
                switch problem.kind {
                case .absolute:
                    diagnostics.error(.unknownScreen, "'file:' is a path from the spec's folder, found the absolute path '\(file.value)'", at: file.range,
                                      notes: [DiagnosticNote("a navigation opens a spec of the same project; write the path from this spec's folder")])
                case .outside(let root):
                    diagnostics.error(.unknownScreen, "'\(file.value)' leads out of the project folder '\(root)'", at: file.range,
                                      notes: [DiagnosticNote("a navigation opens a spec of the same project: the nearest folder above the spec "
                                                             + "holding 'specs/', 'Package.swift' or '.git'")])
                case .notInside, .unreadable:
                    diagnostics.error(.unknownScreen, "cannot read a spec at '\(path)': \(problem.reason)", at: file.range)
                }
                return nil
            }
            guard screen.name == name else {
                diagnostics.error(.unknownScreen, "'\(file.value)' declares screen '\(screen.name)', not '\(name)'", at: navigate.screen.range)
                return nil
            }
            return validTarget(screen, navigate)
        }
        if name == spec.screen.value {
            return ScreenCatalog.Screen(name: name, file: spec.file, table: table,
                                        params: self.params.map { (nodes[$0].name, nodes[$0].type) },
                                        source: ((spec.file as NSString).lastPathComponent, dir))
        }
        guard catalog.resolver != nil else {
            diagnostics.error(.unknownScreen, "cannot look for screen '\(name)' beside this spec: it was loaded from text, with no resolver to read other specs",
                              at: navigate.screen.range, notes: [Self.noResolverNote])
            return nil
        }
        let siblings = catalog.folder(dir)
        let screens = siblings.screens.filter { $0.file != spec.file }
        let declaring = screens.filter { $0.name == name }
        if declaring.count > 1 {
            diagnostics.error(.duplicateScreen, "\(declaring.count) specs in '\(dir)' declare 'screen: \(name)': "
                              + declaring.map { "'\(($0.file as NSString).lastPathComponent)'" }.joined(separator: ", "),
                              at: navigate.screen.range,
                              notes: [DiagnosticNote("rename all but one screen, or name the file with 'file:'")])
            return nil
        }
        if let screen = declaring.first { return validTarget(screen, navigate) }
        let unreadable = siblings.unreadable.filter { $0.file != (spec.file as NSString).lastPathComponent }
        diagnostics.error(.unknownScreen, "no spec in '\(dir)' declares 'screen: \(name)'\(diagnostics.didYouMean(name, in: screens.map(\.name) + [spec.screen.value]))",
                          at: navigate.screen.range,
                          notes: [DiagnosticNote("a navigation opens the screen of a sibling spec file; name another file with 'file:'")]
                            + unreadable.prefix(10).map { DiagnosticNote("'\($0.file)' was not read: \($0.reason)") }
                            + (unreadable.count > 10 ? [DiagnosticNote("and \(unreadable.count - 10) more spec files that could not be read")] : []))
        return nil
    }

    /// The target, unless its spec has errors: a navigation to a screen that cannot run is an
    /// error here too, naming the target's first one.
    private mutating func validTarget(_ screen: ScreenCatalog.Screen, _ navigate: NavigateDecl) -> ScreenCatalog.Screen? {
        guard !catalog.checkingTarget, screen.file != spec.file, let first = catalog.firstError(of: screen) else { return screen }
        diagnostics.error(.invalidScreen, "screen '\(screen.name)' is declared by '\(screen.file)', which has errors",
                          at: navigate.screen.range,
                          notes: [DiagnosticNote("its first error: \(first)"), DiagnosticNote("'specrun check \(screen.file)' lists them all")])
        return nil
    }

    /// An `expect:` value: data of the node's type, or for a navigation `{ screen: Name, params: {...} }`.
    mutating func readExpected(_ node: YAMLNode, for symbol: Symbol, _ values: ValueReader) -> Value? {
        guard symbol.type == .navigation, let shape = navigationShapes[symbol.node] else {
            return values.read(node, as: symbol.type, diagnostics: &diagnostics)
        }
        guard let pairs = node.mapping else {
            diagnostics.error(.typeMismatch, "expected a navigation such as '{ screen: \(shape.screen), params: { ... } }', found \(node.kindName)", at: node.range)
            return nil
        }
        var screen: String?
        var paramsNode: YAMLNode?
        for (k, v) in pairs {
            switch k.string {
            case "screen": screen = v.string
            case "params": paramsNode = v
            default:
                diagnostics.error(.unknownKey, "a navigation has 'screen:' and 'params:', found '\(k.string ?? "")'", at: k.range)
                return nil
            }
        }
        guard screen == shape.screen else {
            diagnostics.error(.typeMismatch, "'\(nodes[symbol.node].name)' opens screen '\(shape.screen)', found '\(screen ?? "")'", at: node.range)
            return nil
        }
        var given: [String: YAMLNode] = [:]
        for (k, v) in paramsNode?.mapping ?? [] {
            guard let key = k.string, shape.params.contains(where: { $0.name == key }) else {
                diagnostics.error(.unknownParam, "screen '\(shape.screen)' has no parameter '\(k.string ?? "")'", at: k.range)
                return nil
            }
            given[key] = v
        }
        var params: [Value] = []
        for p in shape.params {
            guard let v = given[p.name] else {
                if p.type.isOptional { params.append(.none); continue }
                diagnostics.error(.missingParam, "the expected navigation is missing parameter '\(p.name)'", at: node.range)
                return nil
            }
            guard let value = values.read(v, as: p.type, diagnostics: &diagnostics) else { return nil }
            params.append(value)
        }
        return .navigation(NavigationValue(screen: shape.screen, paramNames: shape.params.map(\.name), params: params))
    }
}
