import SpecRuntime
import Testing
import TypedScreens

/// A spec whose names are Swift keywords (`Sources/TypedScreens/names/keywords.yaml`): each is a
/// member declared in backquotes and used with none after a dot, in the screen, its nested
/// types, its rows, its records, enums and services (docs/generated-code.md, "Names").
@Suite(.timeLimit(.minutes(5))) struct KeywordNamesTests {
    @Test func keywordsAreMembersOfEveryKind() async throws {
        let screen = try KeywordsScreen(default: 7)
        screen.start()
        #expect(screen.is == "/7/1")
        #expect(screen.marks == "*a, b")
        screen.open()
        #expect(screen.in == 2)
        #expect(screen.kind == .default)
        screen.rows.open(row: 2)
        #expect(screen.opened == [0, 1])
        #expect(screen.rows.value.map(\.is) == [false, true])
        #expect(screen.rows.value.map(\.var) == [0, 1])
        screen.class = "x"
        #expect(screen.is == "x/7/2")
        let item: KeywordsScreen.Item = screen.items[0]
        #expect(item.class == "a" && item.in)
        screen.services.api.default { arguments in arguments.where * 10 }
        screen.switch(3)
        _ = try await first(screen.values.in) { $0 == 30 }
        screen.stop()
    }

    @MainActor @Test func theModelFlattensAKeywordWithoutBackquotes() throws {
        let model = try KeywordsModel(default: 1)
        model.start()
        model.rowsOpen(row: 1)
        #expect(model.opened == [1, 0])
        #expect(model.returnEnabled)
        model.stop()
    }
}
