/// An error a ``ServiceProvider`` throws to give the spec a specific error value: what
/// `<action>.errors` or a stream's failure carries, as a fake's `fail:` does.
public struct ServiceFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The spec's error value this failure becomes.
    package let error: ErrorValue

    /// A failure with any error value.
    package init(_ error: ErrorValue) {
        self.error = error
    }

    /// `http(status)`: the backend answered with an HTTP status (a status outside 100...999 is
    /// kept as it is; the spec only compares it).
    public static func http(_ status: Int, message: String? = nil) -> ServiceFailure {
        ServiceFailure(ErrorValue(.http, status: status, message: message))
    }

    /// `decode`: the answer could not be read as the service's `returns:` type; `reason` says why.
    public static func decode(_ reason: String) -> ServiceFailure {
        ServiceFailure(ErrorValue(.decode, message: reason))
    }

    /// `unknown`: any other failure (a refused connection, a timeout); `reason` says what happened.
    public static func unknown(_ reason: String) -> ServiceFailure {
        ServiceFailure(ErrorValue(.unknown, message: reason))
    }

    /// The error value, as a timeline prints it, and its message.
    public var description: String {
        let value = ValueFormatter.text(.error(error))
        guard let message = error.message else { return value }
        return value + ": " + message
    }

    /// The error value the spec sees when a provider throws `thrown`: a ``ServiceFailure``'s own,
    /// `http(status)` for an ``HTTPStatusError``, else `unknown` with the error's description.
    package static func errorValue(for thrown: any Error) -> ErrorValue {
        if let failure = thrown as? ServiceFailure { return failure.error }
        if let status = thrown as? any HTTPStatusError {
            return ErrorValue(.http, status: status.httpStatus, message: String(describing: thrown))
        }
        return ErrorValue(.unknown, message: String(describing: thrown))
    }
}

/// An error that carries an HTTP status: thrown by a provider, it becomes the spec's
/// `http(status)` (conform your networking layer's error to it).
public protocol HTTPStatusError: Error {
    /// The HTTP status the backend answered, such as 409.
    var httpStatus: Int { get }
}
