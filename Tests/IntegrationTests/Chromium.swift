import Foundation
import SpecTesting
import Testing

/// Headless Chromium for the browser suites.
enum Chromium {
    /// Runs the browser with `arguments` to its exit, killed after `timeout` seconds so a stuck
    /// browser fails the test instead of hanging it.
    ///
    /// One Chromium at a time in the whole test process: the browser suites run in parallel with
    /// each other and with every other test, and on two loaded cores several browsers at once
    /// starve each other (a window that is not yet activated when the page loads gets no focus
    /// events). Each launch gets its own profile folder and `--disable-dev-shm-usage` (a CI
    /// container's /dev/shm is often 64 MB; Debian's launcher fails to detect that).
    static func run(_ arguments: [String], timeout: TimeInterval = 120) throws -> CommandResult {
        let executable = try ExternalTool.chromium.path()
        lock.lock()
        defer { lock.unlock() }
        let profile = try PackagePaths.temporaryFolder("specrun-chromium-profile")
        defer { try? FileManager.default.removeItem(atPath: profile) }
        return try Command.run(executable, ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
                                            "--user-data-dir=\(profile)", "--host-resolver-rules=MAP * ~NOTFOUND",
                                            "--disable-background-networking"] + arguments, timeout: timeout)
    }

    private static let lock = NSLock()
}
