import Testing
@testable import ScreenSpec

/// `font:` on a label, a text field, a text view and a button: a text style at the default size
/// or `{ size:, weight: }`; the loader gives each component's font to the preview, and a wrong one
/// is a located error with the nearest name.
@Suite("Fonts: checking")
struct FontCheckingTests {
    private func load(_ view: String) -> LoadedSpec {
        SpecLoader.load(text: "screen: S\nview:\n" + view, path: "t.yaml")
    }

    @Test func stylesAndSystemFontsAsIOSGivesThem() {
        let loaded = load("""
              title: { label: { text: '"Hi"', font: largeTitle } }
              name: { textField: { font: headline } }
              notes: { textView: { font: { size: 15 } } }
              go: { button: { title: '"Go"', font: { size: 28, weight: bold } } }
              plain: { label: { text: '"-"' } }

            """)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        #expect(loaded.fonts == ["title": FontDecl(size: 34, weight: "regular"), "name": FontDecl(size: 17, weight: "semibold"),
                                 "notes": FontDecl(size: 15, weight: "regular"), "go": FontDecl(size: 28, weight: "bold")])
        #expect(loaded.fonts["go"]?.cssWeight == 700)
    }

    @Test func aStyleThatIsNotOne() {
        #expect(load("  title: { label: { font: headlne } }\n").renderDiagnostics() == """
            t.yaml:3:27: error: 'font:' is a text style or '{ size: 17, weight: semibold }', found 'headlne'; did you mean 'headline'?
              |
            3 |   title: { label: { font: headlne } }
              |                           ^~~~~~~
            note: text styles: 'largeTitle', 'title1', 'title2', 'title3', 'headline', 'body', 'callout', 'subheadline', 'footnote', 'caption1', 'caption2'

            """)
    }

    @Test func aSizeAndAWeightOutOfRange() {
        let size = load("  title: { label: { font: { size: 0 } } }\n").renderDiagnostics()
        #expect(size.contains("t.yaml:3:35: error: a font's 'size:' is a point size above 0 and at most 200, found '0'"), "\(size)")
        let weight = load("  title: { label: { font: { size: 12, weight: blod } } }\n").renderDiagnostics()
        #expect(weight.contains("error: a font's 'weight:' is one of UIFont.Weight's, found 'blod'; did you mean 'bold'?"), "\(weight)")
        let missing = load("  title: { label: { font: { weight: bold } } }\n").renderDiagnostics()
        #expect(missing.contains("t.yaml:3:27: error: a font needs a 'size:' in points"), "\(missing)")
        #expect(load("  s: { slider: { font: body } }\n").spec == nil)
    }
}
