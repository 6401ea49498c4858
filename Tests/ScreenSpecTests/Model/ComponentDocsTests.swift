@testable import ScreenSpec
import SpecTesting
import Testing

/// Every component kind, property, event, setting and gesture appears in a complete example of
/// the docs, which DocExamplesTests plays: the catalogue cannot grow undocumented.
@Suite("Component catalogue in the docs")
struct ComponentDocsTests {
    @Test(arguments: ComponentCatalog.names)
    func everyMemberHasAPlayedExample(_ name: String) throws {
        let kind = try #require(ComponentCatalog.entry(named: name))
        let examples = DocExample.all().filter { !$0.invalid && !$0.fragment }
        // Blocks that declare a component of this kind, as '{ kind: ...' or 'name: kind'.
        let blocks = examples.filter { $0.text.contains("{ \(kind.name): ") || $0.text.contains("\n    \(kind.name):") || $0.text.contains(": \(kind.name)\n") }
        #expect(!blocks.isEmpty, "no example declares a \(kind.name)")
        // UIView's own isHidden and alpha are declared once for every view kind and shown once
        // (uiViewPropertiesHaveAPlayedExample).
        let shared = Set(ComponentProperty.uiView.map(\.name))
        let members = kind.properties.map(\.name).filter { !shared.contains($0) } + kind.events.map(\.name) + kind.settings.map(\.name)
        for member in members {
            #expect(blocks.contains { $0.text.contains("\(member):") || $0.text.contains(".\(member)") },
                    "no example of a \(kind.name) uses '\(member)'")
        }
        let verbs = kind.verbs.map(\.name)
        for verb in verbs {
            #expect(blocks.contains { $0.text.contains("- \(verb): ") }, "no example of a \(kind.name) uses the gesture '\(verb):'")
        }
    }

    @Test func uiViewPropertiesHaveAPlayedExample() {
        let examples = DocExample.all().filter { !$0.invalid && !$0.fragment }
        for property in ComponentProperty.uiView {
            #expect(examples.contains { $0.text.contains("\(property.name): ") && $0.text.contains(".\(property.name): ") },
                    "no played example binds and expects '\(property.name)'")
        }
    }
}
