import Foundation
import SpecRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The transport of `specrun run --live` and `specrun preview --live`: each exchange is sent by
/// the `specrun-http` helper (beside the `specrun` executable), which makes it with `URLSession`.
/// So `specrun` never links FoundationNetworking: a run without `--live` does not load libcurl
/// and the thirty-odd libraries it brings (docs/architecture.md, "Networking";
/// docs/performance.md, "Start-up").
///
/// One helper per process, started at the first exchange and kept for the next ones; it ends
/// when this process closes its socket (or exits). Exchanges in flight when it stops fail with
/// a reason; the next exchange starts a new one. The helper keeps each exchange's timeout; here a
/// backstop 5 s later ends a call whose helper stopped answering.
package final class HTTPHelperTransport: HTTPTransport, @unchecked Sendable {
    /// The process's helper, found beside the running executable.
    package static let shared = HTTPHelperTransport(executable: HTTPHelperTransport.besideExecutable())

    /// How long after an exchange's timeout the helper's silence ends it here.
    static let backstop: DispatchTimeInterval = .seconds(5)

    /// The helper's file name.
    package static let helperName = "specrun-http"

    private let executable: String
    // Guarded by `lock`: calls start on any thread, answers arrive on the reader thread.
    private let lock = NSLock()
    private var connection: Connection?
    private var pending: [Int: @Sendable (Result<HTTPResponse, HTTPTransportFailure>) -> Void] = [:]
    private var nextID = 0

    /// A transport running the helper at `executable`.
    package init(executable: String) {
        self.executable = executable
    }

    /// `specrun-http` in the folder of this process's executable (links resolved).
    package static func besideExecutable() -> String {
        #if os(Linux)
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        #else
        let own = Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
        let folder = URL(fileURLWithPath: own).resolvingSymlinksInPath().deletingLastPathComponent()
        return folder.appendingPathComponent(helperName).path
    }

    /// Starts the helper now, if it is not running, so that the first request of a run does not
    /// wait for it (a live timeline's times are real); a helper that cannot start is reported by
    /// that request instead.
    package func prepare() {
        lock.lock()
        if connection == nil { connection = try? launch() }
        lock.unlock()
    }

    package func start(_ exchange: HTTPExchange,
                       deliver: @escaping @Sendable (Result<HTTPResponse, HTTPTransportFailure>) -> Void) -> @Sendable () -> Void {
        lock.lock()
        let connection: Connection
        if let running = self.connection {
            connection = running
        } else {
            do {
                connection = try launch()
            } catch {
                lock.unlock()
                deliver(.failure(error))
                return {}
            }
        }
        self.connection = connection
        nextID += 1
        let id = nextID
        pending[id] = deliver
        lock.unlock()
        if !connection.send(.init(kind: .send, id: id, exchange: exchange.head), body: exchange.body ?? []) {
            finish(id, .failure(.init(reason: "the HTTP helper '\(Self.helperName)' stopped")))
            return {}
        }
        // The helper keeps the exchange's timeout from the moment it begins the exchange; this is
        // the backstop for a helper that stops answering, late enough that a helper still
        // starting up (loading libcurl on a busy machine) does not eat into the timeout.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(exchange.timeout) + Self.backstop) { [weak self] in
            guard let self, self.finish(id, .failure(.init(reason: "no complete answer within \(exchange.timeout)ms"))) else { return }
            _ = connection.send(.init(kind: .cancel, id: id), body: nil)
        }
        return { [weak self] in
            guard let self, self.finish(id, .failure(.init(reason: "cancelled"))) else { return }
            _ = connection.send(.init(kind: .cancel, id: id), body: nil)
        }
    }

    /// Delivers `result` to exchange `id` unless it had its answer; whether it was delivered.
    @discardableResult
    private func finish(_ id: Int, _ result: Result<HTTPResponse, HTTPTransportFailure>) -> Bool {
        lock.lock()
        let deliver = pending.removeValue(forKey: id)
        lock.unlock()
        deliver?(result)
        return deliver != nil
    }

    /// Starts the helper; called with `lock` held.
    private func launch() throws(HTTPTransportFailure) -> Connection {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw HTTPTransportFailure(reason: "the HTTP helper '\(Self.helperName)' is not beside specrun (\(executable)); install it with specrun")
        }
        var fds: [Int32] = [-1, -1]
        #if os(Linux)
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
        let type = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, type, 0, &fds) == 0 else {
            throw HTTPTransportFailure(reason: "the HTTP helper '\(Self.helperName)' could not be started (socketpair: errno \(errno))")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        let child = FileHandle(fileDescriptor: fds[1], closeOnDealloc: false)
        process.standardInput = child
        process.standardOutput = child
        do {
            try process.run()
        } catch {
            close(fds[0])
            close(fds[1])
            throw HTTPTransportFailure(reason: "the HTTP helper '\(Self.helperName)' could not be started: \(error.localizedDescription)")
        }
        close(fds[1])
        let connection = Connection(fd: fds[0], process: process)
        let thread = Thread { [weak self] in self?.readAnswers(from: connection) }
        thread.name = "specrun-http reader"
        thread.start()
        return connection
    }

    /// The reader thread: answers to their exchanges until the helper's end closes, then every
    /// exchange still waiting fails and the next one starts a new helper.
    private func readAnswers(from connection: Connection) {
        while let (message, body) = HTTPHelperWire.read(from: connection.fd) {
            switch message.kind {
            case .answer: finish(message.id, .success(HTTPResponse(status: message.status ?? 0, body: body)))
            case .failure: finish(message.id, .failure(.init(reason: message.reason ?? "the request failed")))
            case .send, .cancel: continue
            }
        }
        lock.lock()
        if self.connection === connection { self.connection = nil }
        let waiting = pending
        pending = [:]
        lock.unlock()
        connection.shutDown()
        for deliver in waiting.values { deliver(.failure(.init(reason: "the HTTP helper '\(Self.helperName)' stopped"))) }
    }

    /// One running helper: the socket to it (its standard input and output) and its process.
    private final class Connection: @unchecked Sendable {
        let fd: Int32
        let process: Process
        // Guarded by `lock`: a frame is written whole before the next.
        private let lock = NSLock()
        private var closed = false

        init(fd: Int32, process: Process) {
            self.fd = fd
            self.process = process
        }

        func send(_ message: HTTPHelperWire.Message, body: [UInt8]?) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            return !closed && HTTPHelperWire.write(message, body: body, to: fd)
        }

        /// Closes the socket (the helper then ends) and waits for the helper.
        func shutDown() {
            lock.lock()
            if !closed {
                closed = true
                shutdown(fd, Int32(SHUT_RDWR))
                close(fd)
            }
            lock.unlock()
            process.waitUntilExit()
        }
    }
}
