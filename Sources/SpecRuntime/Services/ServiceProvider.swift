/// Answers the calls of one spec service for a live screen (Swift closures, HTTP).
///
/// The runtime calls ``call(_:)`` in a `Task` of its own for each call the graph makes, from any
/// thread, possibly several at once; the answer comes back into the graph as one transaction. A
/// call the graph no longer needs (a `flatMapLatest` switched away, `takeUntil`, the screen
/// stopped, the service's `timeout:` passed) cancels that task: a provider should honour
/// cancellation (`Task.checkCancellation()`, a cancellable `URLSession` request), and whatever it
/// answers after that is dropped.
///
/// Errors: throw a ``ServiceFailure`` to give the spec a specific error value; any error that
/// conforms to ``HTTPStatusError`` becomes `http(status)`; any other error becomes `unknown`,
/// with the error's description as its message.
public protocol ServiceProvider: Sendable {
    /// The answer to one call: a value of `request.returns`.
    func call(_ request: ServiceRequest) async throws -> Value
}

/// A provider made of a closure: the `Value`-level way to serve a service.
package struct ClosureServiceProvider: ServiceProvider {
    private let body: @Sendable (ServiceRequest) async throws -> Value

    /// A provider that answers each call with `body`.
    package init(_ body: @escaping @Sendable (ServiceRequest) async throws -> Value) {
        self.body = body
    }

    /// Runs the closure.
    package func call(_ request: ServiceRequest) async throws -> Value {
        try await body(request)
    }
}
