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
