import Foundation

/// One exchange with a backend, as ``HTTPServiceClient`` asks a transport to make it: the
/// request, and the limits the transport enforces while it reads the answer.
package struct HTTPExchange: Sendable, Equatable {
    package var method: String
    /// An `http` or `https` URL; anything else is refused by the transport.
    package var url: String
    package var headers: [Header]
    package var body: [UInt8]?
    /// The whole exchange, connecting to the last byte of the body, in milliseconds.
    package var timeout: Int
    /// The most bytes the answer's body may have; the transport stops reading there.
    package var maximumBodySize: Int
    /// Whether the body of a status of 400 or more is read (the service declares `errorBody:`).
    /// Such a body over ``maximumBodySize``, or cut off, is dropped rather than failing the
    /// exchange: the status is the answer, and its body is empty.
    package var readsErrorBody = false

    package struct Header: Sendable, Codable, Equatable {
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    package init(method: String, url: String, headers: [Header], body: [UInt8]?, timeout: Int, maximumBodySize: Int) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
    }
}

/// A status and a body, as the server sent them (the body is empty for a status of 400 or more,
/// the status being the answer, unless the exchange ``HTTPExchange/readsErrorBody``).
package struct HTTPResponse: Sendable, Equatable {
    package var status: Int
    package var body: [UInt8]

    package init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}

/// Why an exchange has no answer, in words without the URL (its query may carry a secret):
/// refused, timed out, too large, redirected elsewhere or in a loop, closed mid-body, cancelled.
package struct HTTPTransportFailure: Error, Sendable, Equatable {
    package var reason: String

    package init(reason: String) {
        self.reason = reason
    }
}

/// What sends an ``HTTPExchange``: the engine defines it, and does no networking of its own, so
/// that linking the engine does not load the system's URL loading (FoundationNetworking, libcurl
/// and some thirty libraries on Linux; docs/architecture.md, "Networking"). `SpecHTTP`'s
/// `URLSessionTransport` sends with URLSession.
///
/// A transport must:
/// - call `deliver` exactly once, on a thread that does not wait for Swift concurrency (a live
///   run may block on it), whatever comes first: the answer, a failure, ``HTTPExchange/timeout``,
///   or the returned cancellation;
/// - bound the whole exchange, headers included, by ``HTTPExchange/timeout``;
/// - hold no more of the body than ``HTTPExchange/maximumBodySize``, refusing the answer once over;
/// - follow a redirect only to the same scheme, host and port (never another origin or another
///   scheme: a header carrying a secret never leaves the origin it was written for).
package protocol HTTPTransport: Sendable {
    /// Starts `exchange`; returns what cancels it (delivering `cancelled` unless it has answered).
    func start(_ exchange: HTTPExchange,
               deliver: @escaping @Sendable (Result<HTTPResponse, HTTPTransportFailure>) -> Void) -> @Sendable () -> Void
}

/// What cancels an exchange, set once it started; a cancellation that comes first runs when it is set.
package final class HTTPCancellation: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var cancel: (@Sendable () -> Void)?
    private var cancelled = false

    package init() {}

    package func set(_ cancel: @escaping @Sendable () -> Void) {
        lock.lock()
        self.cancel = cancel
        let now = cancelled
        lock.unlock()
        if now { cancel() }
    }

    package func run() {
        lock.lock()
        cancelled = true
        let cancel = self.cancel
        lock.unlock()
        cancel?()
    }
}
