/// Graphviz's SVG made to fit where it is shown.
///
/// `dot -Tsvg` gives the root element a fixed size in points (`width="2925pt"`) beside its
/// `viewBox`, so a browser draws the events graph 3,900 px wide and a window shows a third of it.
/// Scaled, the root takes the size of its window (or of the `<img>` it is in) and the `viewBox`
/// keeps the drawing whole inside it; inlined in the HTML view, it keeps its natural size in
/// pixels for the view's own zoom, and loses the XML prolog, doctype and comments (a comment
/// carries names, and none of it belongs in an HTML page).
package enum ScalableSVG {
    /// The root `<svg>` tag as found: where it is, and its natural size from the `viewBox` (or from
    /// `width`/`height` when there is none).
    struct Root {
        var tag: Range<String.Index>
        var width: Double
        var height: Double
        var hasViewBox: Bool
    }

    /// A failure to find a drawing in what `dot` wrote.
    package struct Malformed: Error, CustomStringConvertible, Sendable {
        package var description: String
    }

    /// `svg` with a root that scales to its window: width and height 100 %, the `viewBox` kept
    /// (added from the fixed size when missing), centred with its proportions kept.
    package static func scaled(_ svg: String) throws(Malformed) -> String {
        let root = try self.root(of: svg)
        var tag = attributesRemoved(["width", "height", "preserveAspectRatio"], from: String(svg[root.tag]))
        var added = " width=\"100%\" height=\"100%\" preserveAspectRatio=\"xMidYMid meet\""
        if !root.hasViewBox { added += " viewBox=\"0 0 \(HTMLText.number(root.width)) \(HTMLText.number(root.height))\"" }
        tag.insert(contentsOf: added, at: tag.index(tag.startIndex, offsetBy: 4))
        return svg.replacingCharacters(in: root.tag, with: tag)
    }

    /// `svg` as an element of an HTML page: from the root tag on, comments removed, the root sized
    /// in pixels to its `viewBox` (the view scales it), with `id="graph"`.
    package static func inline(_ svg: String) throws(Malformed) -> (markup: String, width: Double, height: Double) {
        let root = try self.root(of: svg)
        var tag = attributesRemoved(["width", "height", "id", "preserveAspectRatio"], from: String(svg[root.tag]))
        var added = " id=\"graph\" width=\"\(HTMLText.number(root.width))\" height=\"\(HTMLText.number(root.height))\""
        if !root.hasViewBox { added += " viewBox=\"0 0 \(HTMLText.number(root.width)) \(HTMLText.number(root.height))\"" }
        tag.insert(contentsOf: added, at: tag.index(tag.startIndex, offsetBy: 4))
        let markup = tag + withoutComments(svg[root.tag.upperBound...])
        return (markup.hasSuffix("\n") ? markup : markup + "\n", root.width, root.height)
    }

    static func root(of svg: String) throws(Malformed) -> Root {
        guard let start = svg.range(of: "<svg"), let end = svg[start.upperBound...].firstIndex(of: ">") else {
            throw Malformed(description: "'dot' wrote no <svg> element")
        }
        let tag = start.lowerBound..<svg.index(after: end)
        let text = String(svg[tag])
        if let box = attribute("viewBox", in: text) {
            let numbers = box.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            if numbers.count == 4, numbers[2] > 0, numbers[3] > 0 {
                return Root(tag: tag, width: numbers[2], height: numbers[3], hasViewBox: true)
            }
        }
        guard let width = attribute("width", in: text).flatMap(length), let height = attribute("height", in: text).flatMap(length),
              width > 0, height > 0 else {
            throw Malformed(description: "'dot' wrote an <svg> element with neither a viewBox nor a size")
        }
        return Root(tag: tag, width: width, height: height, hasViewBox: false)
    }

    /// The value of `name="…"` in a tag, nil when absent.
    static func attribute(_ name: String, in tag: String) -> String? {
        guard let found = attributeRange(name, in: tag) else { return nil }
        let value = tag[found].drop { $0 != "\"" }.dropFirst()
        return String(value.prefix { $0 != "\"" })
    }

    /// ` name="…"` in a tag (with the space before it), nil when absent.
    private static func attributeRange(_ name: String, in tag: String) -> Range<String.Index>? {
        var from = tag.startIndex
        while let found = tag.range(of: name + "=\"", range: from..<tag.endIndex) {
            let before = tag[..<found.lowerBound].last
            if let before, before.isWhitespace, let close = tag[found.upperBound...].firstIndex(of: "\"") {
                return tag.index(before: found.lowerBound)..<tag.index(after: close)
            }
            from = found.upperBound
        }
        return nil
    }

    private static func attributesRemoved(_ names: [String], from tag: String) -> String {
        var out = tag
        for name in names {
            while let found = attributeRange(name, in: out) { out.removeSubrange(found) }
        }
        return out
    }

    /// `2925pt`, `1870px` or `120` in pixels' worth of user units (points count as units: the
    /// `viewBox` dot writes is in points).
    private static func length(_ text: String) -> Double? {
        Double(text.hasSuffix("pt") || text.hasSuffix("px") ? String(text.dropLast(2)) : text)
    }

    private static func withoutComments(_ text: Substring) -> String {
        var out = ""
        var rest = text
        while let open = rest.range(of: "<!--") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "-->") else { return out }
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}
