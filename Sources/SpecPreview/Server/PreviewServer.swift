import FlyingFox
import FlyingSocks
import Foundation

/// The preview's HTTP server: the page's own files and one WebSocket, each request
/// checked by a ``RequestGuard``. Nothing else is served: no file of the spec's folder, no
/// listing, no proxy.
///
/// A ``PreviewGate`` listens on the preview's address and reads every request head itself,
/// within limits, before the request reaches FlyingFox, which listens only on a Unix socket in
/// a folder of its own (mode 0700) that the gate connects to.
package final class PreviewServer: Sendable {
    /// One session per spec served, checked at the start: the page picks one with `?spec=N` and
    /// gets a fresh screen of that spec of its own.
    package let sessions: [PreviewSession]
    package let port: UInt16
    package let host: String
    package let token: String
    private let server: HTTPServer
    private let task: Task<Void, Error>
    private let gate: PreviewGate
    /// The private folder of FlyingFox's socket, removed on `stop()`.
    private let folder: String

    /// Starts serving `session` on `host` (an IPv4 address) and `port` (0: a free one) and returns
    /// once it listens. `headDeadline` is how long a connection may take to send a request head.
    package init(sessions: [PreviewSession], host: String = "127.0.0.1", port: UInt16 = 0, token: String = RequestGuard.makeToken(),
                 headDeadline: Duration = .seconds(10)) async throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/specrun-preview-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw PreviewError(message: "cannot make a folder for the preview's socket") }
        let folder = String(cString: made)
        let socketPath = folder + "/server.sock"
        let box = GuardBox()
        let handler = PreviewHandler(sessions: sessions, guardBox: box)
        let server = HTTPServer(address: sockaddr_un.unix(path: socketPath), timeout: 60, logger: .disabled, handler: handler)
        let task = Task { try await server.run() }
        do {
            // Listening on a socket in a private folder is immediate; what can take long is the
            // server's task getting a thread on a loaded machine (two busy cores, a test run
            // beside builds), so the wait is generous: it ends at once when the server listens.
            try await server.waitUntilListening(timeout: 120)
        } catch {
            task.cancel()
            try? FileManager.default.removeItem(atPath: folder)
            throw PreviewError(message: "cannot start the preview's server: \(error)")
        }
        let gate: PreviewGate
        do {
            gate = try PreviewGate(host: host, port: port, upstream: socketPath, headDeadline: headDeadline) { box.get() }
        } catch {
            await server.stop(timeout: 1)
            task.cancel()
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        self.server = server
        self.task = task
        self.gate = gate
        self.folder = folder
        self.sessions = sessions
        self.port = gate.port
        self.host = host
        self.token = token
        box.set(RequestGuard(token: token, port: gate.port, host: host))
    }

    /// The address to open, with the token.
    package var url: String { "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/?token=\(token)" }

    package func stop() async {
        gate.stop()
        await server.stop(timeout: 1)
        task.cancel()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs until the server stops (the CLI's foreground).
    package func wait() async {
        _ = try? await task.value
    }
}

/// The guard, set once the port is known; read by every request.
final class GuardBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: RequestGuard?

    func set(_ g: RequestGuard) { lock.withLock { value = g } }
    func get() -> RequestGuard? { lock.withLock { value } }
}

struct PreviewHandler: HTTPHandler {
    let sessions: [PreviewSession]
    let guardBox: GuardBox

    /// The page's files, the only paths served besides `/` and the socket.
    static let assets: [String: String] = [
        "/preview.css": "text/css; charset=utf-8",
        "/preview.js": "text/javascript; charset=utf-8",
        "/components.js": "text/javascript; charset=utf-8",
        "/authoring.js": "text/javascript; charset=utf-8",
        "/navigation.js": "text/javascript; charset=utf-8",
        "/services.js": "text/javascript; charset=utf-8",
        "/player.js": "text/javascript; charset=utf-8",
    ]

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let requestGuard = guardBox.get() else { return Self.plain(.serviceUnavailable, "starting") }
        let verdict = requestGuard.check(tokenParameter: request.query["token"], host: request.headers[.host],
                                         origin: request.headers[HTTPHeader("Origin")], cookie: request.headers[.cookie])
        guard case .allow(let fromQuery) = verdict else {
            if case .deny(let reason) = verdict { return Self.plain(.forbidden, "forbidden: \(reason)\n") }
            return Self.plain(.forbidden, "forbidden\n")
        }
        var response: HTTPResponse
        switch (request.method, request.path) {
        case (.GET, "/socket"):
            let index = request.query["spec"].flatMap { Int($0) } ?? 0
            guard sessions.indices.contains(index) else { return Self.plain(.notFound, "no spec \(index)\n") }
            // Each page its own screen, started fresh: a page opened later does not land on what
            // another page left (paused, mid-scenario). A spec that does not check now is shown
            // as the server's session last had it, under its diagnostics.
            let served = sessions[index]
            let own = try? PreviewSession(path: served.path, live: served.live)
            let socket = SessionSocket(session: own ?? served, owned: own != nil, catalog: PageMessages.catalog(sessions, current: index))
            return try await WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: socket)).handleRequest(request)
        case (.GET, "/favicon.ico"):
            // Browsers ask for it; an empty answer keeps a 404 out of the console.
            response = Self.secured(HTTPResponse(statusCode: .noContent))
        case (.GET, "/"), (.GET, "/index.html"):
            response = Self.asset("index.html", type: "text/html; charset=utf-8")
        case (.GET, let path) where Self.assets[path] != nil:
            response = Self.asset(String(path.dropFirst()), type: Self.assets[path]!)
        default:
            response = Self.plain(.notFound, "not found\n")
        }
        if fromQuery { response.headers[.setCookie] = requestGuard.setCookie }
        return response
    }

    static func secured(_ response: HTTPResponse) -> HTTPResponse {
        var r = response
        r.headers[HTTPHeader("Content-Security-Policy")] = "default-src 'self'"
        r.headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        r.headers[HTTPHeader("Referrer-Policy")] = "no-referrer"
        r.headers[.cacheControl] = "no-store"
        return r
    }

    static func plain(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
        secured(HTTPResponse(statusCode: status, headers: [.contentType: "text/plain; charset=utf-8"], body: Data(text.utf8)))
    }

    static func asset(_ name: String, type: String) -> HTTPResponse {
        guard let data = PageAssets.data(name) else { return plain(.notFound, "not found\n") }
        return secured(HTTPResponse(statusCode: .ok, headers: [.contentType: type], body: data))
    }
}

/// The page's HTML, CSS and JavaScript, shipped as the module's resources.
enum PageAssets {
    static func data(_ name: String) -> Data? {
        guard let folder = Bundle.module.url(forResource: "Page", withExtension: nil) else { return nil }
        return FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
    }
}

/// One page's WebSocket: its messages go to the screen it shows (through its ``Navigator``,
/// which follows navigations), the screen's to it.
struct SessionSocket: WSMessageHandler {
    let session: PreviewSession
    /// Whether the screen is this page's own, closed when the page goes.
    let owned: Bool
    /// The specs served, sent first so the page can list them.
    let catalog: String

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let (out, continuation) = AsyncStream<WSMessage>.makeStream(bufferingPolicy: .bufferingNewest(256))
        continuation.yield(.text(catalog))
        let navigator = Navigator(root: session) { continuation.yield(.text($0)) }
        navigator.start()
        Task {
            for await message in client {
                if case .text(let text) = message { navigator.receive(text) }
            }
            navigator.close()
            if owned { session.close() }
            continuation.finish()
        }
        return out
    }
}
