import SpecRuntime

/// The text of one expression and where each of its Unicode scalars stands in the spec file, so
/// that a diagnostic inside a YAML scalar points at its true column, not at the scalar's start.
package struct ExpressionSource: Sendable {
    package let text: String
    let scalars: [Unicode.Scalar]
    let locations: [SpecLocation]
    package let file: String
    /// The whole scalar's range in the file.
    package let range: SpecRange
    /// Whether YAML quotes surrounded the expression, so that `"Hello"` reached us as `Hello`.
    package let wasQuotedInYAML: Bool

    /// Maps the scalar's value onto the raw file text. Exact for plain and quoted scalars on one
    /// line; for escapes and folded lines each value scalar is matched to the nearest raw one.
    package init(node: YAMLNode, source: SourceFile) {
        let text = node.string ?? ""
        self.text = text
        self.file = node.range.file
        self.range = node.range
        self.wasQuotedInYAML = node.scalar?.style == .doubleQuoted || node.scalar?.style == .singleQuoted
        let scalars = Array(text.unicodeScalars)
        self.scalars = scalars
        var locations: [SpecLocation] = []
        locations.reserveCapacity(scalars.count + 1)
        var line = node.range.start.line
        var column = node.range.start.column
        let style = node.scalar?.style ?? .plain
        if style == .singleQuoted || style == .doubleQuoted { column += 1 }
        for scalar in scalars {
            // Look a little ahead in the raw text for this scalar; stay put when it is not there
            // (an escape sequence or a folded line break).
            var probeLine = line, probeColumn = column, found = false
            for _ in 0..<8 {
                guard let raw = source.scalar(at: SpecLocation(line: probeLine, column: probeColumn)) else {
                    if probeLine < node.range.end.line {
                        probeLine += 1
                        probeColumn = 1
                        continue
                    }
                    break
                }
                if raw == scalar {
                    found = true
                    break
                }
                probeColumn += 1
            }
            if found {
                line = probeLine
                column = probeColumn
            }
            locations.append(SpecLocation(line: line, column: column))
            column += 1
        }
        locations.append(SpecLocation(line: line, column: column))
        self.locations = locations
    }

    /// A source for text made by the program (tests, generated specs), starting at `start`.
    package init(text: String, file: String = "<expr>", start: SpecLocation = SpecLocation(line: 1, column: 1)) {
        self.text = text
        self.file = file
        self.scalars = Array(text.unicodeScalars)
        self.locations = (0...scalars.count).map { SpecLocation(line: start.line, column: start.column + $0) }
        self.range = SpecRange(file: file, start: start, end: SpecLocation(line: start.line, column: start.column + scalars.count))
        self.wasQuotedInYAML = false
    }

    func location(at offset: Int) -> SpecLocation {
        locations[min(max(offset, 0), locations.count - 1)]
    }

    /// The file range of the scalars `start..<end`.
    func range(_ start: Int, _ end: Int) -> SpecRange {
        let s = location(at: start)
        var e = location(at: max(end, start + 1) - 1)
        e.column += 1
        return SpecRange(file: file, start: s, end: e.line == s.line ? e : SpecLocation(line: s.line, column: s.column + 1))
    }
}
