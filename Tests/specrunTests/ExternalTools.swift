import Foundation
import Testing

/// Tools the picture tests drive (Graphviz, Chromium): found on the PATH; .ci/run installs them
/// from Debian, so in CI a missing one fails the tests instead of skipping them.
enum ExternalTools {
    static func find(_ names: [String]) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for folder in path.split(separator: ":") where !folder.isEmpty {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    static let chromium = find(["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"])
    static let dot = find(["dot"])

    /// `CI` set to anything but empty, `false` or `0`, as `specrun test` reads it.
    static let inCI: Bool = {
        guard let v = ProcessInfo.processInfo.environment["CI"]?.trimmingCharacters(in: .whitespaces), !v.isEmpty else { return false }
        return !["false", "0"].contains(v.lowercased())
    }()

    static let missingChromium = "Chromium is not installed, so the browser tests of the HTML report did NOT run; install Debian's "
        + "'chromium' (apt-get install chromium). CI installs it, and there a missing browser fails these tests"
    static let missingDot = "Graphviz's 'dot' is not installed, so 'specrun graph --format svg' was NOT tested; install Debian's "
        + "'graphviz' (apt-get install graphviz). CI installs it, and there a missing 'dot' fails this test"

    /// Runs a tool with a deadline, so a stuck browser fails the test instead of hanging it.
    static func run(_ executable: String, _ arguments: [String], timeout: TimeInterval = 120) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out"), err = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            // SIGKILL: a child of the test runner may inherit a mask that blocks SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return (-1, "", "timed out after \(Int(timeout))s")
        }
        return (process.terminationStatus, (try? String(contentsOf: out, encoding: .utf8)) ?? "", (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// One Chromium at a time in the whole test process: the browser suites run in parallel with
    /// each other and with every other test, and on two loaded cores several browsers at once
    /// starve each other (a window that is not yet activated when the page loads gets no focus
    /// events). Each launch gets its own profile folder and `--disable-dev-shm-usage` (a CI
    /// container's /dev/shm is often 64 MB; Debian's launcher fails to detect that).
    static func runChromium(_ arguments: [String], timeout: TimeInterval = 120) throws -> (status: Int32, stdout: String, stderr: String) {
        let executable = try #require(chromium, Comment(rawValue: missingChromium))
        chromiumLock.lock()
        defer { chromiumLock.unlock() }
        let profile = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: profile) }
        return try run(executable, ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
                                    "--user-data-dir=\(profile)", "--host-resolver-rules=MAP * ~NOTFOUND",
                                    "--disable-background-networking"] + arguments, timeout: timeout)
    }

    private static let chromiumLock = NSLock()

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.path
    }
}
