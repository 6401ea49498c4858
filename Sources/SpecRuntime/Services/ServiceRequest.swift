/// One call of a spec service, as the graph makes it: the service's name, its named arguments and
/// the type its answer must have.
///
/// A live provider (``ServiceProvider``) receives one per call. The arguments are already checked
/// against the service's `params:` by the checker; the answer is checked against ``returns``
/// by the runtime (a value of another shape becomes a `decode` error value, never a crash).
public struct ServiceRequest: Sendable {
    /// The service's name as the spec declares it, such as `auth.signIn`.
    public let service: String
    /// The names of the arguments, in the order of ``arguments`` (the call's `with:` keys).
    public let parameters: [String]
    /// The argument values, in the order of ``parameters``.
    public let arguments: [Value]
    /// The type the answer must have (the service's `returns:`).
    public let returns: SpecType
    /// The records and enums of the spec, to read or build values of ``returns``.
    package let types: TypeTable
    /// The service's `errorBody:` types by status (a nil status for every other), to read the
    /// body a provider's ``ServiceFailure/http(_:body:message:)`` gives.
    package var errorBodies: [(status: Int?, type: SpecType)] = []

    /// A request; the runtime builds these, tests and providers may too.
    package init(service: String, parameters: [String], arguments: [Value], returns: SpecType, types: TypeTable = TypeTable()) {
        self.service = service
        self.parameters = parameters
        self.arguments = arguments
        self.returns = returns
        self.types = types
    }

    /// The argument named `name`, nil when the call does not pass it.
    public subscript(name: String) -> Value? {
        parameters.firstIndex(of: name).map { arguments[$0] }
    }
}
