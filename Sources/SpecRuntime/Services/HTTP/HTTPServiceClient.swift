/// Calls the real backend of every service whose spec has an `http:` section: builds the request
/// from the call's arguments and the environment, sends it, and reads the answer into the
/// service's `returns:` type. Always answers, with a value or the spec's error value:
///
/// - status >= 400: `http(STATUS)`, with its body decoded as the type the service's `errorBody:`
///   gives for the status, or without one when it declares none or the body does not decode;
/// - a body that is not JSON or not of the `returns:` type: `decode`, with the reason;
/// - refused, timed out, too large, a redirect loop, closed mid-body: `unknown`, with the reason.
///
/// The environment's values that the `http:` sections read are secrets: they go into the request
/// and nowhere else. Every message is built without them, and ``redact(_:)`` removes them from
/// any text (a server may echo a token back), as ``redact(_:)-(Value)`` does from values.
package struct HTTPServiceClient: Sendable {
    /// The most bytes an answer's body may have: 10 MiB. Reading stops there.
    package static let maximumBodySize = 10 * 1024 * 1024

    private let plans: [String: HTTPPlan]
    private let types: TypeTable
    private let returns: [String: SpecType]
    /// The services whose failures carry a body (`errorBody:`), by name.
    private let errorBodies: [String: ServicePlan]
    private let baseURL: String?
    private let environment: [String: String]
    private let maximumBodySize: Int
    private let transport: any HTTPTransport
    /// The environment values the plans read, longest first (so a secret containing another is
    /// replaced whole).
    package let secrets: [String]

    /// - Parameters:
    ///   - baseURL: what a path follows, such as `http://127.0.0.1:8080`; nil when every
    ///     `http:` names a full URL.
    ///   - environment: where `env.NAME` reads; normally `ProcessInfo.processInfo.environment`.
    ///   - transport: what sends the requests (`SpecHTTP`'s `URLSessionTransport` in process,
    ///     `specrun`'s helper in the CLI).
    package init(spec: CheckedSpec, baseURL: String?, environment: [String: String], maximumBodySize: Int = HTTPServiceClient.maximumBodySize,
                 transport: any HTTPTransport) {
        var plans: [String: HTTPPlan] = [:]
        var returns: [String: SpecType] = [:]
        var errorBodies: [String: ServicePlan] = [:]
        var secrets: Set<String> = []
        for service in spec.services {
            guard let http = service.http else { continue }
            plans[service.name] = http
            returns[service.name] = service.returns
            if !service.errorBodies.isEmpty { errorBodies[service.name] = service }
            for variable in http.environment {
                if let value = environment[variable.name], !value.isEmpty { secrets.insert(value) }
            }
        }
        self.plans = plans
        self.returns = returns
        self.errorBodies = errorBodies
        self.types = spec.types
        self.baseURL = baseURL
        self.environment = environment
        self.maximumBodySize = maximumBodySize
        self.transport = transport
        self.secrets = secrets.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }

    /// Whether `service` has an `http:` section (the others stay fakes).
    package func calls(_ service: String) -> Bool { plans[service] != nil }

    /// The answer of the backend to a call of `service` with these named arguments.
    package func call(_ service: String, names: [String], arguments: [Value]) async throws(ServiceFailure) -> Value {
        let cancel = HTTPCancellation()
        let result: Result<Value, ServiceFailure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                cancel.set(start(service, names: names, arguments: arguments) { continuation.resume(returning: $0) })
            }
        } onCancel: {
            cancel.run()
        }
        return try result.get()
    }

    /// Starts a call; `completion` gets its answer exactly once, on a thread of the transport's or
    /// Dispatch's, so that a caller that waits for it needs no Swift concurrency thread (a live
    /// run blocks on it). Returns what cancels the call.
    @discardableResult
    package func start(_ service: String, names: [String], arguments: [Value],
                      completion: @escaping @Sendable (Result<Value, ServiceFailure>) -> Void) -> @Sendable () -> Void {
        guard let plan = plans[service], let type = returns[service] else {
            completion(.failure(ServiceFailure(ErrorValue(.unknown, message: "service '\(service)' has no 'http:' section"))))
            return {}
        }
        let request: PreparedRequest
        do {
            request = try HTTPRequestBuilder(plan: plan, baseURL: baseURL, environment: environment).build(names: names, arguments: arguments)
        } catch {
            completion(.failure(ServiceFailure(ErrorValue(.unknown, message: redact(error.reason)))))
            return {}
        }
        let client = self
        var exchange = HTTPExchange(method: request.method, url: request.url,
                                    headers: request.headers.map { HTTPExchange.Header(name: $0.name, value: $0.value) },
                                    body: request.body, timeout: plan.timeout, maximumBodySize: maximumBodySize)
        let failures = errorBodies[service]
        exchange.readsErrorBody = failures != nil
        return transport.start(exchange) { result in
            switch result {
            case .failure(let failure):
                completion(.failure(ServiceFailure(ErrorValue(.unknown, message: client.redact("\(request.label): \(failure.reason)")))))
            case .success(let response) where response.status >= 400:
                let status = ErrorValue.httpStatuses.contains(response.status) ? response.status : 0
                let body = failures.flatMap { client.errorBody(response.body, status: status, of: $0) }
                completion(.failure(ServiceFailure(ErrorValue(.http, status: status, message: "\(request.label): HTTP status \(response.status)", body: body))))
            case .success(let response):
                do throws(JSONAnswerDecoder.Failure) {
                    let value = try JSONAnswerDecoder(types: client.types).decode(response.body, as: type)
                    completion(.success(client.redact(value)))
                } catch {
                    completion(.failure(ServiceFailure(ErrorValue(.decode, message: client.redact("\(request.label): \(error.reason)")))))
                }
            }
        }
    }

    /// A failure's body as the type `service` declares for `status`; nil when it declares none, or
    /// the body is empty, not JSON or not of the type: a body that lies is no body.
    private func errorBody(_ bytes: [UInt8], status: Int, of service: ServicePlan) -> Value? {
        guard let type = service.errorBodyType(status: status), !bytes.isEmpty else { return nil }
        do throws(JSONAnswerDecoder.Failure) {
            return redact(try JSONAnswerDecoder(types: types).decode(bytes, as: type))
        } catch {
            return nil
        }
    }

    /// `text` with every secret replaced by `•••`.
    package func redact(_ text: String) -> String {
        var out = text
        for secret in secrets where out.contains(secret) { out = out.replacing(secret, with: "•••") }
        return out
    }

    /// `value` with every secret inside its strings replaced by `•••`.
    package func redact(_ value: Value) -> Value {
        guard !secrets.isEmpty else { return value }
        switch value {
        case .string(let s): return .string(redact(s))
        case .list(let items): return .list(items.map(redact))
        case .record(var r):
            r.fields = r.fields.map(redact)
            return .record(r)
        default: return value
        }
    }
}
