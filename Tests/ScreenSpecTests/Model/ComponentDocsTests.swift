@testable import ScreenSpec
import SpecTesting
import Testing

/// Every component kind, property, event, setting and gesture appears in a complete example of
/// the docs, which DocExamplesTests plays: the catalogue cannot grow undocumented.
@Suite("Component catalogue in the docs")
struct ComponentDocsTests {
    @Test(arguments: ComponentKind.allCases)
    func everyMemberHasAPlayedExample(_ kind: ComponentKind) {
        let examples = DocExample.all().filter { !$0.invalid && !$0.fragment }
        // Blocks that declare a component of this kind, as '{ kind: ...' or 'name: kind'.
        let blocks = examples.filter { $0.text.contains("{ \(kind.rawValue): ") || $0.text.contains("\n    \(kind.rawValue):") || $0.text.contains(": \(kind.rawValue)\n") }
        #expect(!blocks.isEmpty, "no example declares a \(kind.rawValue)")
        let members = ComponentCatalog.properties(kind).map(\.name) + ComponentCatalog.events(kind).map(\.name) + ComponentCatalog.settings(kind)
        for member in members {
            #expect(blocks.contains { $0.text.contains("\(member):") || $0.text.contains(".\(member)") },
                    "no example of a \(kind.rawValue) uses '\(member)'")
        }
        let verbs = Set(ComponentCatalog.properties(kind).compactMap(\.verb) + ComponentCatalog.events(kind).compactMap(\.verb))
        for verb in verbs {
            #expect(blocks.contains { $0.text.contains("- \(verb): ") }, "no example of a \(kind.rawValue) uses the gesture '\(verb):'")
        }
    }
}
