import Foundation
import SpecTesting
import Testing

/// `specrun preview` in Debian's Chromium, driven by Playwright (Tests/Browser/preview_e2e.py):
/// the login screen typed into and tapped through its `data-component` controls, `executing`
/// then the answer seen in its `data-output` values, a recording appended and then passing
/// `specrun test`, and every shipped spec opened with no console error; the clock controls, the
/// services panel, `--live` against a local server with its cassette, the scenario player and
/// scrubbing, segment titles and alert buttons, a spec's markup shown as text. The screenshot it
/// takes is docs/images/preview-login.png.
@Suite("specrun preview in Chromium", .serialized, .requires(.chromium, .playwright))
struct PreviewBrowserTests {
    @Test func loginRecordAndEverySpec() async throws {
        let python = try ExternalTool.playwright.path()
        let folder = try PackagePaths.temporaryFolder("specrun-preview")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A copy of specs/: the recording writes to login.yaml and its snapshots.
        let specs = folder + "/specs"
        try FileManager.default.copyItem(atPath: PackagePaths.specs, toPath: specs)
        let screenshot = folder + "/preview-login.png"
        let arguments = [PackagePaths.path("Tests/Browser/preview_e2e.py"), try CLI.binary, specs, screenshot]
        let environment = CLI.environment(["CHROMIUM": try ExternalTool.chromium.path()])
        // Minutes of waiting, off the cooperative pool: on two cores it has two threads, and one
        // blocked this long starves the async tests alongside (the preview server's own tests).
        let result = try await Self.offThePool { try Command.run(python, arguments, environment: environment, timeout: 600) }
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("ok: recording appended and passing specrun test"), "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: screenshot))
        if let keep = ProcessInfo.processInfo.environment["SPECRUN_PREVIEW_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(atPath: screenshot, toPath: keep)
        }
    }

    /// Runs `body` on a thread of its own and waits for it without holding a pool thread.
    static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }
}
