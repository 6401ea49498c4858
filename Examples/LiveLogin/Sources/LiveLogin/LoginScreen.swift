import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ScreenSpec
import SpecHTTP
import SpecRuntime

/// `specs/login.yaml` running as an app's view model: a ``LiveScreen`` on the live clock whose
/// `auth.signIn` posts the form to a backend, by the spec's own `http:` section (or a closure
/// with `URLSession`); every emission is kept as a line of a timeline at real milliseconds.
public final class LoginScreen: Sendable {
    /// The spec of the project this example sits in.
    public static let specPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("specs/login.yaml").path

    /// The screen itself, for anything the example does not wrap.
    public let screen: LiveScreen
    private let lines = Lines()

    /// How `auth.signIn` reaches the backend.
    public enum Provider: Sendable {
        /// The spec's own `http:` section (`post: /session`, the form as a JSON body), through
        /// `HTTPServiceProvider`: no networking code in the app.
        case specHTTP
        /// A Swift closure of the app's own, with `URLSession`: for a backend the spec's `http:`
        /// cannot describe, or a networking layer the app already has.
        case closure(URLSession)
    }

    /// What `auth.signIn` sends: the spec calls it `with: { email: email, password: password }`.
    struct SignIn: Codable {
        var email: String
        var password: String
    }

    /// A login screen whose `auth.signIn` calls the backend at `backend`, by the spec's own
    /// `http:` section unless told otherwise.
    public init(backend: URL, provider: Provider = .specHTTP) throws {
        screen = try LiveScreen(path: Self.specPath)
        switch provider {
        case .specHTTP:
            // One provider per service with an `http:` section; its paths follow `backend`.
            let providers = HTTPServiceProvider.providers(for: screen.spec, baseURL: backend.absoluteString,
                                                          environment: ProcessInfo.processInfo.environment)
            for (service, provider) in providers { try screen.provide(service, provider) }
        case .closure(let session):
            try screen.provide("auth.signIn") { (form: SignIn) async throws in
                var request = URLRequest(url: backend.appendingPathComponent("session"))
                request.httpMethod = "POST"
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.httpBody = try JSONEncoder().encode(form)
                let (_, response) = try await session.data(for: request)
                guard let http = response as? HTTPURLResponse else { throw ServiceFailure.unknown("the answer is not HTTP") }
                // A refused sign-in is the spec's `http(STATUS)` on `login.errors`.
                guard http.statusCode < 400 else { throw ServiceFailure.http(http.statusCode) }
            }
        }
        let lines = self.lines
        for name in ["canLogin", "login.enabled", "login.executing", "login.elements", "login.errors"] {
            try screen.observe(name) { [screen] value in
                let time = String(screen.milliseconds)
                lines.append(String(repeating: " ", count: max(0, 6 - time.count)) + time + "ms  "
                             + name.padding(toLength: 16, withPad: " ", startingAt: 0) + " " + value.description)
            }
        }
        screen.start()
    }

    deinit {
        screen.stop()
    }

    /// Fills in the form and taps confirm, as a person would; returns when signing in ended, with
    /// what `login.elements` or `login.errors` emitted.
    public func signIn(email: String, password: String) async throws -> Value {
        let outcome = merged()
        try screen.set("email", to: email)
        try screen.set("password", to: password)
        try screen.send("confirm")
        var iterator = outcome.makeAsyncIterator()
        guard let first = await iterator.next() else { throw ServiceFailure.unknown("the screen stopped") }
        return first
    }

    /// The next element or error of the login action, whichever comes first.
    private func merged() -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream()
        let tokens = ["login.elements", "login.errors"].compactMap { name in
            try? screen.observe(name) { continuation.yield($0) }
        }
        continuation.onTermination = { _ in tokens.forEach { $0.cancel() } }
        return stream
    }

    /// Every emission so far, one line each: time, node, value.
    public var timeline: [String] { lines.all }
}

/// Lines appended from observers, on whatever thread the change ran.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ line: String) {
        lock.lock()
        items.append(line)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
