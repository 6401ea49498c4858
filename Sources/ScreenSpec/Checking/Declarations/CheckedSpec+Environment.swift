import SpecRuntime

extension CheckedSpec {
    /// Before a live run: one located error per `env.NAME` an `http:` section reads that
    /// `environment` does not hold (the value itself is never shown, only the name).
    package func missingEnvironment(in environment: [String: String]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for service in services {
            guard let http = service.http else { continue }
            for variable in http.environment where environment[variable.name] == nil {
                out.append(Diagnostic(.error, id: .missingEnvironment,
                                      "the environment variable '\(variable.name)' is not set; service '\(service.name)' reads it",
                                      at: variable.range, notes: [DiagnosticNote("set it before running live, as in '\(variable.name)=… specrun run --live …'")]))
            }
        }
        return out
    }
}
