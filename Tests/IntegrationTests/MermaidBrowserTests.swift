import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools
import SpecTesting
import Testing

/// Renders the Mermaid graph of every seed spec with Mermaid itself (the library GitHub and GitLab
/// use) in headless Chromium: no syntax error, and one drawn node per graph node. Mermaid comes
/// from the PyPI package `mermaidx`, which ships it as one file; .ci/run installs it under
/// `.build/ci-tools/`.
@Suite("Mermaid graphs in Chromium", .serialized, .requires(.chromium, .mermaid))
struct MermaidBrowserTests {
    struct Rendered: Decodable {
        var ok: Bool
        var nodes: Int?
        var error: String?
    }

    @Test func everySeedGraphRendersWithMermaid() throws {
        let script = try ExternalTool.mermaid.path()
        var graphs: [(spec: String, text: String, nodes: Int)] = []
        for spec in MarbleReportBrowserTests.specs {
            let loaded = SpecLoader.load(path: PackagePaths.root + "/specs/" + spec)
            let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
            let graph = DataflowGraph(spec: checked)
            graphs.append((spec, MermaidRenderer.render(graph), graph.nodes.count))
        }
        let texts = try String(decoding: JSONSerialization.data(withJSONObject: graphs.map(\.text)), as: UTF8.self)
        let folder = try PackagePaths.temporaryFolder("specrun-pictures")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = """
            <!DOCTYPE html><html><head><meta charset="utf-8"></head><body>
            <script src="file://\(script)"></script>
            <pre id="result">pending</pre>
            <script>
            (async function () {
              var graphs = \(texts.replacingOccurrences(of: "</", with: "<\\/"));
              var results = [];
              try { mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' }); } catch (e) {}
              for (var i = 0; i < graphs.length; i++) {
                try {
                  var out = await mermaid.render('graph' + i, graphs[i]);
                  results.push({ ok: true, nodes: (out.svg.match(/<g [^>]*class="node /g) || []).length });
                } catch (e) {
                  results.push({ ok: false, error: String((e && e.message) || e) });
                }
              }
              document.getElementById('result').textContent = JSON.stringify(results);
            })();
            </script></body></html>
            """
        try page.write(toFile: folder + "/graphs.html", atomically: true, encoding: .utf8)
        let run = try Chromium.run(["--allow-file-access-from-files", "--virtual-time-budget=60000",
                                                 "--dump-dom", "file://\(folder)/graphs.html"])
        guard let start = run.stdout.range(of: "<pre id=\"result\">"),
              let end = run.stdout.range(of: "</pre>", range: start.upperBound..<run.stdout.endIndex) else {
            Issue.record("Chromium did not render the page (status \(run.status)): \(run.stderr.suffix(2000))")
            return
        }
        let json = String(run.stdout[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        try #require(json != "pending", "Mermaid did not finish (status \(run.status)): \(run.stderr.suffix(2000))")
        let results = try JSONDecoder().decode([Rendered].self, from: Data(json.utf8))
        #expect(results.count == graphs.count)
        for (graph, result) in zip(graphs, results) {
            #expect(result.ok, "specs/\(graph.spec): Mermaid rejects the graph: \(result.error ?? "")")
            #expect(result.nodes == graph.nodes, "specs/\(graph.spec): Mermaid drew \(result.nodes ?? 0) nodes of \(graph.nodes)")
        }
    }
}
