import Foundation
import SpecRuntime

/// A spec that could not be loaded or did not pass its checks, for APIs that throw: every
/// diagnostic (errors and warnings, in order), and their rendering as `specrun check` prints them.
public struct SpecLoadError: Error, Sendable, CustomStringConvertible {
    /// Every diagnostic of the spec, errors and warnings, as ``LoadedSpec/diagnostics``.
    public let diagnostics: [Diagnostic]
    /// The diagnostics rendered `path:line:col: error: message`, with source lines and carets.
    public let rendered: String

    /// The rendered diagnostics.
    public var description: String { rendered }
}

extension SpecLoader {
    /// The checked spec in the file at `path`; throws a ``SpecLoadError`` carrying the diagnostics
    /// when the file cannot be read or has errors (warnings alone do not stop it).
    public static func checkedSpec(path: String) throws(SpecLoadError) -> CheckedSpec {
        try load(path: path).checked()
    }

    /// The checked spec written in `text`; `path` names it in diagnostics.
    public static func checkedSpec(text: String, path: String = "spec.yaml") throws(SpecLoadError) -> CheckedSpec {
        try load(text: text, path: path).checked()
    }

    /// The checked spec in a bundle's resource `name` (with or without its `.yaml` extension).
    public static func checkedSpec(resource name: String, in bundle: Bundle) throws(SpecLoadError) -> CheckedSpec {
        let base = name.hasSuffix(".yaml") ? String(name.dropLast(5)) : name
        guard let url = bundle.url(forResource: base, withExtension: "yaml") else {
            let shown = base + ".yaml"
            let diagnostic = Diagnostic(id: .io, "the bundle has no resource '\(shown)'", at: SpecRange(file: shown, at: SpecLocation(line: 1, column: 1)))
            throw SpecLoadError(diagnostics: [diagnostic], rendered: LoadedSpec(source: SourceFile(path: shown, text: ""), spec: nil, diagnostics: [diagnostic]).renderDiagnostics())
        }
        return try checkedSpec(path: url.path)
    }
}

extension LoadedSpec {
    /// The checked spec, or the diagnostics as a thrown error.
    func checked() throws(SpecLoadError) -> CheckedSpec {
        guard let spec, !hasErrors else { throw SpecLoadError(diagnostics: diagnostics, rendered: renderDiagnostics()) }
        return spec
    }
}
