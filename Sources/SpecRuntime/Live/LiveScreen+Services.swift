/// Services answered for real: a provider per service name, from its next call on. A service
/// with none keeps answering from the spec's fake, on the live clock.
extension LiveScreen {
    /// Serves `service` with any ``ServiceProvider`` (an HTTP client, a recording, a test double).
    /// After ``stop()`` it throws: a stopped screen keeps no provider.
    public func provide(_ service: String, _ provider: any ServiceProvider) throws {
        try setProvider(provider, for: service)
    }

    /// Serves `service` with a closure over the spec's values: the call's named arguments in, a
    /// value of the service's `returns:` type out (checked: another shape is a `decode` error).
    public func provide(_ service: String, values body: @escaping @Sendable (ServiceRequest) async throws -> Value) throws {
        try provide(service, ClosureServiceProvider(body))
    }

    /// Serves `service` with a closure taking its arguments as a `Decodable` struct (one property
    /// per parameter, by name) and answering an `Encodable` value of its `returns:` shape.
    public func provide<Arguments: Decodable & SendableMetatype, Answer: Encodable & SendableMetatype>(
        _ service: String, _ body: @escaping @Sendable (Arguments) async throws -> Answer
    ) throws {
        try provide(service, ClosureServiceProvider { request in
            let answer = try await body(try Self.arguments(of: request))
            return try Value(encoding: answer, as: request.returns, types: request.types)
        })
    }

    /// Serves a service that answers nothing (`returns: Void`) with a closure taking its arguments
    /// as a `Decodable` struct.
    public func provide<Arguments: Decodable & SendableMetatype>(_ service: String, _ body: @escaping @Sendable (Arguments) async throws -> Void) throws {
        try provide(service, ClosureServiceProvider { request in
            try await body(try Self.arguments(of: request))
            return .void
        })
    }

    /// Serves a service that takes no arguments with a closure answering an `Encodable` value.
    public func provide<Answer: Encodable & SendableMetatype>(_ service: String, _ body: @escaping @Sendable () async throws -> Answer) throws {
        try provide(service, ClosureServiceProvider { request in
            try Value(encoding: try await body(), as: request.returns, types: request.types)
        })
    }

    /// Serves a service that takes no arguments and answers nothing.
    public func provide(_ service: String, _ body: @escaping @Sendable () async throws -> Void) throws {
        try provide(service, ClosureServiceProvider { _ in
            try await body()
            return .void
        })
    }

    /// Answers `service` from the spec's fake again, from its next call on.
    public func removeProvider(_ service: String) throws {
        try setProvider(nil, for: service)
    }

    private func setProvider(_ provider: (any ServiceProvider)?, for service: String) throws {
        let index = try serviceIndex(service)
        let (calls, clock) = (self.calls, self.clock)
        let stopped = clock.read {
            guard !clock.stopped else { return true }
            calls.setProvider(provider, for: index)
            return false
        }
        if stopped { throw LiveScreenError.stopped }
    }

    /// How many live calls are in flight (answers not yet applied, not cancelled).
    public var callsInFlight: Int {
        let calls = self.calls
        return clock.read { calls.count }
    }

    private func serviceIndex(_ name: String) throws -> Int {
        guard let index = spec.services.firstIndex(where: { $0.name == name }) else {
            throw LiveScreenError.unknown("service", name, among: spec.services.map(\.name))
        }
        return index
    }

    /// The call's named arguments as a `Decodable` struct; a mismatch is a `decode` failure.
    private static func arguments<T: Decodable>(of request: ServiceRequest) throws -> T {
        let record = Value.record(RecordValue(type: request.service, fieldNames: request.parameters, fields: request.arguments))
        do {
            return try record.decoded(as: T.self)
        } catch let failure as ServiceFailure {
            throw ServiceFailure.decode("the arguments of '\(request.service)' do not decode as \(T.self): \(failure.error.message ?? "")")
        }
    }
}
