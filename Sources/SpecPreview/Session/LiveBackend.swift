import ScreenSpec
import SpecHTTP
import SpecRuntime
import SpecTools

/// What `specrun preview --live` was given: the base URL that `http:` paths follow, the
/// environment `env.NAME` is read from, and what sends the requests (URLSession in this process
/// unless told otherwise).
package struct PreviewLive: Sendable {
    package var baseURL: String?
    package var environment: [String: String]
    package var transport: any HTTPTransport

    package init(baseURL: String?, environment: [String: String], transport: any HTTPTransport = URLSessionTransport()) {
        self.baseURL = baseURL
        self.environment = environment
        self.transport = transport
    }
}

/// The backend of a `--live` preview: one HTTP client for the spec's services with an `http:`
/// section, the same client and provider `specrun run --live` and an embedding app's live screen
/// use. The other services stay fakes.
struct LiveBackend {
    let client: HTTPServiceClient
    let provider: HTTPServiceProvider
    /// The indices of the services the backend answers.
    let services: Set<Int>

    /// Refuses, with the located `missing-environment` errors, a spec whose `http:` sections read
    /// an environment variable that is not set.
    init(spec: CheckedSpec, text: String, live: PreviewLive) throws(PreviewError) {
        let missing = spec.missingEnvironment(in: live.environment)
        guard missing.isEmpty else {
            let rendered = DiagnosticFormatter(colors: false).render(missing, sources: [spec.file: SourceFile(path: spec.file, text: text)])
            throw PreviewError(message: rendered + "\(missing.count) error\(missing.count == 1 ? "" : "s") in \(spec.file)\n")
        }
        let client = HTTPServiceClient(spec: spec, baseURL: live.baseURL, environment: live.environment, transport: live.transport)
        self.client = client
        provider = HTTPServiceProvider(client: client)
        services = Set(spec.services.indices.filter { client.calls(spec.services[$0].name) })
    }
}
