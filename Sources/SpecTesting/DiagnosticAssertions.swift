import ScreenSpec
import SpecRuntime
import Testing

/// A diagnostic a test expects at a location marker of its spec text, in the style of
/// swift-syntax's `DiagnosticSpec`.
package struct DiagnosticSpec: Sendable {
    /// The marker in the spec text where the diagnostic must start, such as `1️⃣`.
    package var marker: String
    package var message: String
    /// The stable id, checked when given.
    package var id: String?
    package var severity: Severity

    package init(_ marker: String = "1️⃣", message: String, id: String? = nil, severity: Severity = .error) {
        self.marker = marker
        self.message = message
        self.id = id
        self.severity = severity
    }
}

/// The location markers a test may put in a spec text: 1️⃣ to 9️⃣ and 🔟.
package let locationMarkers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"]

/// `text` without its location markers, and where each marker stood in that text (1-based line,
/// 1-based column in Unicode scalars, as `SpecLocation`).
package func extractMarkers(_ text: String) -> (source: String, markers: [String: SpecLocation]) {
    var source = ""
    var markers: [String: SpecLocation] = [:]
    var (line, column) = (1, 1)
    var rest = Substring(text)
    scanning: while let first = rest.first {
        for marker in locationMarkers where rest.hasPrefix(marker) {
            markers[marker] = SpecLocation(line: line, column: column)
            rest = rest.dropFirst(marker.count)
            continue scanning
        }
        source.append(first)
        if first == "\n" || first == "\r\n" {
            (line, column) = (line + 1, 1)
        } else {
            column += first.unicodeScalars.count
        }
        rest = rest.dropFirst()
    }
    return (source, markers)
}

/// Loads the spec `marked` (its markers removed) from `path` and checks that its diagnostics are
/// `expected`, in order, each starting at its marker with its message, then that the whole
/// rendered output is `rendered` when given (a line diff on a mismatch). Returns the loaded spec.
@discardableResult
package func assertDiagnostics(_ marked: String, path: String = "t.yaml", _ expected: [DiagnosticSpec], rendered: String? = nil,
                              sourceLocation: SourceLocation = #_sourceLocation) -> LoadedSpec {
    let (source, markers) = extractMarkers(marked)
    let loaded = SpecLoader.load(text: source, path: path)
    let found = loaded.diagnostics
    #expect(found.count == expected.count,
            "expected \(expected.count) diagnostics, got \(found.count):\n\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
    for (diagnostic, spec) in zip(found, expected) {
        guard let location = markers[spec.marker] else {
            Issue.record("the marker \(spec.marker) is not in the spec text", sourceLocation: sourceLocation)
            continue
        }
        #expect(diagnostic.range.start == location,
                "'\(diagnostic.message)' is at \(diagnostic.range.start), its marker \(spec.marker) at \(location)", sourceLocation: sourceLocation)
        #expect(diagnostic.message == spec.message, sourceLocation: sourceLocation)
        #expect(diagnostic.severity == spec.severity, "'\(diagnostic.message)'", sourceLocation: sourceLocation)
        if let id = spec.id { #expect(diagnostic.id == id, "'\(diagnostic.message)'", sourceLocation: sourceLocation) }
    }
    if let rendered {
        assertLinesEqual(loaded.renderDiagnostics(), rendered, "the rendered diagnostics", sourceLocation: sourceLocation)
    }
    return loaded
}
