import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A status and a body, as the server sent them.
struct HTTPResponse: Sendable {
    var status: Int
    var body: [UInt8]
}

/// Sends one ``PreparedRequest`` with `URLSession` and always comes back: with the answer, or a
/// reason (refused, timed out, too large, redirected in a loop, closed mid-body, cancelled).
///
/// ``timeout`` bounds the whole exchange, first byte to last: a server that sends its body one
/// byte at a time (which `URLSession`'s idle timeout alone would let run forever) is cut off at
/// the deadline. The body is read up to ``maximumBodySize`` bytes and no further. Redirects are
/// followed up to ``maximumRedirects`` times, only within the same scheme, host and port, so a
/// header carrying a secret never leaves the origin it was written for.
enum HTTPTransport {
    static let maximumRedirects = 10

    struct Failure: Error, Sendable {
        var reason: String
    }

    static func send(_ request: PreparedRequest, timeout milliseconds: Int, maximumBodySize: Int) async -> Result<HTTPResponse, Failure> {
        let cancel = HTTPCancellation()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                cancel.set(send(request, timeout: milliseconds, maximumBodySize: maximumBodySize) { continuation.resume(returning: $0) })
            }
        } onCancel: {
            cancel.run()
        }
    }

    /// Starts the exchange; `deliver` is called exactly once, on a thread of URLSession's or
    /// Dispatch's (never waiting for a Swift concurrency thread). Returns what cancels it.
    @discardableResult
    static func send(_ request: PreparedRequest, timeout milliseconds: Int, maximumBodySize: Int,
                     deliver: @escaping @Sendable (Result<HTTPResponse, Failure>) -> Void) -> @Sendable () -> Void {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            deliver(.failure(Failure(reason: "\(request.label): the URL is not a valid http or https URL")))
            return {}
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if let body = request.body { urlRequest.httpBody = Data(body) }
        // The exchange's own deadline is the timeout; URLSession's (whole seconds on Linux, where
        // a fraction rounds to an immediate time-out) is only a backstop a second later.
        let seconds = (Double(milliseconds) / 1000).rounded(.up) + 1
        urlRequest.timeoutInterval = seconds
        let exchange = HTTPExchange(label: request.label, origin: url, timeout: milliseconds, maximumBodySize: maximumBodySize, deliver: deliver)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        let session = URLSession(configuration: configuration, delegate: exchange, delegateQueue: nil)
        exchange.start(session: session, task: session.dataTask(with: urlRequest))
        return { exchange.finish(.failure(Failure(reason: "\(request.label): cancelled"))) }
    }
}

/// What cancels an exchange, set once it started; a cancellation that comes first runs when it is set.
final class HTTPCancellation: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var cancel: (@Sendable () -> Void)?
    private var cancelled = false

    func set(_ cancel: @escaping @Sendable () -> Void) {
        lock.lock()
        self.cancel = cancel
        let now = cancelled
        lock.unlock()
        if now { cancel() }
    }

    func run() {
        lock.lock()
        cancelled = true
        let cancel = self.cancel
        lock.unlock()
        cancel?()
    }
}

/// The delegate of one request's session: collects the body under the cap and resumes the caller
/// exactly once, whatever comes first (the answer, an error, the deadline, a cancellation).
private final class HTTPExchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Guarded by `lock`: URLSession calls the delegate on its own queue, the deadline fires on
    // another and a cancellation comes from the caller's task.
    private let lock = NSLock()
    private let deliver: @Sendable (Result<HTTPResponse, HTTPTransport.Failure>) -> Void
    private var result: Result<HTTPResponse, HTTPTransport.Failure>?
    private var session: URLSession?
    private var task: URLSessionDataTask?
    private var status = 0
    private var body: [UInt8] = []
    private var redirects = 0
    /// A delegate callback with a completion handler is running (see ``finish(_:)``).
    private var inCallback = false

    private let label: String
    private let origin: URL
    private let timeout: Int
    private let maximumBodySize: Int

    init(label: String, origin: URL, timeout: Int, maximumBodySize: Int, deliver: @escaping @Sendable (Result<HTTPResponse, HTTPTransport.Failure>) -> Void) {
        self.deliver = deliver
        self.label = label
        self.origin = origin
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
    }

    func start(session: URLSession, task: URLSessionDataTask) {
        lock.lock()
        if result != nil {
            // Cancelled before it started.
            lock.unlock()
            session.invalidateAndCancel()
            return
        }
        self.session = session
        self.task = task
        lock.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(timeout)) { [weak self] in
            guard let self else { return }
            self.finish(.failure(.init(reason: "\(self.label): no complete answer within \(self.timeout)ms")))
        }
        task.resume()
    }

    /// Delivers `result` unless one was delivered already, and tears the session down
    /// (after the delegate callback under way, if any: URLSession on Linux traps when a task is
    /// cancelled between a callback and its completion handler).
    func finish(_ result: Result<HTTPResponse, HTTPTransport.Failure>) {
        lock.lock()
        guard self.result == nil else {
            lock.unlock()
            return
        }
        self.result = result
        body = []
        let deferred = inCallback
        lock.unlock()
        if !deferred { tearDown() }
        deliver(result)
    }

    private func tearDown() {
        lock.lock()
        let session = self.session
        let task = self.task
        self.session = nil
        self.task = nil
        lock.unlock()
        task?.cancel()
        session?.invalidateAndCancel()
    }

    private func fail(_ reason: String) { finish(.failure(.init(reason: "\(label): \(reason)"))) }

    /// Runs a delegate callback that must call its completion handler, unless the exchange is
    /// over (its task is cancelled: the handler must not be called then).
    private func callback(_ body: () -> Void) {
        lock.lock()
        guard result == nil else {
            lock.unlock()
            return
        }
        inCallback = true
        lock.unlock()
        body()
        lock.lock()
        inCallback = false
        let over = result != nil
        lock.unlock()
        if over { tearDown() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        callback {
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            if status >= 400 {
                // The status is the answer: the body is not read.
                finish(.success(HTTPResponse(status: status, body: [])))
                completionHandler(.cancel)
                return
            }
            if response.expectedContentLength > Int64(maximumBodySize) {
                fail("the body is \(response.expectedContentLength) bytes, more than the \(maximumBodySize) a service answer may have")
                completionHandler(.cancel)
                return
            }
            lock.lock()
            self.status = status
            lock.unlock()
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        guard result == nil else {
            lock.unlock()
            return
        }
        let tooLarge = body.count + data.count > maximumBodySize
        if !tooLarge { body.append(contentsOf: data) }
        lock.unlock()
        if tooLarge { fail("the body is larger than the \(maximumBodySize) bytes a service answer may have") }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
                    completionHandler: @escaping (URLRequest?) -> Void) {
        callback {
            lock.lock()
            redirects += 1
            let count = redirects
            lock.unlock()
            guard count <= HTTPTransport.maximumRedirects else {
                fail("more than \(HTTPTransport.maximumRedirects) redirects")
                completionHandler(nil)
                return
            }
            guard let target = request.url, target.scheme?.lowercased() == origin.scheme?.lowercased(),
                  target.host?.lowercased() == origin.host?.lowercased(), target.port == origin.port else {
                fail("redirected to another origin, which is not followed")
                completionHandler(nil)
                return
            }
            completionHandler(request)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let error else {
            lock.lock()
            let response = HTTPResponse(status: status, body: body)
            lock.unlock()
            if (300..<400).contains(response.status) {
                fail("a redirect (\(response.status)) without a place to go")
            } else {
                finish(.success(response))
            }
            return
        }
        fail(Self.reason(error))
    }

    /// Why a request failed, in words; never the URL (its query may carry a secret).
    private static func reason(_ error: Error) -> String {
        guard let urlError = error as? URLError else { return "the request failed" }
        switch urlError.code {
        case .cannotConnectToHost: return "the connection was refused"
        case .timedOut: return "no answer in time"
        case .networkConnectionLost: return "the connection closed before the answer was complete"
        case .cannotFindHost, .dnsLookupFailed: return "the host was not found"
        case .notConnectedToInternet: return "no network"
        case .badServerResponse, .cannotParseResponse: return "the answer is not HTTP"
        case .httpTooManyRedirects, .redirectToNonExistentLocation: return "the redirects lead nowhere"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
             .serverCertificateHasUnknownRoot, .clientCertificateRejected: return "the secure connection failed"
        case .cancelled: return "cancelled"
        default: return "the request failed (URLError \(urlError.code.rawValue))"
        }
    }
}
