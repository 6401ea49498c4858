import SpecRuntime

extension HTTPServiceProvider {
    /// Every service of `spec` with an `http:` section, by name, served by one client that sends
    /// with `URLSession` in this process (``URLSessionTransport``).
    ///
    /// - Parameters:
    ///   - baseURL: what a path in `http:` follows, such as `https://api.example.com`; nil when
    ///     every `http:` names a full URL.
    ///   - environment: where `env.NAME` reads; normally `ProcessInfo.processInfo.environment`.
    public static func providers(for spec: CheckedSpec, baseURL: String?, environment: [String: String]) -> [String: HTTPServiceProvider] {
        providers(for: spec, baseURL: baseURL, environment: environment, transport: URLSessionTransport())
    }
}
