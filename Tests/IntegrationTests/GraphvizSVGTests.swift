import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SpecTesting
import Testing

/// `specrun graph --format svg`, drawn by Graphviz's `dot`.
@Suite("specrun graph with Graphviz")
struct GraphvizSVGTests {
    @Test(.requires(.dot))
    func svgIsValidXMLDrawnByGraphviz() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-graph")
        let file = folder + "/events.svg"
        let result = try CLI.run(["graph", "specs/events.yaml", "--format", "svg", "--output", file])
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let parser = XMLParser(data: data)
        #expect(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("<svg"))
        #expect(text.contains("segmentSelection"))
    }
}
