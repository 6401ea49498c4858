import ScreenSpec
import SpecRuntime
import Testing

/// `equivalentMutants:` is read and checked like every other section: located diagnostics for
/// each malformed entry, never a crash.
@Suite("Equivalent-mutant marks")
struct EquivalentMutantsTests {
    private let head = """
        screen: S
        inputs:
          n: { type: Int, default: 0 }
        outputs:
          big: n > 3

        """

    private func diagnostics(_ marks: String) -> [String] {
        SpecLoader.load(text: head + marks, path: "s.yaml").diagnostics.map(\.description)
    }

    @Test func aWellFormedMarkLoads() {
        let loaded = SpecLoader.load(text: head + """
            equivalentMutants:
              - in: big
                change: "n > 3 -> n >= 3"
                reason: "any reason"
            """, path: "s.yaml")
        #expect(loaded.spec != nil && loaded.diagnostics.isEmpty)
    }

    @Test func malformedMarksAreLocated() {
        #expect(diagnostics("equivalentMutants: big\n") == ["s.yaml:6:20: error: 'equivalentMutants' must be a list ('- ...' items), found a scalar"])
        #expect(diagnostics("equivalentMutants:\n  - in: big\n    change: \"x\"\n") == [
            "s.yaml:7:5: error: an equivalent mutant needs 'in:' (the declaration), 'change:' (as 'specrun mutate' prints it) and 'reason:' (why no scenario can tell it apart)",
        ])
        #expect(diagnostics("equivalentMutants:\n  - { in: big, change: \"\", reason: r }\n") == [
            "s.yaml:7:24: error: 'change:' must be non-empty text, found empty text",
        ])
        #expect(diagnostics("equivalentMutants:\n  - { in: big, change: c, reason: r, why: w }\n") == [
            "s.yaml:7:38: error: unknown key 'why' in an equivalent mutant",
        ])
        #expect(diagnostics("equivalentMutants:\n  - { in: [big], change: c, reason: r }\n") == [
            "s.yaml:7:11: error: expected a declaration name, found a list",
        ])
    }
}
