import ScreenSpec
import SpecRuntime

/// `docs/graphs.md`: the Mermaid graph of every seed screen, generated from the specs so the
/// documentation never drifts from them (a test compares it with the committed file).
package enum GraphGallery {
    /// The page for specs at `specPaths` (as written in the page, relative to the repository),
    /// loaded relative to `root`; nil with the diagnostics of the first invalid spec.
    package static func markdown(specPaths: [String], root: String) -> (text: String?, diagnostics: String) {
        var out = """
            # Dataflow graphs of the seed screens

            <!-- Generated from specs/ by GraphGallery; do not edit. Regenerate with
                 SPECRUN_UPDATE_DOCS=1 swift test --filter GraphGalleryTests -->

            Each graph is `specrun graph specs/NAME.yaml` (see [pictures.md](pictures.md) for how to read
            them): the view, the view model and the services, every node named, every edge a dependency
            the runtime follows. GitHub and GitLab draw them in place.

            """
        for path in specPaths {
            let loaded = SpecLoader.load(path: root + "/" + path)
            guard let spec = loaded.spec else { return (nil, loaded.renderDiagnostics()) }
            out += "\n## \(spec.screen) (`\(path)`)\n\n```mermaid\n" + MermaidRenderer.render(DataflowGraph(spec: spec)) + "```\n"
        }
        return (out, "")
    }
}
