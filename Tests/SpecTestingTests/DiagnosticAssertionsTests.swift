import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// The location markers and the line diff the diagnostics assertions are built on.
@Suite struct DiagnosticAssertionsTests {
    @Test func markersAreRemovedAndLocatedInUnicodeScalars() {
        let (source, markers) = extractMarkers("screen: S\noutputs:\n  é: 1️⃣a + 2️⃣b\n3️⃣")
        #expect(source == "screen: S\noutputs:\n  é: a + b\n")
        #expect(markers["1️⃣"] == SpecLocation(line: 3, column: 6))
        #expect(markers["2️⃣"] == SpecLocation(line: 3, column: 10))
        #expect(markers["3️⃣"] == SpecLocation(line: 4, column: 1))
        #expect(markers["4️⃣"] == nil)
    }

    /// The marker column is the checker's column: the diagnostic lands where the marker stood.
    @Test func aDiagnosticPointsAtItsMarker() {
        let loaded = assertDiagnostics("screen: S\noutputs:\n  a: 1️⃣missing + 1\n",
                                       [DiagnosticSpec(message: "unknown name 'missing'", id: "unknown-name")])
        #expect(loaded.diagnostics.first?.range.start == SpecLocation(line: 3, column: 6))
    }

    /// A wrong marker, message or rendering each fail the assertion (checked with
    /// `withKnownIssue`, so the test fails if they stop failing).
    @Test func aMisplacedMarkerOrWrongMessageFails() {
        withKnownIssue {
            assertDiagnostics("screen: S\noutputs:\n  1️⃣a: missing + 1\n", [DiagnosticSpec(message: "unknown name 'missing'")])
        }
        withKnownIssue {
            assertDiagnostics("screen: S\noutputs:\n  a: 1️⃣missing + 1\n", [DiagnosticSpec(message: "unknown name 'absent'")])
        }
        withKnownIssue {
            assertDiagnostics("screen: S\noutputs:\n  a: 1️⃣missing + 1\n", [DiagnosticSpec(message: "unknown name 'missing'")],
                              rendered: "not this\n")
        }
    }

    @Test func theLineDiffMarksOnlyWhatDiffers() {
        #expect(lineDiff(expected: "a\nb\nc", actual: "a\nx\nc") == "  a\n- b\n+ x\n  c")
        #expect(lineDiff(expected: "a", actual: "a\nb") == "  a\n+ b")
    }
}
