import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ScreenSpec
import SpecTesting
import SpecTools
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

    /// Where Graphviz drew each node: its id (the SVG `<title>`) and the centre of its first line.
    static func centres(_ svg: String) throws -> [String: (x: Double, y: Double)] {
        let pattern = try NSRegularExpression(pattern: "<g id=\"node[0-9]+\" class=\"node\">\\s*<title>([^<]+)</title>[^<]*(?:<(?!text)[^>]*>[^<]*)*"
                                                + "<text[^>]* x=\"(-?[0-9.]+)\" y=\"(-?[0-9.]+)\"")
        var out: [String: (x: Double, y: Double)] = [:]
        let text = svg as NSString
        for match in pattern.matches(in: svg, range: NSRange(location: 0, length: text.length)) {
            let id = text.substring(with: match.range(at: 1))
            out[id] = (Double(text.substring(with: match.range(at: 2))) ?? .nan, Double(text.substring(with: match.range(at: 3))) ?? .nan)
        }
        return out
    }

    static func drawn(_ spec: String, format: String = "svg") throws -> (graph: DataflowGraph, text: String) {
        let loaded = SpecLoader.load(path: PackagePaths.root + "/specs/" + spec)
        let graph = DataflowGraph(spec: try #require(loaded.spec))
        let result = try CLI.run(["graph", "specs/" + spec, "--format", format])
        #expect(result.status == 0, "\(result.stderr)")
        return (graph, result.stdout)
    }

    /// Issue 28: the SVG scales to its window instead of being 3,900 px wide.
    @Test(.requires(.dot))
    func theSVGScalesToItsWindow() throws {
        let svg = try Self.drawn("events.yaml").text
        let start = try #require(svg.range(of: "<svg"))
        let root = String(svg[start.lowerBound...].prefix { $0 != ">" })
        #expect(root.contains("width=\"100%\" height=\"100%\" preserveAspectRatio=\"xMidYMid meet\""), "\(root)")
        #expect(root.contains("viewBox=\"0.00 0.00 "), "\(root)")
        #expect(!root.contains("pt\""), "\(root)")
    }

    /// Issue 28: read left to right. Every input and param is left of every output, and the view
    /// stands to the right of the whole view model, beside it rather than below it.
    @Test(.requires(.dot), arguments: ["events.yaml", "login.yaml", "weather.yaml", "colorpicker.yaml", "location.yaml"])
    func inputsAreLeftOfOutputsAndTheViewRightOfTheViewModel(_ spec: String) throws {
        let (graph, svg) = try Self.drawn(spec)
        let at = try Self.centres(svg)
        #expect(at.count == graph.nodes.count, "\(at.count) of \(graph.nodes.count) nodes found in the SVG")
        let inputs = graph.nodes.filter { $0.shape == .input || $0.shape == .param }.compactMap { at[$0.id]?.x }
        let outputs = graph.nodes.filter { $0.shape == .output || $0.shape == .streamOutput }.compactMap { at[$0.id]?.x }
        #expect(!inputs.isEmpty)
        if let right = inputs.max(), let left = outputs.min() { #expect(right < left, "\(spec): an input at x \(right), an output at x \(left)") }
        let view = graph.nodes.filter { $0.group == .view }.compactMap { at[$0.id] }
        let model = graph.nodes.filter { $0.group == .viewModel }.compactMap { at[$0.id] }
        guard let viewLeft = view.map(\.x).min(), let modelRight = model.map(\.x).max(),
              let viewTop = view.map(\.y).min(), let modelBottom = model.map(\.y).max() else { return }
        #expect(modelRight < viewLeft, "\(spec): the view starts at x \(viewLeft), the view model ends at x \(modelRight)")
        #expect(viewTop < modelBottom, "\(spec): the view starts below the view model (y \(viewTop) vs \(modelBottom))")
    }

    /// `--format html`: the page around the same drawing, at its natural size for the view's zoom.
    @Test(.requires(.dot))
    func htmlIsAPageAroundTheDrawing() throws {
        let (graph, page) = try Self.drawn("events.yaml", format: "html")
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<svg id=\"graph\" width=\""))
        #expect(try Self.centres(page).count == graph.nodes.count)
        #expect(!page.contains("<!--") && !page.contains("<?xml"))
    }
}
