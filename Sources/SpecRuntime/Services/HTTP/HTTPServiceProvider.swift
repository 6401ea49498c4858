/// The ``ServiceProvider`` of a service with an `http:` section: each call is a request to the
/// backend (see ``HTTPServiceClient``), its answer the decoded JSON or the spec's error value.
///
/// Make them with `providers(for:baseURL:environment:)`, which the `SpecHTTP` product adds
/// (it sends with `URLSession`); the engine itself does no networking.
public struct HTTPServiceProvider: ServiceProvider {
    /// The client making the requests; one client serves every service of a spec.
    package let client: HTTPServiceClient

    /// A provider whose calls `client` makes.
    package init(client: HTTPServiceClient) {
        self.client = client
    }

    /// Every service of `spec` with an `http:` section, by name, served by one client sending
    /// through `transport`.
    package static func providers(for spec: CheckedSpec, baseURL: String?, environment: [String: String],
                                  transport: any HTTPTransport) -> [String: HTTPServiceProvider] {
        let client = HTTPServiceClient(spec: spec, baseURL: baseURL, environment: environment, transport: transport)
        var out: [String: HTTPServiceProvider] = [:]
        for service in spec.services where client.calls(service.name) { out[service.name] = HTTPServiceProvider(client: client) }
        return out
    }

    /// Calls the backend for `request`; throws ``ServiceFailure`` with the spec's error value.
    public func call(_ request: ServiceRequest) async throws -> Value {
        try await client.call(request.service, names: request.parameters, arguments: request.arguments)
    }
}
