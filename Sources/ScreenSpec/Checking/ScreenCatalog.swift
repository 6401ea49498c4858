import Foundation

/// The screens declared by the spec files of a folder, read as far as their `params:`, so that a
/// navigation can be checked against its target without checking the target itself (two screens
/// may open each other).
struct ScreenCatalog {
    struct Screen {
        var name: String
        var file: String
        var table: TypeTable
        var params: [(name: String, type: SpecType)]
    }

    private var folders: [String: [Screen]] = [:]

    /// The screens of the spec files in `folder`, in file-name order; unreadable files are skipped.
    mutating func screens(in folder: String) -> [Screen] {
        if let cached = folders[folder] { return cached }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let files = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        let screens = files.compactMap { Self.read(path: folder + "/" + $0) }
        folders[folder] = screens
        return screens
    }

    /// Reads one spec file's screen name, types and parameter types, ignoring its other problems.
    static func read(path: String) -> Screen? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              (attributes[.size] as? Int ?? 0) <= SpecLoader.maximumFileSize,
              let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { return nil }
        let source = SourceFile(path: path, text: text)
        var bag = DiagnosticBag()
        guard let root = YAMLParser.parse(source, diagnostics: &bag) else { return nil }
        var reader = SpecReader(source: source, diagnostics: DiagnosticBag())
        let spec = reader.read(root)
        guard !spec.screen.value.isEmpty else { return nil }
        var checker = Checker(spec: spec, diagnostics: DiagnosticBag())
        checker.declareTypes()
        let resolver = TypeResolver(table: checker.table)
        var params: [(name: String, type: SpecType)] = []
        for p in spec.params {
            guard let t = resolver.resolve(p.type, diagnostics: &bag) else { return nil }
            params.append((p.name.value, t))
        }
        return Screen(name: spec.screen.value, file: path, table: checker.table, params: params)
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
                if let meant = Suggestion.nearest(to: name.value, in: target.params.map(\.name)),
                   !navigate.params.contains(where: { $0.name.value == meant }) {
                    standIns.insert(meant)
                }
                checker.diagnostics.error("unknown-param", "screen '\(target.name)' has no parameter '\(name.value)'\(Suggestion.didYouMean(name.value, in: target.params.map(\.name)))",
                                          at: name.range, notes: [DiagnosticNote(target.params.isEmpty ? "it declares no 'params:'"
                                              : "its parameters are " + target.params.map { "'\($0.name): \($0.type)'" }.joined(separator: ", "))])
                continue
            }
            guard let typed = checker.infer(value, expected: p.type) else { continue }
            guard Self.sameTable(target.table, table) ? p.type.accepts(typed.type)
                    : ScreenCatalog.conforms(typed.type, table, to: p.type, target.table) else {
                checker.diagnostics.error("type-mismatch", "parameter '\(name.value)' of screen '\(target.name)' is '\(p.type)', found '\(typed.type)'",
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
                diagnostics.error("missing-param", "screen '\(target.name)' needs parameter '\(p.name)' of type '\(p.type)'", at: navigate.range,
                                  fixIt: "add '\(p.name): ...' under 'params:'")
                return nil
            }
        }
        guard given.count == navigate.params.count else { return nil }
        return (.makeNavigation(screen: target.name, paramNames: target.params.map(\.name), exprs), shape)
    }

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
            let path = file.value.hasPrefix("/") ? file.value : dir + "/" + file.value
            guard let screen = ScreenCatalog.read(path: path) else {
                diagnostics.error("unknown-screen", "cannot read a spec at '\(path)'", at: file.range)
                return nil
            }
            guard screen.name == name else {
                diagnostics.error("unknown-screen", "'\(file.value)' declares screen '\(screen.name)', not '\(name)'", at: navigate.screen.range)
                return nil
            }
            return screen
        }
        if name == spec.screen.value {
            return ScreenCatalog.Screen(name: name, file: spec.file, table: table,
                                        params: self.params.map { (nodes[$0].name, nodes[$0].type) })
        }
        let screens = catalog.screens(in: dir).filter { $0.file != spec.file }
        if let screen = screens.first(where: { $0.name == name }) { return screen }
        diagnostics.error("unknown-screen", "no spec in '\(dir)' declares 'screen: \(name)'\(Suggestion.didYouMean(name, in: screens.map(\.name) + [spec.screen.value]))",
                          at: navigate.screen.range,
                          notes: [DiagnosticNote("a navigation opens the screen of a sibling spec file; name another file with 'file:'")])
        return nil
    }

    /// An `expect:` value: data of the node's type, or for a navigation `{ screen: Name, params: {...} }`.
    mutating func readExpected(_ node: YAMLNode, for symbol: Symbol, _ values: ValueReader) -> Value? {
        guard symbol.type == .navigation, let shape = navigationShapes[symbol.node] else {
            return values.read(node, as: symbol.type, diagnostics: &diagnostics)
        }
        guard let pairs = node.mapping else {
            diagnostics.error("type-mismatch", "expected a navigation such as '{ screen: \(shape.screen), params: { ... } }', found \(node.kindName)", at: node.range)
            return nil
        }
        var screen: String?
        var paramsNode: YAMLNode?
        for (k, v) in pairs {
            switch k.string {
            case "screen": screen = v.string
            case "params": paramsNode = v
            default:
                diagnostics.error("unknown-key", "a navigation has 'screen:' and 'params:', found '\(k.string ?? "")'", at: k.range)
                return nil
            }
        }
        guard screen == shape.screen else {
            diagnostics.error("type-mismatch", "'\(nodes[symbol.node].name)' opens screen '\(shape.screen)', found '\(screen ?? "")'", at: node.range)
            return nil
        }
        var given: [String: YAMLNode] = [:]
        for (k, v) in paramsNode?.mapping ?? [] {
            guard let key = k.string, shape.params.contains(where: { $0.name == key }) else {
                diagnostics.error("unknown-param", "screen '\(shape.screen)' has no parameter '\(k.string ?? "")'", at: k.range)
                return nil
            }
            given[key] = v
        }
        var params: [Value] = []
        for p in shape.params {
            guard let v = given[p.name] else {
                if p.type.isOptional { params.append(.none); continue }
                diagnostics.error("missing-param", "the expected navigation is missing parameter '\(p.name)'", at: node.range)
                return nil
            }
            guard let value = values.read(v, as: p.type, diagnostics: &diagnostics) else { return nil }
            params.append(value)
        }
        return .navigation(NavigationValue(screen: shape.screen, paramNames: shape.params.map(\.name), params: params))
    }
}
