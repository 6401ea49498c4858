import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Connections that send without end, each on a thread of its own: half of them a header line
/// that never ends, half a body of the 300 MB they declared, each reconnecting whenever the
/// server closes on it. A send blocked for a second gives up, so ``stop()`` returns soon.
package final class HostileSenders: @unchecked Sendable {
    private let port: UInt16
    private let host: String
    private let count: Int
    private let lock = NSLock()
    private var running = true
    private var sent = 0
    private var threads: [Thread] = []
    private let done = DispatchGroup()

    package init(port: UInt16, host: String, count: Int) {
        self.port = port
        self.host = host
        self.count = count
    }

    package var bytesSent: Int {
        lock.lock()
        defer { lock.unlock() }
        return sent
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    package func start() {
        for k in 0..<count {
            done.enter()
            let thread = Thread { [self] in
                let head = k % 2 == 0
                    ? "GET / HTTP/1.1\r\nHost: \(host)\r\nX-Endless: "
                    : "POST / HTTP/1.1\r\nHost: \(host)\r\nContent-Length: 300000000\r\n\r\n"
                let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 16 * 1024)
                while isRunning {
                    guard let fd = try? RawHTTP.connect(port: port) else { continue }
                    var timeout = timeval(tv_sec: 1, tv_usec: 0)
                    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                    var ok = RawHTTP.sendAll(fd, Array(head.utf8))
                    while ok, isRunning {
                        ok = RawHTTP.sendAll(fd, chunk)
                        if ok {
                            lock.lock()
                            sent += chunk.count
                            lock.unlock()
                        }
                    }
                    close(fd)
                }
                done.leave()
            }
            threads.append(thread)
            thread.start()
        }
    }

    package func stop() {
        lock.lock()
        running = false
        lock.unlock()
        done.wait()
    }
}
