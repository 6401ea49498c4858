import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket work of ``PreviewGate``: reading a head under a limit and a deadline, connecting
/// to FlyingFox's Unix socket, and passing bytes both ways.
enum GateSocket {
    /// A stream socket of `domain` that no child process inherits and that never raises SIGPIPE
    /// (Linux: `SOCK_CLOEXEC` here and `MSG_NOSIGNAL` on each send; Darwin: `FD_CLOEXEC` and
    /// `SO_NOSIGPIPE`, which an accepted socket gets from ``prepareAccepted(_:)``).
    static func streamSocket(_ domain: Int32) -> Int32 {
        #if os(Linux)
        return socket(domain, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(domain, SOCK_STREAM, 0)
        if fd >= 0 { prepareAccepted(fd) }
        return fd
        #endif
    }

    /// What an accepted connection needs: not inherited by children, no SIGPIPE on Darwin.
    static func prepareAccepted(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        #if !os(Linux)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    #if os(Linux)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let sendFlags: Int32 = 0
    #endif

    enum HeadRead {
        /// The head without its final empty line, and the bytes read after it.
        case head(ArraySlice<UInt8>, [UInt8])
        case refused(RequestHead.Refusal)
        /// The client closed before sending a whole head: nothing to answer.
        case closed
    }

    /// Reads up to the empty line that ends a head, never more than `limit` bytes of head and
    /// never past `deadline`.
    static func readHead(_ fd: Int32, limit: Int, deadline: ContinuousClock.Instant) -> HeadRead {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var searched = 0
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return .refused(.init(status: 408, reason: "the request head did not arrive in time")) }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + Int64(left.components.attoseconds / 1_000_000_000_000_000) + 1)
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { continue }
            let n = recv(fd, &buffer, min(buffer.count, limit + 4 - data.count), 0)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return .closed }
            data += buffer[0..<n]
            var i = max(0, searched - 3)
            while i + 3 < data.count {
                if data[i] == 13, data[i + 1] == 10, data[i + 2] == 13, data[i + 3] == 10 {
                    return .head(data[0..<i], Array(data[(i + 4)...]))
                }
                i += 1
            }
            searched = data.count
            if data.count >= limit + 4 {
                return .refused(.init(status: 431, reason: "the request head is larger than \(limit) bytes"))
            }
        }
    }

    /// After an answer of the gate's own: reads and drops what the client still sends, for at
    /// most `limit` bytes and half a second, so that closing does not reset the connection
    /// (a reset can throw away the answer before the client reads it).
    static func drain(_ fd: Int32, limit: Int = 256 * 1024) {
        let deadline = ContinuousClock.now + .milliseconds(500)
        var buffer = [UInt8](repeating: 0, count: 16384)
        var dropped = 0
        while dropped < limit {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(left.components.attoseconds / 1_000_000_000_000_000) + Int32(left.components.seconds) * 1000 + 1)
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { return }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return }
            dropped += n
        }
    }

    /// A connection to the Unix socket at `path`; nil when nothing listens there.
    static func connect(unix path: String) -> Int32? {
        let fd = streamSocket(AF_UNIX)
        guard fd >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            return nil
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (k, byte) in bytes.enumerated() { raw[k] = byte }
            raw[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Writes all of `bytes`; false when the peer is gone. Never raises SIGPIPE.
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, sendFlags) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Passes bytes between `client` and `server` until the server closes or either fails; a
    /// client that stops sending (half-closes) still gets the rest of the answer.
    static func splice(_ client: Int32, _ server: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var clientOpen = true
        while true {
            var fds = [pollfd(fd: server, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: clientOpen ? client : -1, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, -1)
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { return }
            if fds[0].revents != 0 {
                let n = recv(server, &buffer, buffer.count, 0)
                if n < 0, errno == EINTR { continue }
                if n <= 0 || !sendAll(client, Array(buffer[0..<n])) { return }
            }
            if clientOpen, fds[1].revents != 0 {
                let n = recv(client, &buffer, buffer.count, 0)
                if n < 0, errno == EINTR { continue }
                if n < 0 { return }
                if n == 0 {
                    clientOpen = false
                    shutdown(server, Int32(SHUT_WR))
                } else if !sendAll(server, Array(buffer[0..<n])) {
                    return
                }
            }
        }
    }
}

/// The C library's `connect`, named apart from ``GateSocket/connect(unix:)``.
private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
    Glibc.connect(fd, address, length)
    #else
    Darwin.connect(fd, address, length)
    #endif
}
