import Foundation

/// `specrun preview` started on a spec, as a person starts it, for tests that talk to the
/// preview over real sockets.
///
/// The server runs in a process of its own on purpose. In the test process, FlyingFox answers on
/// Swift's cooperative threads, two on two cores, which the other tests of a `swift test` run
/// hold: a test that waits for a process it started holds one for as long as that process runs.
/// CI on two busy cores once saw no answer for more than 30 s that way. In its own process the
/// preview answers as it does for a person.
package final class PreviewProcess: @unchecked Sendable {
    /// The port the preview listens on.
    package let port: UInt16
    /// The token its address carries.
    package let token: String
    private let running: RunningCommand

    /// Starts `specrun preview path --no-open --port 0` and waits (at most five minutes, a
    /// deadline for a preview that never starts, not a measure of speed) for the address it prints
    /// first.
    package init(path: String) async throws {
        let running = try CLI.start(["preview", path, "--no-open", "--port", "0"])
        self.running = running
        let line: String
        do {
            line = try await Self.firstLine(of: running)
        } catch {
            running.kill()
            throw error
        }
        guard let match = line.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{64})/), let port = UInt16(match.1) else {
            running.kill()
            throw RawHTTP.Failure(message: "not an address: \(line)")
        }
        self.port = port
        token = String(match.2)
    }

    private static func firstLine(of running: RunningCommand) async throws -> String {
        try await RawHTTP.offThePool { () throws -> String in
            let deadline = Date().addingTimeInterval(300)
            while Date() < deadline {
                let out = running.stdoutSoFar
                if let end = out.firstIndex(of: "\n") { return String(out[..<end]) }
                if !running.isRunning { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            throw RawHTTP.Failure(message: "specrun preview printed no address\n\(running.stderrSoFar)")
        }
    }

    /// `127.0.0.1:port`, the Host header of a request to it.
    package var host: String { "127.0.0.1:\(port)" }

    /// Stops the preview.
    package func stop() {
        running.kill()
    }

    deinit { running.kill() }
}
