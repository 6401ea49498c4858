import Foundation
import SpecTesting
import Testing

/// `specrun preview` in Debian's Chromium, driven by Playwright (Tests/Browser/preview_e2e.py, with
/// preview_screen.py and preview_support.py beside it):
/// the login screen typed into and tapped through its `data-component` controls, `executing`
/// then the answer seen in its `data-output` values, a recording appended and then passing
/// `specrun test`; the authoring loop (a save reloads the screen, a broken save shows its
/// diagnostics over the last good screen, a fix brings it back); a navigation opening its
/// screen, and Back; no token, a rebound `Host` and another origin's WebSocket refused; every
/// shipped spec opened with no console error, each one's screenshot taken; the clock controls,
/// the services panel, `--live` against a local server with its cassette, the scenario player
/// and scrubbing, segment titles, alert buttons and picker rows, a spec's markup shown as text;
/// every service's failures offered, typing recorded as one step per field, `secure:` inputs masked, a
/// hidden control offering no gesture, the clock running again after a scenario played, a
/// page's own screen, colours and rows drawn, and every scenario of the shipped specs with a view
/// played to its end with each bound property compared with what the page draws.
/// The pictures are docs/images/preview-*.png: `SPECRUN_PREVIEW_SCREENSHOTS=docs/images swift test --filter
/// PreviewBrowserTests` takes them again.
@Suite("specrun preview in Chromium", .serialized, .requires(.chromium, .playwright))
struct PreviewBrowserTests {
    @Test func loginRecordingAuthoringNavigationRefusalsTimeServicesPlayerAndEverySpec() async throws {
        let python = try ExternalTool.playwright.path()
        let folder = try PackagePaths.temporaryFolder("specrun-preview")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A copy of specs/: the recording writes to login.yaml and its snapshots, the authoring
        // loop edits login.yaml.
        let specs = folder + "/specs"
        try FileManager.default.copyItem(atPath: PackagePaths.specs, toPath: specs)
        let shots = folder + "/shots"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let arguments = [PackagePaths.path("Tests/Browser/preview_e2e.py"), try CLI.binary, specs, shots]
        let environment = CLI.environment(["CHROMIUM": try ExternalTool.chromium.path()])
        // Minutes of waiting, off the cooperative pool: on two cores it has two threads, and one
        // blocked this long starves the async tests alongside (the preview server's own tests).
        let result = try await Self.offThePool { try Command.run(python, arguments, environment: environment, timeout: 900) }
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        for line in ["ok: recording appended and passing specrun test", "ok: a save reloads the screen in place",
                     "ok: a broken save shows its diagnostics beside the last good screen", "ok: fixing it brings the screen back",
                     "ok: a navigation opens its screen with its parameters, and Back returns",
                     "ok: no token, a rebound Host and another origin's WebSocket refused",
                     "ok: pause, wait 1234 ms, run to next event and x10 from the page, times read in minutes and seconds",
                     "ok: a service's next answer chosen, recorded as an override, passing specrun test",
                     "ok: --live answered by a real server, recorded as a cassette, passing specrun test offline",
                     "ok: scenarios played step by step, continued, scrubbed back; a counterexample played",
                     "ok: segment titles, alert buttons, picker rows and slider/stepper bounds from the spec",
                     "ok: a slider dragged from the page is a press, its value, then a release",
                     "ok: a spec's markup shown as text in segments, scenarios and service answers"] {
            #expect(result.stdout.contains(line), "\(result.stdout)")
        }
        #expect(result.stdout.contains("specs opened with no console error, each one's screenshot taken"), "\(result.stdout)")
        #expect(result.stdout.contains("ok: every service's failures offered on every shipped spec"), "\(result.stdout)")
        #expect(result.stdout.contains("bound properties drawn as the spec says"), "\(result.stdout)")
        #expect(result.stdout.contains("ok: a custom component's callback fired from the page, a value that is not one refused"), "\(result.stdout)")
        #expect(result.stdout.contains("ok: a secure input masked in its field, the values and the timeline; a hidden control offers no gesture"),
                "\(result.stdout)")
        #expect(result.stdout.contains("ok: declared fonts drawn at their point size and weight"), "\(result.stdout)")
        #expect(result.stdout.contains("ok: a row's own components drawn with the row's values, a row's button tapping that row"), "\(result.stdout)")
        #expect(result.stdout.contains("ok: each child a box titled with its name, its components drawn with its values, a gesture on one the child's step"), "\(result.stdout)")
        #expect(result.stdout.contains("ok: a secure input masked in the player's steps; the clock Play paused runs again once the person takes over"),
                "\(result.stdout)")
        #expect(result.stdout.contains("ok: colours painted, titles and names on hover, enabled, an activity indicator and a table's rows drawn as iOS draws them"),
                "\(result.stdout)")
        #expect(result.stdout.contains("ok: typing recorded as one type: step per field, the save confirmed, the password masked, each page its own screen"),
                "\(result.stdout)")
        // A picture of every shipped spec, of the login signing in, of a broken save, of a
        // navigation, of the services panel, of a scenario scrubbed and of titled widgets.
        let names = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.specs).filter { $0.hasSuffix(".yaml") }
        #expect(!names.isEmpty)
        let pictures = ["preview-login-signing-in.png", "preview-recorded.png", "preview-colorpicker-drawn.png", "preview-table.png", "preview-diagnostics.png", "preview-navigation.png", "preview-services.png",
                        "preview-player.png", "preview-widgets.png", "preview-secure-hidden.png"] + names.map { "preview-" + $0.dropLast(".yaml".count) + ".png" }
        for picture in pictures {
            let size = (try? FileManager.default.attributesOfItem(atPath: shots + "/" + picture)[.size] as? Int) ?? 0
            #expect(size > 10_000, "\(picture): \(size) bytes")
        }
        if let keep = ProcessInfo.processInfo.environment["SPECRUN_PREVIEW_SCREENSHOTS"] {
            let target = keep.hasPrefix("/") ? keep : PackagePaths.path(keep)
            for picture in pictures {
                try? FileManager.default.removeItem(atPath: target + "/" + picture)
                try FileManager.default.copyItem(atPath: shots + "/" + picture, toPath: target + "/" + picture)
            }
        }
    }

    /// Runs `body` on a thread of its own and waits for it without holding a pool thread.
    static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }
}
