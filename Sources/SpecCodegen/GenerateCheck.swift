import ScreenSpec
import SpecRuntime

/// What `specrun check` says of a valid spec that `specrun generate` would refuse: each name that
/// can be no Swift name, or that two names or the generated code would share, as a warning at
/// the same place as generate's error, so that it is seen before the last command.
package enum GenerateCheck {
    /// `loaded` with a warning for each error `specrun generate` would report on it; as it is
    /// when it does not check or generates.
    package static func check(_ loaded: LoadedSpec) -> LoadedSpec {
        guard let spec = loaded.spec, let program = try? CompiledSpec.json(spec) else { return loaded }
        var builder = ShapeBuilder(spec: spec, source: loaded.source, siblings: [:])
        guard builder.build(program: program) == nil else { return loaded }
        let warnings = builder.diagnostics.filter { $0.severity == .error }.map { error in
            var warning = error
            warning.severity = .warning
            warning.notes.append(DiagnosticNote("'specrun generate' refuses the spec for it; the other commands run it"))
            return warning
        }
        return LoadedSpec(source: loaded.source, spec: spec, diagnostics: loaded.diagnostics + warnings, screen: loaded.screen)
    }
}
