import Foundation
import SpecTesting
import Testing

/// `specrun graph --format html` in Debian's Chromium, driven by Playwright
/// (Tests/Browser/graph_view.py): the events graph fits a 1,400 px window on open, zooms (keys,
/// buttons, wheel), pans (drag, arrows) and fits again; a spec's markup is shown as text; the
/// SVG of `--format svg`, opened on its own, scales to the window. The
/// screenshot is docs/images/events-graph.png: `SPECRUN_UPDATE_DOCS=1 swift test --filter
/// GraphViewBrowserTests` takes it again.
@Suite("specrun graph --format html in Chromium", .serialized, .requires(.chromium, .playwright, .dot))
struct GraphViewBrowserTests {
    /// Spec text that is markup, in an operator's label (which the graph prints as written).
    static let hostileText = "</script><img src=x onerror=alert(1)>"

    @Test func theEventsGraphFitsA1400PixelWindowZoomsPansAndFitsAgain() async throws {
        let python = try ExternalTool.playwright.path()
        let folder = try PackagePaths.temporaryFolder("specrun-graph-view")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = folder + "/events.html"
        let drawn = try CLI.run(["graph", "specs/events.yaml", "--format", "html", "--output", page])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let spec = try CLI.temporarySpec("""
            screen: Hostile
            inputs:
              name: { type: String, default: "" }
            outputs:
              shown:
                stream: name
                ops:
                  - map: '"\(Self.hostileText)"'
            """)
        let hostilePage = folder + "/hostile.html"
        let hostile = try CLI.run(["graph", spec, "--format", "html", "--output", hostilePage])
        #expect(hostile.status == 0, "\(hostile.stderr)")
        let svg = folder + "/events.svg"
        let alone = try CLI.run(["graph", "specs/events.yaml", "--format", "svg", "--output", svg])
        #expect(alone.status == 0, "\(alone.stderr)")
        let artifacts = PackagePaths.root + "/.build/browser-tests"
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        let shot = artifacts + "/events-graph.png"
        try? FileManager.default.removeItem(atPath: shot)
        // The operator's label is cut after 40 characters; the drawing must show its start as text.
        let arguments = [PackagePaths.path("Tests/Browser/graph_view.py"), page, shot, hostilePage, "\"</script><img src=x onerror=", svg]
        let environment = CLI.environment(["CHROMIUM": try ExternalTool.chromium.path()])
        let result = try await PreviewBrowserTests.offThePool { try Command.run(python, arguments, environment: environment, timeout: 300) }
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        for line in ["ok: the events graph fits a 1400 px window on open", "ok: zoom in and out with +, -, the buttons and the wheel",
                     "ok: a drag and the arrow keys pan", "ok: 0 and the Fit button fit the graph again",
                     "ok: a smaller window is fitted again; no console error, no request",
                     "ok: a spec's markup shown as text, no dialog, nothing loaded", "ok: the svg alone scales to the window"] {
            #expect(result.stdout.contains(line), "\(result.stdout)")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: shot)[.size] as? Int) ?? 0
        #expect(size > 20_000, "the screenshot has \(size) bytes")
        if ProcessInfo.processInfo.environment["SPECRUN_UPDATE_DOCS"] == "1", size > 0 {
            let docs = PackagePaths.root + "/docs/images/events-graph.png"
            try? FileManager.default.removeItem(atPath: docs)
            try FileManager.default.copyItem(atPath: shot, toPath: docs)
        }
    }
}
