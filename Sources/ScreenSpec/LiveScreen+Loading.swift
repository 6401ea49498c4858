import SpecRuntime
import Foundation

/// Loading a spec and running it in one step; a spec with errors throws a ``SpecLoadError``
/// carrying its diagnostics (`error.rendered` prints them as `specrun check` does).
extension LiveScreen {
    /// A screen running the spec in the file at `path`.
    public convenience init(path: String, params: [String: Value] = [:]) throws {
        try self.init(spec: SpecLoader.checkedSpec(path: path), params: params)
    }

    /// A screen running the spec written in `yaml`; `path` names it in diagnostics.
    public convenience init(yaml: String, path: String = "spec.yaml", params: [String: Value] = [:]) throws {
        try self.init(spec: SpecLoader.checkedSpec(text: yaml, path: path), params: params)
    }

    /// A screen running the spec of a bundle's resource `name` (`login` or `login.yaml`).
    public convenience init(resource name: String, in bundle: Bundle, params: [String: Value] = [:]) throws {
        try self.init(spec: SpecLoader.checkedSpec(resource: name, in: bundle), params: params)
    }
}
