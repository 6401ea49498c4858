/// `specrun graph --format html`: the dataflow graph in a self-contained page that fits it to the
/// window on open, with zoom (wheel, buttons, `+` and `-`), pan (drag, arrow keys) and fit (`0`).
///
/// The page loads nothing: its style and script are inline, and its Content-Security-Policy
/// forbids every other source, so even text that escaped its escaping could not fetch or send
/// anything. Spec text reaches it only through Graphviz's SVG (which writes `<`, `&` and `"` as
/// entities) and the title, escaped here.
package enum GraphPage {
    package static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"

    /// The page around `svg`, the text `dot -Tsvg` wrote for the graph of `screen`.
    package static func html(screen: String, svg: String) throws(ScalableSVG.Malformed) -> String {
        let drawing = try ScalableSVG.inline(svg)
        let title = HTMLText.escape(screen)
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(contentSecurityPolicy)\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"generator\" content=\"specrun\">\n"
        out += "<title>\(title) — dataflow graph</title>\n<style>\n\(GraphPageAssets.css)</style>\n</head>\n<body>\n"
        out += "<header>\n<h1>\(title) <span class=\"kind\">dataflow graph</span></h1>\n"
        out += "<div class=\"controls\" role=\"toolbar\" aria-label=\"Zoom\" aria-controls=\"view\">\n"
        out += "<button type=\"button\" id=\"zoom-out\" title=\"Zoom out (-)\" aria-label=\"Zoom out\">−</button>\n"
        out += "<output id=\"scale\" aria-live=\"polite\">100%</output>\n"
        out += "<button type=\"button\" id=\"zoom-in\" title=\"Zoom in (+)\" aria-label=\"Zoom in\">+</button>\n"
        out += "<button type=\"button\" id=\"fit\" title=\"Fit to the window (0)\">Fit</button>\n"
        out += "</div>\n<p class=\"hint\">Drag to pan, wheel or + and − to zoom, 0 to fit; arrow keys pan.</p>\n</header>\n"
        out += "<main id=\"view\" tabindex=\"0\" aria-label=\"\(title) dataflow graph; drag or arrow keys to pan, + and − to zoom, 0 to fit\" "
            + "data-width=\"\(HTMLText.number(drawing.width))\" data-height=\"\(HTMLText.number(drawing.height))\">\n"
        out += "<div id=\"canvas\">\n" + drawing.markup + "</div>\n</main>\n"
        out += "<script>\n\(GraphPageAssets.script)</script>\n</body>\n</html>\n"
        return out
    }
}
