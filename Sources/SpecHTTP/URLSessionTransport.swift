import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SpecRuntime

/// Sends an ``HTTPExchange`` with `URLSession`, in this process: what an app embedding the
/// engine uses (through ``HTTPServiceProvider/providers(for:baseURL:environment:)``), and what
/// `specrun run --live` and `specrun preview --live` send with.
///
/// - The exchange's own deadline bounds everything, headers included: a server that sends
///   endless header lines or its body one byte at a time is cut off at the timeout, and the
///   answer is delivered at that moment, before the session is torn down (tearing down waits for
///   URLSession's work queue, which a header storm keeps busy).
/// - The body is counted as it arrives and the exchange refused once over the cap. The delegate
///   runs on URLSession's own thread (``InlineQueue``), so libcurl reads nothing more until a
///   chunk is counted: memory follows the cap, not what the server sends.
/// - A redirect is followed only to the same scheme, host and port, judged from the `Location`
///   header as the server wrote it (URLSession on Linux turns `file:///etc/passwd` into a path
///   on the same host).
package struct URLSessionTransport: HTTPTransport {
    package static let maximumRedirects = 10

    package init() {}

    package func start(_ exchange: HTTPExchange,
                       deliver: @escaping @Sendable (Result<HTTPResponse, HTTPTransportFailure>) -> Void) -> @Sendable () -> Void {
        guard let url = URL(string: exchange.url), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            deliver(.failure(HTTPTransportFailure(reason: "the URL is not a valid http or https URL")))
            return {}
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = exchange.method
        for header in exchange.headers { urlRequest.setValue(header.value, forHTTPHeaderField: header.name) }
        if let body = exchange.body { urlRequest.httpBody = Data(body) }
        // The exchange's own deadline is the timeout; URLSession's (whole seconds on Linux, where
        // a fraction rounds to an immediate time-out) is only a backstop a second later.
        let seconds = (Double(exchange.timeout) / 1000).rounded(.up) + 1
        urlRequest.timeoutInterval = seconds
        let delegate = URLSessionExchange(origin: url, timeout: exchange.timeout, maximumBodySize: exchange.maximumBodySize,
                                          readsErrorBody: exchange.readsErrorBody, deliver: deliver)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: InlineQueue())
        delegate.start(session: session, task: session.dataTask(with: urlRequest))
        return { delegate.finish(.failure(HTTPTransportFailure(reason: "cancelled"))) }
    }
}

/// A delegate queue that runs each operation at once, on the thread that adds it: URLSession's
/// work queue, which is also where libcurl reads. A data callback then runs before libcurl reads
/// the next chunk, instead of every chunk queueing (with its bytes) behind a slower delegate,
/// which is how a 1 GB answer held 650–890 MB before it was refused at 10 MiB.
final class InlineQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }

    override func addOperation(_ operation: Operation) {
        operation.start()
    }
}

/// The delegate of one request's session: counts the body under the cap and resumes the caller
/// exactly once, whatever comes first (the answer, an error, the deadline, a cancellation).
private final class URLSessionExchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Guarded by `lock`: URLSession calls the delegate on its work queue, the deadline fires on
    // another and a cancellation comes from the caller's thread.
    private let lock = NSLock()
    private let deliver: @Sendable (Result<HTTPResponse, HTTPTransportFailure>) -> Void
    private var result: Result<HTTPResponse, HTTPTransportFailure>?
    private var session: URLSession?
    private var task: URLSessionDataTask?
    private var status = 0
    private var body: [UInt8] = []
    private var redirects = 0

    private let origin: URL
    private let timeout: Int
    private let maximumBodySize: Int
    /// A status of 400 or more has its body read; one too large or cut off is dropped (see
    /// ``HTTPExchange/readsErrorBody``).
    private let readsErrorBody: Bool

    init(origin: URL, timeout: Int, maximumBodySize: Int, readsErrorBody: Bool,
         deliver: @escaping @Sendable (Result<HTTPResponse, HTTPTransportFailure>) -> Void) {
        self.deliver = deliver
        self.origin = origin
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
        self.readsErrorBody = readsErrorBody
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
            self.finish(.failure(.init(reason: "no complete answer within \(self.timeout)ms")))
        }
        task.resume()
    }

    /// Delivers `result` unless one was delivered already, then tears the session down on
    /// another thread: cancelling waits for URLSession's work queue (busy with a header storm,
    /// or the very thread this runs on, see ``InlineQueue``), and the answer must not.
    func finish(_ result: Result<HTTPResponse, HTTPTransportFailure>) {
        lock.lock()
        guard self.result == nil else {
            lock.unlock()
            return
        }
        self.result = result
        body = []
        let session = self.session
        let task = self.task
        self.session = nil
        self.task = nil
        lock.unlock()
        deliver(result)
        if session != nil || task != nil {
            DispatchQueue.global().async {
                task?.cancel()
                session?.invalidateAndCancel()
            }
        }
    }

    private var isOver: Bool {
        lock.lock()
        defer { lock.unlock() }
        return result != nil
    }

    private func fail(_ reason: String) { finish(.failure(.init(reason: reason))) }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        guard !isOver else { return }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if status >= 400 && (!readsErrorBody || response.expectedContentLength > Int64(maximumBodySize)) {
            // The status is the answer: its body is not read, or is too large to be.
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

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        guard result == nil else {
            lock.unlock()
            return
        }
        let tooLarge = body.count + data.count > maximumBodySize
        if !tooLarge { body.append(contentsOf: data) }
        let status = self.status
        lock.unlock()
        if tooLarge && status >= 400 {
            // An error's body too large to read: the status is the answer, without it.
            finish(.success(HTTPResponse(status: status, body: [])))
        } else if tooLarge {
            fail("the body is larger than the \(maximumBodySize) bytes a service answer may have")
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
                    completionHandler: @escaping (URLRequest?) -> Void) {
        guard !isOver else { return }
        lock.lock()
        redirects += 1
        let count = redirects
        lock.unlock()
        guard count <= URLSessionTransport.maximumRedirects else {
            fail("more than \(URLSessionTransport.maximumRedirects) redirects")
            completionHandler(nil)
            return
        }
        guard sameOrigin(request.url), sameOrigin(Self.location(of: response)) else {
            fail("redirected to another origin, which is not followed")
            completionHandler(nil)
            return
        }
        completionHandler(request)
    }

    /// Where the server said to go, resolved against the answer's URL as RFC 9110 says; nil when
    /// there is no `Location` or it is not a URL.
    private static func location(of response: HTTPURLResponse) -> URL? {
        guard let location = response.value(forHTTPHeaderField: "Location") else { return nil }
        return URL(string: location, relativeTo: response.url)?.absoluteURL
    }

    private func sameOrigin(_ target: URL?) -> Bool {
        guard let target, let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return scheme == origin.scheme?.lowercased() && target.host?.lowercased() == origin.host?.lowercased()
            && Self.port(of: target) == Self.port(of: origin)
    }

    private static func port(of url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
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
        lock.lock()
        let status = self.status
        lock.unlock()
        // An error's body cut off: the status is the answer, without it.
        if status >= 400 { return finish(.success(HTTPResponse(status: status, body: []))) }
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
