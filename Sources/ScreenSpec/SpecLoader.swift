import Foundation

/// The outcome of loading a spec: the checked spec when there were no errors, and every
/// diagnostic found on the way.
public struct LoadedSpec: Sendable {
    public let source: SourceFile
    public let spec: CheckedSpec?
    public let diagnostics: [Diagnostic]

    package init(source: SourceFile, spec: CheckedSpec?, diagnostics: [Diagnostic]) {
        self.source = source
        self.spec = spec
        self.diagnostics = diagnostics
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The diagnostics rendered for a terminal or a log.
    public func renderDiagnostics(colors: Bool = false) -> String {
        DiagnosticFormatter(colors: colors).render(diagnostics, sources: [source.path: source])
    }
}

/// Loads spec files: YAML -> spec model -> checked spec, collecting diagnostics across phases.
public enum SpecLoader {
    /// Files larger than this are refused before parsing.
    public static let maximumFileSize = 8 * 1024 * 1024

    public static func load(path: String) -> LoadedSpec {
        let empty = SourceFile(path: path, text: "")
        let origin = SpecRange(file: path, at: SpecLocation(line: 1, column: 1))
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let type = attributes[.type] as? FileAttributeType, type == .typeDirectory {
                return LoadedSpec(source: empty, spec: nil, diagnostics: [Diagnostic(id: "io", "'\(path)' is a folder, not a spec file", at: origin)])
            }
            if let size = attributes[.size] as? Int, size > maximumFileSize {
                return LoadedSpec(source: empty, spec: nil, diagnostics: [
                    Diagnostic(id: "too-large", "the file is \(size) bytes; specs are limited to \(maximumFileSize) bytes", at: origin),
                ])
            }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return LoadedSpec(source: empty, spec: nil, diagnostics: [Diagnostic(id: "io", "cannot read '\(path)': no such file or not readable", at: origin)])
        }
        guard data.count <= maximumFileSize else {
            return LoadedSpec(source: empty, spec: nil, diagnostics: [
                Diagnostic(id: "too-large", "the file is larger than \(maximumFileSize) bytes", at: origin),
            ])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return LoadedSpec(source: empty, spec: nil, diagnostics: [Diagnostic(id: "encoding", "the file is not valid UTF-8 text", at: origin)])
        }
        return load(text: text, path: path)
    }

    public static func load(text: String, path: String) -> LoadedSpec {
        let source = SourceFile(path: path, text: text)
        var diagnostics = DiagnosticBag()
        if text.utf8.contains(0) {
            diagnostics.error("encoding", "the file contains a NUL byte; a spec is text", at: SpecRange(file: path, at: SpecLocation(line: 1, column: 1)))
            return LoadedSpec(source: source, spec: nil, diagnostics: diagnostics.all)
        }
        guard let root = YAMLParser.parse(source, diagnostics: &diagnostics) else {
            return LoadedSpec(source: source, spec: nil, diagnostics: diagnostics.sorted)
        }
        var reader = SpecReader(source: source, diagnostics: diagnostics)
        let spec = reader.read(root)
        var checker = Checker(spec: spec, diagnostics: reader.diagnostics)
        let checked = checker.check()
        return LoadedSpec(source: source, spec: checked, diagnostics: checker.diagnostics.sorted)
    }
}
