import Foundation
import SpecRuntime

/// The outcome of loading a spec: the checked spec when there were no errors, and every
/// diagnostic found on the way.
public struct LoadedSpec: Sendable {
    /// The spec's text and path, for rendering the diagnostics.
    public let source: SourceFile
    /// The checked spec, nil when any diagnostic is an error.
    public let spec: CheckedSpec?
    /// Every diagnostic, errors and warnings, in the order the checker found them.
    public let diagnostics: [Diagnostic]
    /// The `screen:` name as written, once the file was read that far.
    package internal(set) var screen: Located<String>? = nil

    package init(source: SourceFile, spec: CheckedSpec?, diagnostics: [Diagnostic], screen: Located<String>? = nil) {
        self.source = source
        self.spec = spec
        self.diagnostics = diagnostics
        self.screen = screen
    }

    /// Whether a diagnostic is an error (then ``spec`` is nil).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// When the spec's only error is a dependency cycle: the program as far as it loads, to be
    /// drawn (never played), and the cycle. Nil otherwise.
    package var cycleDrawing: CycleDrawing?

    /// What the spec was checked with, to check one more step against it (the preview's
    /// gestures); nil without the spec.
    package var scope: CheckScope?

    /// The inputs marked `secure: true`, by name: text the preview keeps off its readouts.
    package internal(set) var secureInputs: [String] = []

    /// The `font:` each text component declares, by component name: the preview draws it.
    package internal(set) var fonts: [String: FontDecl] = [:]

    /// The diagnostics rendered for a terminal or a log.
    public func renderDiagnostics(colors: Bool = false) -> String {
        DiagnosticFormatter(colors: colors).render(diagnostics, sources: [source.path: source])
    }
}

extension LoadedSpec {
    /// The same spec with one more diagnostic; an error makes it invalid.
    package func adding(_ diagnostic: Diagnostic) -> LoadedSpec {
        var all = diagnostics
        all.append(diagnostic)
        var loaded = LoadedSpec(source: source, spec: diagnostic.severity == .error ? nil : spec, diagnostics: all, screen: screen)
        loaded.scope = loaded.spec == nil ? nil : scope
        loaded.secureInputs = secureInputs
        loaded.fonts = fonts
        return loaded
    }
}

/// Loads spec files: YAML -> spec model -> checked spec, collecting diagnostics across phases.
public enum SpecLoader {
    /// Files larger than this are refused before parsing.
    public static let maximumFileSize = 8 * 1024 * 1024

    /// Reads, parses and checks the spec at `path`; the other specs its navigations open are read
    /// from its project folder. Never throws: a file that cannot be read is a diagnostic.
    public static func load(path: String) -> LoadedSpec {
        guard !path.isEmpty else {
            // Named so that the diagnostic does not start with a bare ':1:1:'.
            let shown = "''"
            return LoadedSpec(source: SourceFile(path: shown, text: ""), spec: nil, diagnostics: [
                Diagnostic(id: .io, "the spec path is empty; name a spec file", at: SpecRange(file: shown, at: SpecLocation(line: 1, column: 1))),
            ])
        }
        let empty = SourceFile(path: path, text: "")
        let origin = SpecRange(file: path, at: SpecLocation(line: 1, column: 1))
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let type = attributes[.type] as? FileAttributeType, type == .typeDirectory {
                return LoadedSpec(source: empty, spec: nil, diagnostics: [Diagnostic(id: .io, "'\(path)' is a folder, not a spec file", at: origin)])
            }
            // A device such as /dev/zero would be read without end; a FIFO (a pipe) is read.
            if let type = attributes[.type] as? FileAttributeType, [.typeCharacterSpecial, .typeBlockSpecial, .typeSocket].contains(type) {
                return LoadedSpec(source: empty, spec: nil, diagnostics: [Diagnostic(id: .io, "'\(path)' is a device, not a spec file", at: origin)])
            }
            if let size = attributes[.size] as? Int, size > maximumFileSize {
                return LoadedSpec(source: empty, spec: nil, diagnostics: [
                    Diagnostic(id: .tooLarge, "the file is \(size) bytes; specs are limited to \(maximumFileSize) bytes", at: origin),
                ])
            }
            // Read through a handle with a bound, so that a pipe (`/dev/stdin`) is read too and
            // nothing is read past the size limit.
            guard let handle = FileHandle(forReadingAtPath: path) else {
                return LoadedSpec(source: empty, spec: nil, diagnostics: [Diagnostic(id: .io, "cannot read '\(path)': \(readFailure(path))", at: origin)])
            }
            defer { try? handle.close() }
            data = try handle.read(upToCount: maximumFileSize + 1) ?? Data()
        } catch {
            return LoadedSpec(source: empty, spec: nil, diagnostics: [Diagnostic(id: .io, "cannot read '\(path)': \(readFailure(path))", at: origin)])
        }
        guard data.count <= maximumFileSize else {
            return LoadedSpec(source: empty, spec: nil, diagnostics: [
                Diagnostic(id: .tooLarge, "the file is larger than \(maximumFileSize) bytes", at: origin),
            ])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return LoadedSpec(source: empty, spec: nil, diagnostics: [Diagnostic(id: .encoding, "the file is not valid UTF-8 text", at: origin)])
        }
        return load(text: text, path: path, resolver: FileSystemSpecResolver())
    }

    /// Loads several specs (see ``load(path:)``), then reports specs of one folder that declare
    /// the same `screen:` name: a navigation finds a screen by its name among its folder's specs,
    /// so each but the first (in the given order) gets a `duplicate-screen` error.
    package static func load(paths: [String], loader: ([String]) -> [LoadedSpec] = { $0.map(SpecLoader.load(path:)) }) -> [LoadedSpec] {
        var loaded = loader(paths)
        var first: [String: Int] = [:]
        for (i, spec) in loaded.enumerated() {
            guard let screen = spec.screen, !screen.value.isEmpty else { continue }
            let (name, range) = (screen.value, screen.range)
            let folder = (paths[i] as NSString).deletingLastPathComponent
            let key = ((folder.isEmpty ? "." : folder) as NSString).standardizingPath + "\u{0}" + name
            guard let earlier = first[key] else { first[key] = i; continue }
            guard (paths[earlier] as NSString).standardizingPath != (paths[i] as NSString).standardizingPath else { continue }
            loaded[i] = loaded[i].adding(Diagnostic(id: .duplicateScreen, "'\(paths[earlier])' declares 'screen: \(name)' too", at: range,
                                                    notes: [DiagnosticNote("screen names are unique among the specs of a folder, as navigation finds a screen by its name")]))
        }
        return loaded
    }

    /// Why `path` cannot be read, as the system says it.
    private static func readFailure(_ path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd < 0 else {
            close(fd)
            return "it could not be read"
        }
        return errno == ENOENT ? "no such file" : String(cString: strerror(errno)).lowercased()
    }

    /// Loads a spec from its text; `path` names it in diagnostics. The other specs its navigations
    /// open are read through `resolver`; without one nothing is read (a navigation to another
    /// screen is an error saying so).
    public static func load(text: String, path: String, resolver: (any SpecResolver)? = nil) -> LoadedSpec {
        load(text: text, path: path, catalog: ScreenCatalog(resolver: resolver))
    }

    /// Loads a spec from its text, reading the other specs through `catalog`.
    static func load(text: String, path: String, catalog: ScreenCatalog) -> LoadedSpec {
        let source = SourceFile(path: path, text: text)
        // One spec's "did you mean" searches share one budget, so checking stays linear.
        var diagnostics = DiagnosticBag(suggestionBudget: Suggestion.Budget())
        if text.utf8.contains(0) {
            diagnostics.error(.encoding, "the file contains a NUL byte; a spec is text", at: SpecRange(file: path, at: SpecLocation(line: 1, column: 1)))
            return LoadedSpec(source: source, spec: nil, diagnostics: diagnostics.all)
        }
        guard let root = YAMLParser.parse(source, diagnostics: &diagnostics) else {
            return LoadedSpec(source: source, spec: nil, diagnostics: diagnostics.sorted)
        }
        var reader = SpecReader(source: source, diagnostics: diagnostics)
        let spec = reader.read(root)
        let checked = Checker(spec: spec, catalog: catalog).check(diagnostics: reader.diagnostics)
        var loaded = LoadedSpec(source: source, spec: checked.spec, diagnostics: checked.diagnostics.sorted, screen: spec.screen)
        loaded.cycleDrawing = checked.drawing
        loaded.scope = checked.scope
        loaded.secureInputs = spec.inputs.filter(\.secure).map(\.name.value)
        loaded.fonts = Dictionary(spec.view.compactMap { c in c.font.map { (c.name.value, $0.value) } }, uniquingKeysWith: { first, _ in first })
        return loaded
    }
}
