import Foundation
import SpecTesting
import Testing
import ScreenSpec
import SpecRuntime
import SpecTools

/// docs/graphs.md is generated from specs/: this fails when a spec changed and the page did not.
@Suite struct GraphGalleryTests {
    @Test func docsGraphsMatchTheSpecs() throws {
        let specs = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.root + "/specs")
            .filter { $0.hasSuffix(".yaml") }.sorted().map { "specs/" + $0 }
        #expect(specs.count >= 8)
        let (page, diagnostics) = GraphGallery.markdown(specPaths: specs, root: PackagePaths.root)
        let text = try #require(page, "a seed spec is invalid:\n\(diagnostics)")
        let path = PackagePaths.root + "/docs/graphs.md"
        if ProcessInfo.processInfo.environment["SPECRUN_UPDATE_DOCS"] == "1" {
            try SnapshotFile.writeAtomically(text, to: path)
        }
        let committed = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        #expect(committed == text, "docs/graphs.md is out of date; regenerate it with SPECRUN_UPDATE_DOCS=1 swift test --filter GraphGalleryTests")
        for spec in specs { #expect(text.contains("(`\(spec)`)")) }
    }

    /// docs/pictures.md shows a spec and, below it, its graph: the graph must be what `specrun graph` draws.
    @Test func theGraphInPicturesMdIsTheGraphOfTheSpecAboveIt() throws {
        let page = try String(contentsOfFile: PackagePaths.root + "/docs/pictures.md", encoding: .utf8)
        func block(_ fence: String) throws -> String {
            let start = try #require(page.range(of: "```" + fence + "\n"))
            let end = try #require(page.range(of: "\n```\n", range: start.upperBound..<page.endIndex))
            return String(page[start.upperBound..<end.lowerBound]) + "\n"
        }
        let loaded = SpecLoader.load(text: try block("yaml"), path: "search.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        #expect(try block("mermaid") == MermaidRenderer.render(DataflowGraph(spec: spec)))
    }
}
