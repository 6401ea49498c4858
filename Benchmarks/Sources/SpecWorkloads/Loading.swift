import Foundation
import ScreenSpec
import SpecRuntime

public enum Specs {
    /// Loads a spec file, stopping with its diagnostics if it does not check.
    public static func load(path: String) -> CheckedSpec {
        let loaded = SpecLoader.load(path: path)
        guard let spec = loaded.spec else { fail(path, loaded) }
        return spec
    }

    public static func load(text: String, path: String) -> CheckedSpec {
        let loaded = SpecLoader.load(text: text, path: path)
        guard let spec = loaded.spec else { fail(path, loaded) }
        return spec
    }
}

/// Stops with the diagnostics: `preconditionFailure` drops its message in release builds.
func fail(_ path: String, _ loaded: LoadedSpec) -> Never {
    FileHandle.standardError.write(Data("\(path) does not check:\n\(loaded.renderDiagnostics())".utf8))
    exit(70)
}
