import Foundation
import Testing
import SpecRuntime

/// docs/graphs.md is generated from specs/: this fails when a spec changed and the page did not.
@Suite struct GraphGalleryTests {
    static let root = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")

    @Test func docsGraphsMatchTheSpecs() throws {
        let specs = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/specs")
            .filter { $0.hasSuffix(".yaml") }.sorted().map { "specs/" + $0 }
        #expect(specs.count >= 8)
        let (page, diagnostics) = GraphGallery.markdown(specPaths: specs, root: Self.root)
        let text = try #require(page, "a seed spec is invalid:\n\(diagnostics)")
        let path = Self.root + "/docs/graphs.md"
        if ProcessInfo.processInfo.environment["SPECRUN_UPDATE_DOCS"] == "1" {
            try SnapshotFile.writeAtomically(text, to: path)
        }
        let committed = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        #expect(committed == text, "docs/graphs.md is out of date; regenerate it with SPECRUN_UPDATE_DOCS=1 swift test --filter GraphGalleryTests")
        for spec in specs { #expect(text.contains("(`\(spec)`)")) }
    }
}
