import Foundation
import ScreenSpec
import SpecHTTP
import SpecRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Start/stop cycles of a ``LiveScreen`` with work in flight, for a leak checker
/// (`valgrind --leak-check=full workload live-stop CYCLES`, docs/live.md): each cycle starts a
/// screen, fires an event that starts an HTTP call to a socket that accepts and never answers, a
/// Swift closure that sleeps for an hour, and an hour's `delay`, then stops the screen.
public enum LiveStopWorkload {
    static let yaml = """
        screen: Stop
        inputs:
          go: event
        outputs:
          later:
            stream: go
            ops:
              - delay: 3600s
          remote:
            stream: go
            ops:
              - flatMap: { call: remote }
          local:
            stream: go
            ops:
              - flatMap: { call: local }
        services:
          remote:
            returns: String
            result: "fake"
            http:
              get: /never
          local:
            returns: Int
            result: 1

        """

    /// Runs `cycles` cycles; returns the provider tasks still running after the last stop (0 when
    /// all ended), waiting up to 10 s for them to see their cancellation.
    public static func run(cycles: Int) -> Int {
        let loaded = SpecLoader.load(text: yaml, path: "stop.yaml")
        guard let spec = loaded.spec else { preconditionFailure(loaded.renderDiagnostics()) }
        // Listens but never accepts: the kernel completes the connection, nobody answers.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        listen(fd, 64)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        defer { close(fd) }
        let base = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
        let running = Running()
        for _ in 0..<cycles {
            do {
                let screen = try LiveScreen(spec: spec)
                for (name, provider) in HTTPServiceProvider.providers(for: spec, baseURL: base, environment: [:]) {
                    try screen.provide(name, provider)
                }
                try screen.provide("local") { () async throws -> Int in
                    running.add(1)
                    defer { running.add(-1) }
                    try await Task.sleep(for: .seconds(3600))
                    return 2
                }
                screen.start()
                try screen.send("go")
                // Let the calls get under way: the request sent, the closure asleep.
                Thread.sleep(forTimeInterval: 0.2)
                screen.stop()
            } catch {
                preconditionFailure("\(error)")
            }
        }
        let deadline = Date().addingTimeInterval(10)
        while running.count > 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        // URLSession lets go of a cancelled task's connection on its own queue.
        Thread.sleep(forTimeInterval: 0.5)
        return running.count
    }

    final class Running: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return n
        }

        func add(_ k: Int) {
            lock.lock()
            n += k
            lock.unlock()
        }
    }
}
