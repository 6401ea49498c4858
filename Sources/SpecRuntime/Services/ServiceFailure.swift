import Foundation

/// An error a ``ServiceProvider`` throws to give the spec a specific error value: what
/// `<action>.errors` or a stream's failure carries, as a fake's `fail:` does.
public struct ServiceFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The spec's error value this failure becomes.
    package let error: ErrorValue

    /// The JSON of the body ``http(_:body:message:)`` gives, read as the service's `errorBody:`
    /// type for the status when the call fails (``errorValue(for:request:)``).
    package var bodyJSON: Data?

    /// A failure with any error value.
    package init(_ error: ErrorValue) {
        self.error = error
    }

    /// `http(status)`: the backend answered with an HTTP status (a status outside 100...999 is
    /// kept as it is; the spec only compares it).
    public static func http(_ status: Int, message: String? = nil) -> ServiceFailure {
        ServiceFailure(ErrorValue(.http, status: status, message: message))
    }

    /// `http(status)` with the body the backend sent, as an `http:` service reads a failure's JSON:
    /// `body` is read as the record type the service's `errorBody:` gives for `status`, so that
    /// `error.body(Validation)` reads it; with no such type, or a body that does not fit it, the
    /// failure has no body (a body that lies is no body).
    public static func http<Body: Encodable>(_ status: Int, body: Body, message: String? = nil) -> ServiceFailure {
        var failure = ServiceFailure(ErrorValue(.http, status: status, message: message))
        failure.bodyJSON = try? JSONEncoder().encode(body)
        return failure
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
    package static func errorValue(for thrown: any Error, request: ServiceRequest? = nil) -> ErrorValue {
        if let failure = thrown as? ServiceFailure {
            var error = failure.error
            if let json = failure.bodyJSON, let request, let status = error.status,
               let type = request.errorBodies.first(where: { $0.status == status })?.type ?? request.errorBodies.first(where: { $0.status == nil })?.type {
                error.body = try? Value(json: json, as: type, types: request.types, path: "the body")
            }
            return error
        }
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
