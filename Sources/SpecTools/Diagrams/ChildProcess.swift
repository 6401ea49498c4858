import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if os(Linux)
// prctl(2) is variadic in C, so Swift does not import it; its five arguments are all word-sized
// and read as such, so a fixed prototype calls it correctly.
@_silgen_name("prctl")
private func linuxPrctl(_ option: Int32, _ arg2: UInt, _ arg3: UInt, _ arg4: UInt, _ arg5: UInt) -> Int32

// close_range(2) (glibc 2.34, Linux 5.9) and pipe2(2): GNU extensions that Swift's Glibc module
// leaves out.
@_silgen_name("pipe2")
private func linuxPipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

@_silgen_name("close_range")
private func linuxCloseRange(_ first: UInt32, _ last: UInt32, _ flags: Int32) -> Int32
#endif

/// A tool specrun runs to its end (Graphviz's `dot`), with its standard streams on given file
/// descriptors. On Linux the kernel kills it when specrun dies, whatever the reason (SIGINT,
/// SIGTERM, SIGKILL, a crash): it never outlives the command that started it, an orphan eating a
/// core (issue 25, item 11).
package struct ChildProcess {
    package let pid: pid_t

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Starts `executable` with `arguments`; `input`, `output` and `errors` become its standard
    /// input, output and error.
    package static func start(_ executable: String, _ arguments: [String], input: Int32, output: Int32, errors: Int32) throws(Failure) -> ChildProcess {
        #if os(Linux)
        // Everything the child needs is made before fork(): between fork() and exec() a child of a
        // threaded process may only make async-signal-safe calls, so no allocation there.
        let strings = ([executable] + arguments).map { strdup($0) }
        defer { for s in strings { free(s) } }
        let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: strings.count + 1)
        defer { argv.deallocate() }
        for (i, s) in strings.enumerated() { argv[i] = s }
        argv[strings.count] = nil
        guard let path = strings[0], !strings.contains(nil) else { throw Failure(description: "cannot start '\(executable)': out of memory") }
        let openLimit = Int32(clamping: min(sysconf(Int32(_SC_OPEN_MAX)), 65_536))
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        let parent = getpid()
        // exec() fails with ETXTBSY while any process holds the file open for writing; a child
        // forked by another thread at the moment a script was being written (tests do that) can
        // for a moment. The child says why exec() failed through a pipe that exec() closes.
        var attempt = 0
        while true {
            attempt += 1
            var report: [Int32] = [-1, -1]
            guard linuxPipe2(&report, O_CLOEXEC) == 0 else { throw Failure(description: "cannot start '\(executable)': \(String(cString: strerror(errno)))") }
            let reader = report[0], writer = report[1]
            let pid = fork()
            if pid == 0 {
                // PR_SET_PDEATHSIG (1): SIGKILL when the parent dies. If it died before this
                // call, the child was already handed to another parent: give up at once.
                _ = linuxPrctl(1, UInt(SIGKILL), 0, 0, 0)
                if getppid() != parent { _exit(127) }
                var failure: Int32 = 0
                if dup2(input, 0) >= 0 && dup2(output, 1) >= 0 && dup2(errors, 2) >= 0 {
                    // No other descriptor of ours goes along (the report pipe closes on exec).
                    // 4: CLOSE_RANGE_CLOEXEC.
                    if linuxCloseRange(3, UInt32.max, 4) != 0 {
                        var fd: Int32 = 3
                        while fd < openLimit { if fd != writer { close(fd) }; fd += 1 }
                    }
                    // A test runner's threads block signals, and the mask survives exec().
                    sigprocmask(SIG_SETMASK, &unblocked, nil)
                    execv(path, argv)
                }
                failure = errno
                _ = Glibc.write(writer, &failure, MemoryLayout<Int32>.size)
                _exit(127)
            }
            let forkError = errno
            close(writer)
            defer { close(reader) }
            guard pid > 0 else { throw Failure(description: "cannot start '\(executable)': \(String(cString: strerror(forkError)))") }
            var failure: Int32 = 0
            var n: Int
            repeat { n = Glibc.read(reader, &failure, MemoryLayout<Int32>.size) } while n < 0 && errno == EINTR
            if n <= 0 { return ChildProcess(pid: pid) }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            if failure == ETXTBSY && attempt < 10 {
                usleep(20_000)
                continue
            }
            throw Failure(description: "cannot start '\(executable)': \(String(cString: strerror(failure)))")
        }
        #else
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle(fileDescriptor: input, closeOnDealloc: false)
        process.standardOutput = FileHandle(fileDescriptor: output, closeOnDealloc: false)
        process.standardError = FileHandle(fileDescriptor: errors, closeOnDealloc: false)
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot start '\(executable)': \(error.localizedDescription)")
        }
        return ChildProcess(pid: process.processIdentifier)
        #endif
    }

    /// Waits until the child ends or `timeout` seconds pass: its exit status (128 + the signal
    /// when a signal ended it), or nil when the time ran out and the child was killed.
    /// `progress` hears the seconds spent, every 20 ms.
    package func wait(timeout: Double, progress: ((Double) -> Void)? = nil) -> Int32? {
        let started = ContinuousClock.now
        let deadline = started + .milliseconds(Int64(min(max(0, timeout), 1e12) * 1000))
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { return Self.exitCode(status) }
            if r < 0 && errno != EINTR { return 127 }
            if ContinuousClock.now >= deadline { break }
            usleep(20_000)
            if let progress {
                let spent = ContinuousClock.now - started
                progress(Double(spent.components.seconds) + Double(spent.components.attoseconds) / 1e18)
            }
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return nil
    }

    private static func exitCode(_ status: Int32) -> Int32 {
        // WIFEXITED / WEXITSTATUS / WTERMSIG are C macros Swift does not import.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}

/// A file for a child's stream that has no name: unlinked as soon as it is made, so nothing is
/// left in the temporary folder whatever happens to specrun; closed when this goes away.
package final class ScratchFile {
    package let fd: Int32

    package init() throws(ChildProcess.Failure) {
        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("specrun-XXXXXX").path.utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw ChildProcess.Failure(description: "cannot make a temporary file in \(FileManager.default.temporaryDirectory.path): \(String(cString: strerror(errno)))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        self.fd = fd
    }

    deinit { close(fd) }

    /// Replaces the contents with `text` and rewinds, for a child to read.
    package func write(_ text: String) throws(ChildProcess.Failure) {
        var text = text
        let ok = text.withUTF8 { bytes -> Bool in
            var next = bytes.baseAddress
            var left = bytes.count
            while left > 0, let p = next {
                let n = Foundation.write(fd, p, left)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                next = p + n
                left -= n
            }
            return true
        }
        guard ok, lseek(fd, 0, SEEK_SET) == 0 else {
            throw ChildProcess.Failure(description: "cannot write a temporary file: \(String(cString: strerror(errno)))")
        }
    }

    /// Everything written to the file, from its start.
    package func contents() -> String {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var offset: off_t = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            data += buffer[0..<n]
            offset += off_t(n)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
